import Foundation
import Testing
import TestSupport

/// A field's `validate` entry checked by a program (spec §6 1.2), through the built
/// binary: the answer is valid when the program exits 0; only with `--trust`; stubbed
/// in flow tests; a secret answer reaches the program but nothing shown holds it.
@Suite struct ProgramCheckTests {
    static let flow = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields:
          - id: name
            validate:
              - run: { command: [sh, -c, 'test ! -e "$1"', sh, "{{ name }}"], timeout: 1 }
                message: "{{ name }} exists already."
          - id: pin
            type: secret
            validate:
              - run: { command: [sh, -c, 'echo "checking $PIN" >&2; case "$PIN" in 2???) exit 0;; esac; exit 1'], env: { PIN: "{{ pin }}" } }
                message: "{{ pin }} is not the PIN."
          - id: slow
            validate: [{ run: { command: [sh, -c, 'test "$1" = quick || sleep 5', sh, "{{ slow }}"], timeout: 0.5 } }]
        actions: [quit]
    """

    static func run(_ input: String, arguments: [String] = []) throws -> (ProcessRunner.Outcome, URL) {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try "".write(to: directory.appendingPathComponent("taken"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "--trust", "--output", "yaml"] + arguments + ["f.yaml"], stdin: input, directory: directory)
        return (outcome, directory)
    }

    @Test func theAnswerIsTakenWhenTheProgramExitsZero() throws {
        let (outcome, _) = try Self.run("taken\nfree\n2468\nquick\nquit\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("taken exists already."), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("name: free"), "\(outcome.stdout)")
    }

    @Test func aSecretAnswerIsMaskedInTheProgramsStderrTheMessageTheTranscriptAndTheState() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let transcript = directory.appendingPathComponent("t.jsonl"), state = directory.appendingPathComponent("s.json")
        let (outcome, _) = try Self.run("free\n13579\n2468\nquick\nquit\n", arguments: ["--transcript", transcript.path, "--state", state.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("checking ******"), "the program's stderr, the secret masked: \(outcome.stderr)")
        #expect(outcome.stderr.contains("****** is not the PIN."), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("13579") && !outcome.stderr.contains("2468"), "\(outcome.stderr)")
        for file in [transcript, state] {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("13579") && !text.contains("2468"), "\(file.lastPathComponent): \(text)")
        }
    }

    @Test func aCheckThatTimesOutRefusesTheAnswerWithItsOwnMessage() throws {
        let (outcome, _) = try Self.run("free\n2468\nslowly\nquick\nquit\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("The answer could not be checked: 'sh' timed out."), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("slow: quick"), "\(outcome.stdout)")
    }

    @Test func withoutTrustTheRunRefusesAndNamesEachCheckAtItsPosition() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "x\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("starts only with --trust"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"f.yaml:9:18: sh -c 'test ! -e "$1"' sh '{{ name }}' (checks the answer to 'name')"#), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("f.yaml:14:18: sh -c"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("f.yaml:17:27: sh -c"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func anInvalidPresetAnswerStopsARunThatIsNotInteractive() throws {
        let (outcome, _) = try Self.run("", arguments: ["--set", "name=taken", "--defaults"])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("taken exists already."), "\(outcome.stderr)")
    }

    @Test func aFlowTestStubsTheCheck() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        commands:
          - { command: [sh, -c, 'test ! -e "$1"', sh, taken], exit_code: 1 }
          - { command: [sh, -c, 'test ! -e "$1"', sh, free] }
          - { command: [sh, -c, 'echo "checking $PIN" >&2; case "$PIN" in 2???) exit 0;; esac; exit 1'] }
          - { command: [sh, -c, 'test "$1" = quick || sleep 5', sh, slowly], timed_out: true }
          - { command: [sh, -c, 'test "$1" = quick || sleep 5', sh, quick] }
        cases:
          - name: checks answered by stubs
            input: [taken, free, "1234", slowly, quick, quit]
            expect:
              values: { app: { name: free, slow: quick } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml", "--format", "json"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("taken exists already."), "the refused lines are reported: \(outcome.stdout)")
        #expect(outcome.stdout.contains("'sh' timed out"), "\(outcome.stdout)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("taken").path))
    }

    /// In the terminal, a refused answer's message shows under its field, which is asked
    /// again, and the checking program's stderr stays above the form.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the pty driver needs it"))
    func theTerminalShowsTheRefusalAndAsksAgain() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - id: name
                validate:
                  - run: { command: [sh, -c, 'echo "looking for $1" >&2; test "$1" != taken', sh, "{{ name }}"], label: Looking }
                    message: "{{ name }} exists already."
            actions: [{ id: quit, key: q }]
        """
        let screen = try PtyDriver.drive([.expect("Name"), .send("taken\r"), .expect("taken exists already."), .send("\u{15}free\r"),
                                          .expect("Quit"), .send("q")],
                                         flow: flow, arguments: ["--trust"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.screen.contains("looking for taken"), "\(screen.screen)")
        #expect(screen.terminal_restored)
    }
}
