import Foundation
import Testing
import TestSupport

/// `flowrun validate`, run as a user runs it: the built binary, real files, exit codes.
@Suite struct ValidateCommandTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")

    /// Writes fixtures (cleaned of markers) into a fresh folder and returns it.
    private func folder(with fixtures: [String]) throws -> URL {
        let directory = try FlowrunProcess.temporaryDirectory()
        for name in fixtures {
            _ = try AnnotatedFixture.load(name).writeCleaned(to: directory)
        }
        return directory
    }

    private func write(_ bytes: [UInt8], named name: String, in directory: URL) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    @Test func exampleFlowsValidateCleanly() throws {
        let outcome = try FlowrunProcess.run(["validate", flows.path])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("0 errors, 0 warnings in 6 files\n"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func anEnvOutputNameTheFlowReadsIsAWarning() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: release
        start: s
        env: [RELEASE_REPO]
        computed: { repo: "env.RELEASE_REPO" }
        screens: { s: { actions: [quit] } }
        """)
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("warning: --output env writes 'release.repo' as RELEASE_REPO, an environment variable the flow reads"),
                "\(outcome.stdout)")
        #expect(outcome.stdout.contains("[env-name-clash]"), "\(outcome.stdout)")
    }

    /// An unquoted expression with a bracket in a flow mapping is not YAML, yet the author
    /// is told of the expression, once, at the bracket, and how to quote it.
    @Test func anExpressionCutAtABracketIsReportedAsOneExpressionError() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { l: [1, 2], r: 0 }
        screens:
          s:
            actions: [go, quit]
            on:
              go: { set: { r: l[0] }, finish: true }
        """)
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == """
            f.yaml:9:24: error: the flow mapping split the expression 'l[0]' here: in YAML's flow style a '[' cannot be part of an unquoted value [expression-syntax]
                9 |       go: { set: { r: l[0] }, finish: true }
                  |                        ^
            f.yaml:9:24: note: quote the whole expression: 'l[0]'
            1 error, 0 warnings in 1 file

            """, "\(outcome.stdout)")
    }

    @Test func errorsGiveExitCodeOneAndTheClangShape() throws {
        let directory = try folder(with: ["duplicate-keys.yaml", "report-mix.yaml"])
        let outcome = try FlowrunProcess.run(["validate", "duplicate-keys.yaml", "report-mix.yaml"], directory: directory)
        #expect(outcome.status == 1)
        #expect(try Golden.matches(outcome.stdout, "validate-errors.txt"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func diagnosticsPointAtTheMarkedPositions() throws {
        let fixture = try AnnotatedFixture.load("report-mix.yaml")
        let directory = try folder(with: ["report-mix.yaml"])
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", "report-mix.yaml"], directory: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let found = diagnostics.map { "\($0["code"] ?? "")@\($0["line"] ?? 0):\($0["column"] ?? 0)" }
        let expected = fixture.markers.filter { !$0.label.hasSuffix("note") }.map { "\($0.label)@\($0.line):\($0.column)" }
        #expect(found.sorted() == expected.sorted())
        let note = try #require((diagnostics.first { $0["line"] as? Int == 5 }?["notes"] as? [[String: Any]])?.first)
        let marker = try fixture.marker("note")
        #expect(note["line"] as? Int == marker.line && note["column"] as? Int == marker.column)
    }

    @Test func jsonReportHasTheShapeOfCliMd() throws {
        let directory = try folder(with: ["duplicate-keys.yaml"])
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", "."], directory: directory)
        #expect(outcome.status == 1)
        #expect(try Golden.matches(outcome.stdout, "validate-errors.json"), "\(outcome.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["files"] as? [String] == ["./duplicate-keys.yaml"])
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary == ["errors": 2, "warnings": 0, "files": 1])
        let first = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        for key in ["file", "line", "column", "severity", "code", "message", "notes"] {
            #expect(first[key] != nil, "missing \(key)")
        }
    }

    @Test func foldersAreSearchedForFlowFilesOnly() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let nested = directory.appendingPathComponent("nested/deeper")
        let hidden = directory.appendingPathComponent(".hidden")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        let valid = Array("version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n".utf8)
        try write(valid, named: "a.yaml", in: directory)
        try write(valid, named: "b.yml", in: nested)
        try write(valid, named: "c.flowtest.yaml", in: directory)
        try write(valid, named: "notes.txt", in: directory)
        try write(valid, named: "d.yaml", in: hidden)
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", "."], directory: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["files"] as? [String] == ["./a.yaml", "./nested/deeper/b.yml"])
        #expect(outcome.status == 0)
    }

    /// Two includes of one file clash where they are written, with a note at the file.
    @Test func aFlowIncludedTwiceIsReportedAtItsTwoIncludes() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let main = """
        version: 1
        flow: app
        start: home
        screens:
          home: { actions: [a, b, quit], on: { a: { push: left }, b: { push: right } } }
        flows:
          left:
            start: login
            flows:
              login: { include: login.yaml }
          right:
            start: login
            flows:
              login: { include: login.yaml }
        """
        let login = "version: 1\nflow: login\nstart: form\nscreens:\n  form: { actions: [quit] }\n"
        try write(Array(main.utf8), named: "main.yaml", in: directory)
        try write(Array(login.utf8), named: "login.yaml", in: directory)
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", "main.yaml"], directory: directory)
        #expect(outcome.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let clash = try #require(diagnostics.first)
        #expect(clash["code"] as? String == "duplicate-id")
        #expect("\(clash["file"] ?? "")@\(clash["line"] ?? 0):\(clash["column"] ?? 0)" == "main.yaml@14:7")
        let notes = (clash["notes"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "")@\($0["line"] ?? 0):\($0["column"] ?? 0)" }
        #expect(notes == ["main.yaml@10:7", "login.yaml@2:7"])
    }

    /// A file another file uses is checked as part of its user (spec §3 1.1): its own
    /// mistakes once, at its own positions, and not again as a flow of its own, where
    /// its params have no values and its actions no handlers.
    @Test func aUsedFileIsCheckedOnceAsPartOfItsUser() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try """
        version: 1
        flow: app
        start: home
        on: { cancel: { say: Cancelled. } }
        flows:
          first: { use: confirm.yaml, with: { question: '"One?"' } }
          second: { use: confirm.yaml, with: { question: '"Two?"' } }
        screens:
          home:
            actions: [first, second, quit]
            on: { first: { push: first }, second: { push: second } }
        """.write(to: directory.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        // `cancel` is handled by app only; `{{ qestion }}` and `nosuch` are mistakes of the
        // file itself, and the second one's message names the flow it was found in.
        try """
        version: 1
        flow: confirm
        start: ask
        params: { question: null }
        screens:
          ask:
            text: "{{ qestion }}"
            actions: [cancel, redo, back]
            on: { redo: { set: { nosuch: 1 } } }
        """.write(to: directory.appendingPathComponent("confirm.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["validate", "."], directory: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.components(separatedBy: "[unknown-name]").count == 3, "each reported once: \(outcome.stdout)")
        #expect(outcome.stdout.contains("./confirm.yaml:7:15: error: unknown name 'qestion'"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("./confirm.yaml:9:26: error: flow 'first' has no variable or field 'nosuch'"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("unhandled-action"), "not checked as a root of its own: \(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("2 errors, 0 warnings in 1 file\n"), "\(outcome.stdout)")
        // Given alone, it is a root, and says what only a user would supply.
        let alone = try FlowrunProcess.run(["validate", "confirm.yaml"], directory: directory)
        #expect(alone.stdout.contains("unhandled-action"), "\(alone.stdout)")
    }

    @Test func usesThatMultiplyStopAtTheFlowLimit() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        // Each level uses the next twice: 2^20 flows, were they all made.
        for level in 0..<20 {
            let next = "level\(level + 1).yaml"
            try """
            version: 1
            flow: level\(level)
            start: s
            flows:
              a: { use: \(next) }
              b: { use: \(next) }
            screens:
              s:
                actions: [a, b, quit]
                on: { a: { push: a }, b: { push: b } }
            """.write(to: directory.appendingPathComponent("level\(level).yaml"), atomically: true, encoding: .utf8)
        }
        try "version: 1\nflow: leaf\nstart: s\nscreens: { s: { actions: [back] } }\n"
            .write(to: directory.appendingPathComponent("level20.yaml"), atomically: true, encoding: .utf8)
        let started = Date()
        let outcome = try FlowrunProcess.run(["validate", "level0.yaml"], directory: directory)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("[too-many-flows]"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("more than 10000 flows"))
    }

    @Test func anUnreadablePathGivesExitCodeTwo() throws {
        let directory = try folder(with: ["duplicate-keys.yaml"])
        let outcome = try FlowrunProcess.run(["validate", "missing.yaml"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "flowrun: error: cannot read 'missing.yaml': No such file or directory\n")
        #expect(outcome.stdout == "0 errors, 0 warnings in 0 files\n")
    }

    /// A file reached under several paths (a folder holding it, a link to it, another
    /// spelling of its path) is checked once, under the first path found.
    @Test func aFileFoundUnderSeveralPathsIsCheckedOnce() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let folder = directory.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "version: 1\nflow: app\nstart: home\nscreens:\n  home: { text: \"{{ nosuch }}\", actions: [quit] }\n"
            .write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.yaml").path, withDestinationPath: "a.yaml")
        let outcome = try FlowrunProcess.run(["validate", "flows", "./flows/a.yaml", "flows/../flows/b.yaml"], directory: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.components(separatedBy: "[unknown-name]").count == 2, "reported once: \(outcome.stdout)")
        #expect(outcome.stdout.contains("flows/a.yaml:5:"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("in 1 file\n"), "\(outcome.stdout)")
    }

    @Test func anUnreadablePathDoesNotStopTheOthers() throws {
        let outcome = try FlowrunProcess.run(["validate", "missing.yaml", flows.appendingPathComponent("signin.yaml").path,
                                              flows.appendingPathComponent("signin.yaml").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("cannot read 'missing.yaml'"))
        #expect(outcome.stdout.hasSuffix("0 errors, 0 warnings in 1 file\n"), "the readable file is checked, once")
    }

    /// Only regular `.yaml`/`.yml` files are read as flows (cli.md 1.2). A FIFO named
    /// `*.yaml` in a folder is unreadable (exit 2), never opened (which would wait for a
    /// writer for ever); so is one that an include names, or `/proc/self/environ`, which
    /// is reported at the include and never quoted. `validate`, `graph` and `run` each
    /// end at once; the walk goes on to the other files.
    @Test func onlyRegularYAMLFilesAreReadAsFlowsAndAFIFONeverHangs() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        #expect(mkfifo(directory.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        try write(Array("version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n".utf8), named: "ok.yaml", in: directory)
        let walked = try FlowrunProcess.run(["validate", "."], directory: directory, timeout: 10)
        #expect(walked.status == 2, "\(walked.stderr)")
        #expect(walked.stderr == "flowrun: error: cannot read './pipe.yaml': it is a FIFO, not a regular file\n")
        #expect(walked.stdout.hasSuffix("0 errors, 0 warnings in 1 file\n"), "\(walked.stdout)")
        let flow = """
            version: 1
            flow: app
            start: s
            flows:
              piped: { include: pipe.yaml }
              environment: { include: /proc/self/environ }
              used: { use: /proc/self/environ }
            screens: { s: { actions: [quit] } }
            """
        let sub = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        #expect(mkfifo(sub.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        try flow.write(to: sub.appendingPathComponent("main.yaml"), atomically: true, encoding: .utf8)
        for command in [["validate"], ["graph"], ["run"]] {
            let outcome = try FlowrunProcess.run(command + ["sub/main.yaml"], directory: directory,
                                                 environment: ["FLOWRUN_PROBE": "hunter2"], timeout: 10)
            #expect(outcome.status != 0 && outcome.status != 124, "\(command): \(outcome.stderr)")
            let text = outcome.stdout + outcome.stderr
            #expect(text.contains("cannot include 'pipe.yaml': it is a FIFO, not a regular file"), "\(command): \(text)")
            #expect(text.contains("cannot include '/proc/self/environ': it is a file of /proc, which holds no flow"), "\(command): \(text)")
            #expect(text.contains("cannot use '/proc/self/environ': it is a file of /proc, which holds no flow"), "\(command): \(text)")
            #expect(!text.contains("hunter2") && !text.contains("FLOWRUN_PROBE"), "the environment was read: \(text)")
        }
        // A path named on the command line may still be a pipe.
        let piped = try ProcessRunner.run("/bin/sh", ["-c", "exec \"$0\" validate /dev/stdin", FlowrunProcess.executable.path],
                                          stdin: Data("version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n".utf8), directory: directory, timeout: 10)
        #expect(piped.status == 0, "\(piped.stderr)")
    }

    /// GitHub attaches an annotation to a file of the change only under its path from the
    /// workspace: `./`, `sub/../` and absolute paths are written that way, in GitHub's
    /// annotations and SARIF's URIs alike, notes included.
    @Test func annotationsNameFilesFromTheWorkspace() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let sub = directory.appendingPathComponent("repo/sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try write(Array("version: 1\nflow: app\nstart: child\nflows:\n  child: { include: \"sub/../sub/child.yaml\" }\n".utf8),
                  named: "repo/main.yaml", in: directory)
        try write(Array("version: 1\nflow: child\nstart: s\nscreens:\n  s: { actions: [oops] }\n".utf8), named: "child.yaml", in: sub)
        let repo = directory.appendingPathComponent("repo")
        let walked = try FlowrunProcess.run(["validate", "--format", "github", "."], directory: repo)
        #expect(walked.stdout.hasPrefix("::error file=sub/child.yaml,line=5,"), "\(walked.stdout)")
        #expect(walked.stdout.contains("%0Asub/child.yaml:5:"), "a note's file: \(walked.stdout)")
        #expect(!walked.stdout.contains("./"), "\(walked.stdout)")
        let absolute = try FlowrunProcess.run(["validate", "--format", "github", repo.path + "/main.yaml"], directory: sub,
                                              environment: ["GITHUB_WORKSPACE": directory.path])
        #expect(absolute.stdout.hasPrefix("::error file=repo/sub/child.yaml,line=5,"), "\(absolute.stdout)")
        let sarif = try FlowrunProcess.run(["validate", "--format", "sarif", "./main.yaml"], directory: repo)
        #expect(sarif.stdout.contains(#""uri" : "sub/child.yaml""#), "\(sarif.stdout)")
        #expect(!sarif.stdout.contains("sub/../"), "\(sarif.stdout)")
        // A path outside the workspace is no file of the change: as given.
        let piped = try ProcessRunner.run("/bin/sh", ["-c", "exec \"$0\" validate --format github /dev/stdin", FlowrunProcess.executable.path],
                                          stdin: Data("version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [oops] } }\n".utf8),
                                          directory: repo, environment: ["GITHUB_WORKSPACE": repo.path])
        #expect(piped.stdout.hasPrefix("::error file=/dev/stdin,"), "\(piped.stdout)")
    }

    /// A link committed under a flow's name, named by a list of changed files, gets no
    /// other file read and quoted: not the environment, not a file of another name; nor
    /// does an answers file under such a link.
    @Test func aNamedLinkUnderAFlowsNameReadsNoOtherFile() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try write(Array("FLOWRUN_PROBE=hunter2\n".utf8), named: "notes.txt", in: directory)
        #expect(symlink("/proc/self/environ", directory.appendingPathComponent("changed.yaml").path) == 0)
        #expect(symlink("notes.txt", directory.appendingPathComponent("answers.yaml").path) == 0)
        try write(Array("version: 1\nflow: a\nstart: s\nscreens: { s: { fields: [ { id: name } ] } }\n".utf8), named: "ok.yaml", in: directory)
        for format in ["text", "junit"] {
            let outcome = try FlowrunProcess.run(["validate", "--format", format, "changed.yaml", "ok.yaml"], directory: directory,
                                                 environment: ["FLOWRUN_PROBE": "hunter2"], timeout: 10)
            #expect(outcome.status == 2, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("cannot read 'changed.yaml': it is a file of /proc, which holds no flow"), "\(outcome.stderr)")
            #expect(!(outcome.stdout + outcome.stderr).contains("hunter2"), "the environment was read: \(outcome.stdout)")
        }
        let run = try FlowrunProcess.run(["run", "ok.yaml", "--answers", "answers.yaml"], directory: directory, timeout: 10)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot read 'answers.yaml': it is a link to "), "\(run.stderr)")
        #expect(run.stderr.contains("notes.txt, a file of another kind than its name says"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("hunter2"), "the linked file was read: \(run.stderr)")
    }

    /// A file whose name is not UTF-8 is validated all the same, its name shown with the
    /// bytes escaped: a broken flow cannot pass unnoticed, not even beside a file whose
    /// name is, in letters, the escaped one (the two are two files, however shown).
    @Test func aFileWhoseNameIsNotUTF8IsValidatedWithItsBytesEscaped() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let files: [([UInt8], String)] = [
            (Array("broken-".utf8) + [0xFF, 0xFE] + Array(".yaml".utf8), "version: 1\nflow: a\nstart: nowhere\nscreens: { s: { actions: [quit] } }\n"),
            (Array(#"broken-\x{ff}\x{fe}.yaml"#.utf8), "version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n"),
        ]
        for (name, text) in files {
            let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
            let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            #expect(descriptor >= 0)
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }
        let outcome = try FlowrunProcess.run(["validate", "."], directory: directory, timeout: 10)
        #expect(outcome.status == 1, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains(#"./broken-\x{ff}\x{fe}.yaml:3:8: error:"#), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("in 2 files\n"), "\(outcome.stdout)")
        // Named on the command line (`git ls-files -z | xargs -0 flowrun validate`), by its bytes.
        let named = try ProcessRunner.run("/bin/sh", ["-c", #"exec "$0" validate "$(printf 'broken-\377\376.yaml')""#, FlowrunProcess.executable.path],
                                          directory: directory, timeout: 10)
        #expect(named.status == 1, "\(named.stdout) \(named.stderr)")
        #expect(named.stdout.contains(#"broken-\x{ff}\x{fe}.yaml:3:8: error:"#), "\(named.stdout)")
        #expect(named.stdout.hasSuffix("in 1 file\n"), "\(named.stdout)")
    }

    /// A flow in a folder whose name is not UTF-8 finds the files it includes beside it:
    /// they are looked for by the folder's bytes, not by its name as shown.
    @Test func aFlowInAFolderWhoseNameIsNotUTF8FindsItsIncludes() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let folder = Array(directory.path.utf8) + Array("/d".utf8) + [0xFF]
        #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o700) == 0)
        let files = [("main.yaml", "version: 1\nflow: app\nstart: home\nscreens: { home: { actions: [open, quit], on: { open: { push: sub } } } }\n"
                          + "flows:\n  sub: { include: sub.yaml }\n"),
                     ("sub.yaml", "version: 1\nflow: sub\nstart: a\nscreens: { a: { actions: [back] } }\n")]
        for (name, text) in files {
            let path = folder + Array("/\(name)".utf8)
            let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            #expect(descriptor >= 0)
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }
        let outcome = try FlowrunProcess.run(["validate", "."], directory: directory, timeout: 10)
        #expect(outcome.status == 0, "\(outcome.stdout) \(outcome.stderr)")
        #expect(!outcome.stdout.contains("include-not-found"), "\(outcome.stdout)")
    }

    /// A folder that holds no flow file is a warning; one whose files were given already
    /// (`validate d ./d`) is not: it holds some.
    @Test func aFolderWithoutFlowFilesIsAWarning() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let outcome = try FlowrunProcess.run(["validate", "."], directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "flowrun: warning: no flow files (*.yaml, *.yml) in '.'\n")
        try write(Array("version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n".utf8), named: "a.yaml", in: directory)
        let twice = try FlowrunProcess.run(["validate", ".", "./"], directory: directory)
        #expect(twice.status == 0)
        #expect(twice.stderr.isEmpty, "\(twice.stderr)")
        #expect(twice.stdout.hasSuffix("in 1 file\n"), "\(twice.stdout)")
    }

    @Test func warningsFailOnlyUnderStrictAndQuietHidesThem() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let text = "version: 1\nflow: app\nstart: home\nscreens:\n  home: { actions: [quit] }\n  lost: { actions: [quit] }\n"
        try write(Array(text.utf8), named: "warn.yaml", in: directory)
        let plain = try FlowrunProcess.run(["validate", "warn.yaml"], directory: directory)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warn.yaml:6:3: warning: no path from the start of the run reaches the screen 'lost' [unreachable-screen]"))
        #expect(plain.stdout.hasSuffix("0 errors, 1 warning in 1 file\n"))
        let strict = try FlowrunProcess.run(["validate", "--strict", "warn.yaml"], directory: directory)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("[unreachable-screen]"))
        let quiet = try FlowrunProcess.run(["validate", "--quiet", "warn.yaml"], directory: directory)
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test func usageErrorsGiveExitCode64() throws {
        #expect(try FlowrunProcess.run(["validate", "--format", "xml", "x.yaml"]).status == 64)
        #expect(try FlowrunProcess.run(["validate", "--no-such-flag", "x.yaml"]).status == 64)
        #expect(try FlowrunProcess.run(["validate"]).status == 64)
    }

    @Test func versionIsPrinted() throws {
        let outcome = try FlowrunProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "0.1.0\n")
    }

    @Test(arguments: [
        ("empty.yaml", [UInt8](), "missing-key@1:1"),
        ("comment.yaml", Array("# nothing yet\n".utf8), "missing-key@1:1"),
        ("list.yaml", Array("- a\n- b\n".utf8), "type-mismatch@1:1"),
        ("utf8.yaml", Array("version: 1\nname: caf".utf8) + [0xFF, 0x0A], "yaml-syntax@2:10"),
    ])
    func fileLevelProblems(name: String, bytes: [UInt8], expected: String) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try write(bytes, named: name, in: directory)
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", name], directory: directory)
        #expect(outcome.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let found = (json["diagnostics"] as? [[String: Any]] ?? []).map { "\($0["code"] ?? "")@\($0["line"] ?? 0):\($0["column"] ?? 0)" }
        #expect(found == [expected])
    }

    @Test func hostileInputsEndInADiagnosticNotASignal() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try write(Array(deep.utf8), named: "deep.yaml", in: directory)
        let laughs = Fixtures.packageRoot.appendingPathComponent("Tests/FlowKitTests/Fixtures/YAML/billion-laughs.yaml")
        let fixture = AnnotatedFixture(name: "laughs.yaml", annotated: try String(contentsOf: laughs, encoding: .utf8))
        try write(fixture.bytes, named: "laughs.yaml", in: directory)
        for (name, code) in [("deep.yaml", "yaml-too-deep"), ("laughs.yaml", "yaml-alias-bomb")] {
            let outcome = try FlowrunProcess.run(["validate", name], directory: directory)
            #expect(!outcome.signalled)
            #expect(outcome.status == 1)
            #expect(outcome.stdout.contains("[\(code)]"), "\(name)")
        }
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let directory = try folder(with: ["duplicate-keys.yaml"])
        let binary = FlowrunProcess.executable.path
        // `script` gives the command a pseudo-terminal as stdout.
        func underTerminal(_ environment: [String: String]) throws -> String {
            let outcome = try ProcessRunner.run("/usr/bin/script", ["-qec", "\(binary) validate duplicate-keys.yaml", "/dev/null"],
                                                directory: directory, environment: environment)
            return outcome.stdout
        }
        #expect(try underTerminal(["TERM": "xterm"]).contains("\u{1B}[1;31merror:"))
        #expect(!(try underTerminal(["TERM": "xterm", "NO_COLOR": "1"])).contains("\u{1B}["))
        #expect(!(try underTerminal(["TERM": "dumb"])).contains("\u{1B}["))
    }

    /// A tree of diamond includes (48 files in 24 levels, each file included by both files
    /// of the level above): each file is read and built once, so the cost stays linear
    /// in the files, the tree stops at the flow limit with one `too-many-flows`, and each
    /// finding is reported once.
    @Test func aDiamondOfIncludesIsReadOnceAndStopsAtTheFlowLimit() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let levels = 24
        for level in 0..<levels {
            for side in ["a", "b"] {
                let children = level + 1 < levels ? "flows:\n  f\(level + 1)a: { include: l\(level + 1)a.yaml }\n  f\(level + 1)b: { include: l\(level + 1)b.yaml }\n" : ""
                let text = "version: 1\nflow: f\(level)\(side)\nstart: s\n\(children)screens:\n  s:\n    terminal: true\n"
                try text.write(to: directory.appendingPathComponent("l\(level)\(side).yaml"), atomically: true, encoding: .utf8)
            }
        }
        let root = "version: 1\nflow: root\nstart: s\nflows:\n  f0a: { include: l0a.yaml }\n  f0b: { include: l0b.yaml }\nscreens:\n  s:\n    terminal: true\n"
        try root.write(to: directory.appendingPathComponent("root.yaml"), atomically: true, encoding: .utf8)
        let started = Date()
        let outcome = try FlowrunProcess.run(["validate", "--format", "json", "root.yaml"], directory: directory, timeout: 60)
        #expect(!outcome.timedOut && outcome.status == 1, "\(outcome.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "linear in the files, not in the 2^25 flows of the tree")
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let codes = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.filter { $0 == "too-many-flows" }.count == 1, "\(codes)")
        #expect(codes.count < 100, "each finding once, not once per path: \(codes.count)")
    }
}
