import Foundation
import Testing
import TestSupport

/// `run` steps through the built binary (spec §7 1.1, cli.md `--trust`): real programs,
/// started without a shell, stderr shown, stdout captured, timeouts that kill the whole
/// process group, and secrets that reach the program only through its environment.
@Suite struct TrustedCommandTests {
    /// A flow whose one action runs `command` (YAML flow-sequence items) into `out`, then
    /// says what came back.
    static func flow(_ command: String, extra: String = "") -> String {
        """
        version: 1
        flow: app
        start: s
        variables: { out: {} }
        screens:
          s:
            fields: [{ id: token, type: secret }]
            actions: [go, quit]
            on:
              go:
                run: { command: [\(command)], into: out\(extra) }
                say: "exit={{ out.exit_code }} timed_out={{ out.timed_out }} bytes={{ size(out.stdout) }}"
        """
    }

    /// Runs the flow with `--trust`: answers the secret, chooses `go`, then `quit`.
    static func run(_ flow: String, arguments: [String] = [], timeout: TimeInterval = 60) throws -> (ProcessRunner.Outcome, URL) {
        let directory = try FlowrunProcess.folder(holding: flow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "--output", "yaml"] + arguments + ["f.yaml"],
                                             stdin: "hunter2\ngo\nquit\n", directory: directory, timeout: timeout)
        return (outcome, directory)
    }

    @Test(arguments: [
        ("true", "exit=0 timed_out=false bytes=0"),
        ("\"false\"", "exit=1 timed_out=false bytes=0"),
        ("sh, -c, 'exit 7'", "exit=7 timed_out=false bytes=0"),
        ("sh, -c, 'printf hello'", "exit=0 timed_out=false bytes=5"),
    ])
    func aProgramsExitCodeAndStdoutLandInInto(command: String, said: String) throws {
        let (outcome, _) = try Self.run(Self.flow(command))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(said), "\(outcome.stderr)")
    }

    /// Spec §7: a branch's steps run `run`, `set`, `post`, `say`, then the transition, so
    /// `set` reads what the program wrote `into`, and the message and the observer see both.
    @Test func setReadsWhatTheProgramWroteIntoAndTheMessageSeesBoth() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { out: {}, version: "", tagged: "" }
        observe:
          released: { set: { tagged: '"observed " + version' } }
        screens:
          s:
            actions: [release, quit]
            on:
              release:
                run: { command: [sh, -c, 'printf " v1.2.3\\n"'], into: out }
                set: { version: out.stdout.trim() }
                post: released
                say: "version={{ version }} exit={{ out.exit_code }} {{ tagged }}"
        """)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "release\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("version=v1.2.3 exit=0 observed v1.2.3"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("not assigned"), "\(outcome.stderr)")
    }

    /// cli.md 1.2: an answer holding U+0000 is refused, typed or preset, so that
    /// `rm -rf "{{ name }}/build"` is never given `proj` cut at the NUL; a value from
    /// elsewhere that holds one fails its command with 126 instead of being cut.
    static let nulFlow = """
    version: 1
    flow: app
    start: s
    variables: { out: {}, literal: "proj\\0x" }
    screens:
      s:
        fields: [{ id: name }]
        actions: [go, literal, quit]
        on:
          go:
            run: { command: [printf, "%s|", "{{ name }}/build"], into: out }
            say: "exit={{ out.exit_code }} stdout={{ out.stdout }}"
          literal:
            run: { command: [printf, "%s|", "{{ literal }}/build"], env: { NAME: "{{ literal }}" }, into: out }
            say: "exit={{ out.exit_code }} stdout={{ out.stdout }}"
    """

    @Test func aTypedAnswerHoldingNULIsRefusedAndTheNextLineAnswers() throws {
        let directory = try FlowrunProcess.folder(holding: Self.nulFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "proj\u{0}x\nproj\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("The answer holds a NUL character (U+0000), which no answer may hold."), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("exit=0 stdout=proj/build|"), "\(outcome.stderr)")
    }

    @Test func aPresetAnswerHoldingNULIsRefused() throws {
        let directory = try FlowrunProcess.folder(holding: Self.nulFlow)
        try #"name: "proj\0x""#.write(to: directory.appendingPathComponent("answers.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml", "--answers", "answers.yaml"], stdin: "go\nquit\n", directory: directory)
        #expect(outcome.stderr.contains("The answer holds a NUL character (U+0000), which no answer may hold."), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("stdout=proj"), "the program never ran with the answer: \(outcome.stderr)")
    }

    @Test func aValueFromElsewhereHoldingNULFailsItsCommandWith126() throws {
        let directory = try FlowrunProcess.folder(holding: Self.nulFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "proj\nliteral\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("exit=126 stdout="), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("argument 2 holds a NUL character (U+0000), which would cut it"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("proj/build|"), "never run cut: \(outcome.stderr)")
    }

    /// An `env` value that cannot be rendered is not left out (the program would run
    /// without it): the command is refused with 126, as for a NUL; one that builds a value
    /// past the limits stops the run before the program starts.
    static let failingEnvironmentFlow = """
    version: 1
    flow: app
    start: s
    variables: { out: {}, settings: {} }
    computed:
    \((0...22).map { $0 == 0 ? "  c0: \"'abcdefgh'\"" : "  c\($0): \"c\($0 - 1) + c\($0 - 1)\"" }.joined(separator: "\n"))
    screens:
      s:
        actions: [missing, big, quit]
        on:
          missing:
            run: { command: [touch, missing-ran], env: { DEST: "{{ settings.dest }}" }, into: out }
            say: "exit={{ out.exit_code }}"
          big:
            run: { command: [touch, big-ran], env: { BIG: "{{ c22 }}" }, into: out }
    """

    @Test func anEnvironmentValueThatFailsRefusesItsCommand() throws {
        let directory = try FlowrunProcess.folder(holding: Self.failingEnvironmentFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "missing\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("exit=126"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("'touch' was not run: the value of DEST could not be rendered"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing-ran").path))
    }

    @Test func anEnvironmentValuePastTheLimitsStopsTheRunBeforeItsProgram() throws {
        let directory = try FlowrunProcess.folder(holding: Self.failingEnvironmentFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "big\nquit\n", directory: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("larger than 16 MiB of text"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("big-ran").path), "the program started")
    }

    /// cli.md 1.2: a program's stderr has no provenance, so a secret it was given is
    /// masked there by its text; a secret shorter than 4 characters hides the stderr.
    static let echoingFlow = """
    version: 1
    flow: app
    start: s
    variables: { out: {} }
    screens:
      s:
        fields: [{ id: token, type: secret }]
        actions: [go, quit]
        on:
          go:
            run: { command: [sh, -c, 'printf "got %s and %s\\nlast %s" "$TOKEN" "$TOKEN" "$TOKEN" >&2'], env: { TOKEN: "{{ token }}" }, into: out }
            say: "exit={{ out.exit_code }}"
    """

    @Test func aSecretThatAProgramWritesOnStderrIsMasked() throws {
        let directory = try FlowrunProcess.folder(holding: Self.echoingFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "hunter2\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("got ****** and ******\nlast ******\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter2"), "\(outcome.stderr)")
    }

    @Test func aProgramGivenAShortSecretHasItsStderrHidden() throws {
        let directory = try FlowrunProcess.folder(holding: Self.echoingFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "4711\ngo\nquit\n", directory: directory)
        #expect(outcome.stderr.contains("got ****** and ******"), "4 characters are masked: \(outcome.stderr)")
        let short = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "471\ngo\nquit\n", directory: directory)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(!short.stderr.contains("got ******") && !short.stderr.contains("471"), "\(short.stderr)")
        #expect(short.stderr.contains("(sh: its stderr is not shown: it was given a secret shorter than 4 characters, which masking would reveal.)"),
                "\(short.stderr)")
        #expect(short.stderr.contains("exit=******"), "the run goes on: \(short.stderr)")
    }

    /// The secret itself is masked, not only the text composed from it: a program given
    /// `alice:1234` (through a computed value) that prints the PIN alone shows the mask,
    /// and a PIN shorter than 4 characters hides the stderr however long the text is.
    static let composedSecretFlow = #"""
    version: 1
    flow: app
    start: s
    variables: { out: {}, user: alice }
    computed:
      auth: "user + ':' + pin"
      note: 'pin + "\r\n" + pin'
    screens:
      s:
        fields: [{ id: pin, type: secret }]
        actions: [go, note, quit]
        on:
          go:
            run: { command: [sh, -c, 'echo "$AUTH" | cut -d: -f2 >&2'], env: { AUTH: "{{ auth }}" }, into: out }
          note:
            run: { command: [sh, -c, 'printf "%s\n" "$NOTE" >&2'], env: { NOTE: "{{ note }}" }, into: out }
    """#

    @Test func aSecretReadInsideAComposedValueIsMaskedAlone() throws {
        let directory = try FlowrunProcess.folder(holding: Self.composedSecretFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "1234\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\n******\n") && !outcome.stderr.contains("1234"), "\(outcome.stderr)")
        let short = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "12\ngo\nquit\n", directory: directory)
        #expect(short.stderr.contains("it was given a secret shorter than 4 characters"), "\(short.stderr)")
        #expect(!short.stderr.contains("\n12\n"), "\(short.stderr)")
    }

    /// A secret holding CRLF (one Character, `\r\n`) spans lines: the stderr is hidden.
    @Test func aSecretHoldingCRLFHidesTheStderr() throws {
        let directory = try FlowrunProcess.folder(holding: Self.composedSecretFlow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "56789\nnote\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("it was given a secret that holds a line break"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("5678"), "\(outcome.stderr)")
    }

    /// Secrets that overlap in what the program prints are both masked whole.
    @Test func overlappingSecretsAreMaskedWhole() throws {
        let directory = try FlowrunProcess.folder(holding: """
            version: 1
            flow: app
            start: s
            variables: { out: {} }
            screens:
              s:
                fields: [{ id: a, type: secret }, { id: b, type: secret }]
                actions: [go, quit]
                on:
                  go:
                    run: { command: [sh, -c, 'printf "[%s%s]\\n" "$A" "${B#def}" >&2'], env: { A: "{{ a }}", B: "{{ b }}" }, into: out }
            """)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "abcdef\ndefghi\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[******]\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("ghi]"), "\(outcome.stderr)")
    }

    /// A stderr without line breaks is read in linear time: each chunk is searched for a
    /// line break once, not the whole of what is pending.
    @Test func aLongStderrWithoutLineBreaksIsReadInLinearTime() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow("sh, -c, 'head -c 16777216 /dev/zero | tr \"\\\\0\" x >&2'"))
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "hunter2\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains(String(repeating: "x", count: 1000)))
        // About 3 s in a debug build; read in quadratic time, twice as much took over 60.
        #expect(clock.now - started < .seconds(10))
    }

    /// A line too long to hold is shown in pieces, and no piece ends inside a secret: the
    /// secret is written every 12 bytes for 3 MB, so a cut anywhere would split some.
    @Test func aLongLineOfStderrIsShownInPiecesWithEverySecretMaskedWhole() throws {
        let command = #"sh, -c, 'yes "${TOKEN}xxxxx" | tr -d "\\n" | head -c 3000000 >&2'"#
        let directory = try FlowrunProcess.folder(holding: Self.flow(command, extra: #", env: { TOKEN: "{{ token }}" }"#))
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml"], stdin: "hunter2\ngo\nquit\n", directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("******xxxxx******xxxxx"))
        let secret = Array("hunter2")
        for start in 0...(secret.count - 4) {
            let part = String(secret[start..<start + 4])
            #expect(!outcome.stderr.contains(part), "a piece of the secret shows: \(part)")
        }
        let longest = outcome.stderr.split(separator: "\n").map(\.utf8.count).max() ?? 0
        #expect(longest <= 1 << 21, "shown in pieces, not held whole: \(longest) bytes")
    }

    @Test func stderrIsShownAsItComesWithControlCharactersMadeHarmless() throws {
        let (outcome, _) = try Self.run(Self.flow(#"sh, -c, 'printf "warn \033[31mred\n" >&2'"#))
        #expect(outcome.stderr.contains(#"warn \u{1b}[31mred"# + "\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("\u{1B}[31m"))
    }

    @Test func stdoutIsKeptUpToOneMebibyteAndTheRestIsCutWithAWarning() throws {
        let (outcome, _) = try Self.run(Self.flow("sh, -c, 'head -c 2097152 /dev/zero | tr \"\\\\0\" x'"))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("exit=0 timed_out=false bytes=1048576"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("wrote more than 1 MiB on stdout; the rest was cut"))
    }

    @Test func aTimeoutKillsTheProgramAndEverythingItStarted() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let pidFile = directory.appendingPathComponent("child.pid").path
        // The shell starts a sleeping child and waits for it: both must be gone after the timeout.
        let flow = Self.flow("sh, -c, 'sleep 30 & echo $! > \(pidFile); wait'", extra: ", timeout: 1")
        let started = Date()
        let (outcome, _) = try Self.run(flow)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(outcome.stderr.contains("exit=137 timed_out=true"), "\(outcome.stderr)")
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.isGoneOrDefunct(pid), "the sleeping child \(pid) outlived the timeout")
    }

    /// Whether a process has ended: no longer there, or a zombie waiting for its reaper.
    static func isGoneOrDefunct(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    @Test func aProgramThatCannotBeFoundOrStartedGetsAShellsExitCode() throws {
        let (missing, _) = try Self.run(Self.flow("no-such-program-anywhere"))
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("exit=127"), "\(missing.stderr)")
        #expect(missing.stderr.contains("'no-such-program-anywhere' was not run"))
        let directory = try FlowrunProcess.temporaryDirectory()
        let script = directory.appendingPathComponent("not-executable.sh")
        try "echo hi\n".write(to: script, atomically: true, encoding: .utf8)
        let (denied, _) = try Self.run(Self.flow(script.path))
        #expect(denied.stderr.contains("exit=126"), "\(denied.stderr)")
    }

    @Test func aSecretGivenThroughTheEnvironmentStaysOutOfArgvTranscriptAndState() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let seen = directory.appendingPathComponent("seen").path
        // The program records its own argv and the length of the secret it was given.
        let flow = Self.flow(#"sh, -c, 'tr "\0" " " < /proc/$$/cmdline > \#(seen); printf "%s" "$TOKEN" | wc -c >> \#(seen)'"#,
                             extra: ", env: { TOKEN: \"{{ token }}\" }")
        let (outcome, folder) = try Self.run(flow, arguments: ["--transcript", directory.appendingPathComponent("t.jsonl").path,
                                                               "--state", directory.appendingPathComponent("state.json").path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let recorded = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(recorded.hasSuffix("7\n"), "the program got the 7-character secret: \(recorded)")
        #expect(!recorded.contains("hunter2"), "the secret is not in the program's argv")
        for file in ["t.jsonl", "state.json"] {
            let text = try String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8)
            #expect(!text.contains("hunter2"), "\(file)")
        }
        #expect(!outcome.stderr.contains("hunter2"))
        _ = folder
    }

    /// The refusal lists each program as a shell would read it back: an argument with a
    /// space, a quote or nothing in it is quoted, so the list shows how many there are.
    @Test func withoutTrustTheRunRefusesAndNamesEveryProgram() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow(#"touch, made-by-flow, "Release {{ token }}", "", "it's""#, extra: ""))
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "x\ngo\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("starts only with --trust"))
        #expect(outcome.stderr.contains("f.yaml:11:"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"touch made-by-flow 'Release {{ token }}' '' 'it'\''s'"#), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("made-by-flow").path))
        #expect(outcome.stdout.isEmpty, "a run that never started prints no result")
    }

    /// A screen whose action `go` (key g) runs `sh -c SCRIPT` with `label`, then says its exit code.
    private static func running(script: String, label: String) -> String {
        """
        version: 1
        flow: app
        start: s
        variables: { out: {} }
        screens:
          s:
            actions: [{ id: go, key: g }, { id: quit, key: q }]
            on:
              go:
                run: { command: [sh, -c, '\(script)'], into: out, label: "\(label)" }
                say: "done: {{ out.exit_code }}"
        """
    }

    /// In the terminal, a spinner with the step's label turns while the program runs, and
    /// the program's stderr appears above it; both are gone when the form comes back.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the pty driver needs it"))
    func theTerminalShowsASpinnerWithTheLabelWhileTheProgramRuns() throws {
        let flow = Self.running(script: "echo working >&2; sleep 1", label: "Deploying the {{ 'web' }} tier")
        let screen = try PtyDriver.drive([.expect("Go"), .send("g"), .expect("Deploying the web tier"), .expect("done: 0"), .send("q")],
                                         flow: flow, arguments: ["--trust"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.screen.contains("working"), "\(screen.screen)")
        #expect(["⠋", "⠙", "⠹"].contains { screen.screen.contains($0 + " Deploying the web tier") }, "a spinner frame: \(screen.screen)")
        #expect(screen.terminal_restored)
    }

    /// Ctrl-C while the program runs (the form reads no keys then) stops the run and the
    /// program, as it does in plain mode.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the pty driver needs it"))
    func controlCWhileTheProgramRunsStopsTheRunAndTheProgram() throws {
        let flow = Self.running(script: "echo started >&2; sleep 30", label: "Waiting")
        let started = Date()
        let screen = try PtyDriver.drive([.expect("Go"), .send("g"), .expect("started"), .wait(300), .send("\u{3}"), .expect("interrupted")],
                                         flow: flow, arguments: ["--trust"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.status == 130, "\(screen.screen)")
        #expect(!screen.screen.contains("done:"), "\(screen.screen)")
        #expect(Date().timeIntervalSince(started) < 20, "the program was not waited for")
        #expect(screen.terminal_restored)
    }
}

/// `Flows/scaffold.sh`, the README's example of a script consuming `--output env`: it
/// runs the questionnaire, `eval`s the result and checks `FLOWRUN_STATUS`; it saves the
/// answers with `--save-answers`, and a second run replays them without asking.
@Suite struct ScaffoldScriptTests {
    static let script = Fixtures.packageRoot.appendingPathComponent("Flows/scaffold.sh").path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func theScriptCreatesTheProjectAndReadsTheAnswers() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let outcome = try ProcessRunner.run(Self.script, [], stdin: "my-tool\n2\nswift,go\nreview\ncreate\n", directory: directory,
                                            environment: ["FLOWRUN": FlowrunProcess.executable.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "Created my-tool: package my_tool, license Apache-2.0, in swift + go.\n")
        let readme = try String(contentsOf: directory.appendingPathComponent("my-tool/README.md"), encoding: .utf8)
        #expect(readme == "# my-tool\n\nPackage my_tool. License: Apache-2.0.\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("my-tool/.git").path))
        let answers = try String(contentsOf: directory.appendingPathComponent("scaffold-answers.yaml"), encoding: .utf8)
        #expect(answers == "project.name: my-tool\nproject.license: Apache-2.0\nproject.languages:\n  - swift\n  - go\n")

        // The second run asks nothing: stdin is empty, and the same project is made again.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("my-tool"))
        let again = try ProcessRunner.run(Self.script, [], stdin: "", directory: directory, environment: ["FLOWRUN": FlowrunProcess.executable.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == outcome.stdout)
        #expect(try String(contentsOf: directory.appendingPathComponent("my-tool/README.md"), encoding: .utf8) == readme)
    }

    @Test func aRunThatDoesNotFinishCreatesNothingAndFails() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let outcome = try ProcessRunner.run(Self.script, [], stdin: "my-tool\n\nrust\nquit\n", directory: directory,
                                            environment: ["FLOWRUN": FlowrunProcess.executable.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("No project created: the run ended cancelled (exit 0)."), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("my-tool").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("scaffold-answers.yaml").path),
                "no answers to replay a run that did not finish")
    }
}
