import FlowKit
import Foundation
import Testing
import TestSupport
import FlowYAML

/// `flowrun run` in plain mode, as a script runs it: the built binary, real files, stdin.
@Suite struct RunCommandTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func flowFile(_ text: String, named name: String = "flow.yaml") throws -> URL {
        let directory = try FlowrunProcess.temporaryDirectory()
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return directory
    }

    /// The scripted runs in the headers of the example flows, and where they end.
    static let examples: [(file: String, input: String, status: String, screen: String)] = [
        ("signin.yaml", "sign_in\nalice\nguess\nsubmit\nretry\n\nwonderland\nsubmit\nquit\n", "cancelled", "home"),
        ("browser.yaml", "2\nview\n2\nadd_to_basket\nback\n\ncheckout\npay\n5\n", "finished", "receipt"),
        ("notes.yaml", "Buy milk\nSemi-skimmed\nhome,errands\n4\n2030-01-31\nAda\nreview\nsave\nclose\n", "finished", "saved"),
    ]

    @Test(arguments: examples.map(\.file))
    func everyExampleRunsToItsEnd(file: String) throws {
        let example = try #require(Self.examples.first { $0.file == file })
        let outcome = try FlowrunProcess.run(["run", file], stdin: example.input, directory: flows,
                                             environment: ["XDG_STATE_HOME": try FlowrunProcess.temporaryDirectory().path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let result = try json(outcome.stdout)
        #expect(result["status"] as? String == example.status, "\(outcome.stderr)")
        #expect(result["screen"] as? String == example.screen)
        #expect(result["exit_code"] as? Int == 0)
    }

    /// Runs whose whole plain-mode screen text is golden: the scripted runs above, and the
    /// first flow test of scaffold and of incident, with `--trust` and their programs
    /// stubbed as the tests stub them: a script on `PATH` that prints the stub's stdout.
    static let screenRuns: [(file: String, input: String, stubbed: [String: String])] = examples.map { ($0.file, $0.input, [:]) } + [
        ("scaffold.yaml", "My Tool\nmy-tool\n\nswift,go\nreview\nedit\n\nApache-2.0\n\nreview\ncreate\n", ["git": "", "sh": ""]),
        ("incident.yaml", "DB down\napi,db\nsev1\ncheck\nok\nnext\ndown\nno connections\ninvestigate\npool exhausted\nescalate\nescalate\nrecovered\n",
         ["sh": "PAGE-sev1"]),
    ]

    /// The whole screen text (stderr) of each run in `screenRuns`, compared in full with
    /// `Golden/plain-<example>.txt`; the checks above hold its parts. A run of the binary
    /// cannot fix the clock: the times `now()` gave (incident's) read `<now>`.
    @Test(arguments: screenRuns.map(\.file))
    func everyExamplesPlainScreenTextMatchesItsGolden(file: String) throws {
        let run = try #require(Self.screenRuns.first { $0.file == file })
        var environment = ["XDG_STATE_HOME": try FlowrunProcess.temporaryDirectory().path]
        var arguments = ["run", "--plain", flows.appendingPathComponent(file).path]
        if !run.stubbed.isEmpty {
            let stubs = try FlowrunProcess.temporaryDirectory()
            for (program, stdout) in run.stubbed {
                let script = "#!/bin/sh\n" + (stdout.isEmpty ? "" : "echo '\(stdout)'\n") + "exit 0\n"
                #expect(FileManager.default.createFile(atPath: stubs.appendingPathComponent(program).path, contents: Data(script.utf8),
                                                       attributes: [.posixPermissions: 0o755]))
            }
            environment["PATH"] = stubs.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            arguments.append("--trust")
        }
        // Run in a scratch folder, so that nothing a program might write lands in Flows/.
        let outcome = try FlowrunProcess.run(arguments, stdin: run.input, directory: try FlowrunProcess.temporaryDirectory(),
                                             environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let screens = outcome.stderr.replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#, with: "<now>",
                                                          options: .regularExpression)
        let golden = "plain-" + file.replacingOccurrences(of: ".yaml", with: ".txt")
        #expect(try Golden.matches(screens, golden), "\(screens)")
    }

    /// `run` reads the environment variables its flow lists in `env` (and no others reach
    /// the flow: the checks refuse `env.NAME` for a name not listed).
    @Test func aFlowReadsTheEnvironmentVariablesItLists() throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        env: [GREETING_NAME, UNSET_NAME]
        start: s
        screens:
          s:
            text: "Hello {{ env.GREETING_NAME }}; unset: {{ env.UNSET_NAME == null }}"
            actions: [done]
            on: { done: { finish: true } }
        """)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "done\n", directory: directory,
                                             environment: ["GREETING_NAME": "Ada"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Hello Ada; unset: true"), "\(outcome.stderr)")
    }

    /// Spec §11 1.2: a value built at run time past 16 MiB of text or 1,000,000 elements
    /// stops the run (exit 2, status `failed`, the result document printed) rather than
    /// exhausting memory; forty doublings used to end in SIGABRT. In a `when` too, where
    /// it does not count as false.
    @Test(arguments: [("s", false), ("l", false), ("s", true), ("l", true)])
    func fortyDoublingsStopTheRunWithAResult(variable: String, inWhen: Bool) throws {
        let condition = inWhen ? "size(\(variable) + \(variable)) > 0 && n < 40" : "n < 40"
        let directory = try flowFile("""
        version: 1
        flow: app
        start: home
        variables: { s: "0123456789abcdef", l: [1, 2, 3, 4], n: 0 }
        on:
          again:
            - { when: "\(condition)", set: { \(variable): "\(variable) + \(variable)", n: n + 1 }, replace: mid }
            - { say: "counted as false", replace: home }
        screens:
          home:
            actions: [go, quit]
            on: { go: { replace: mid } }
        flows:
          mid:
            start: child
            on:
              child.done: { send: again }
            flows:
              child:
                start: end
                screens:
                  end: { terminal: true }
        """)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "go\nquit\n", directory: directory)
        #expect(outcome.status == 2, "\(outcome.stderr.suffix(500))")
        #expect(!outcome.stderr.contains("counted as false"))
        let result = try json(outcome.stdout)
        #expect(result["status"] as? String == "failed")
        let message = try #require(result["message"] as? String)
        let limit = variable == "s" ? "16 MiB of text" : "1000000 elements"
        #expect(message.hasSuffix("the value built here is larger than \(limit), the limit of a value built at run time"), "\(message)")
        #expect(message.hasPrefix(inWhen ? "flow.yaml:7:15: " : "flow.yaml:7:"), "\(message)")
    }

    @Test func theSignInScriptGivesTheDocumentedPath() throws {
        let example = Self.examples[0]
        let outcome = try FlowrunProcess.run([example.file], stdin: example.input, directory: flows)
        let result = try json(outcome.stdout)
        #expect(result["path"] as? [String] == ["login/welcome", "login/credentials", "login/failed", "login/credentials", "main/home"])
        let values = try #require(result["values"] as? [String: [String: Any]])
        #expect(values["login"]?["attempts"] as? Int == 1)
        #expect(values["login"]?["password"] as? String == "wonderland", "secrets are in the result: the caller asked for them")
        #expect(outcome.stderr.contains("Password (or /forgot_password): ******\n"), "a secret is never echoed, not even its length")
        #expect(!outcome.stderr.contains("wonderland"))
    }

    static let form = """
    version: 1
    flow: app
    start: form
    screens:
      form:
        fields:
          - { id: name, required: true }
          - { id: age, type: integer, default: 30 }
          - { id: pin, type: secret }
        actions: [done, leave]
        on:
          done: { finish: true }
          leave: { exit: { code: 5, message: "Left early." } }
    """

    @Test func refusedLinesAreReportedAndTheNextLineIsRead() throws {
        let directory = try flowFile(Self.form)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "\nAda\nold\n41\n1234\nnope\n1\n", directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("! An answer is required.\n"))
        #expect(outcome.stderr.contains("! 'old' is not a whole number.\n"))
        #expect(outcome.stderr.contains("! 'nope' is not an action of this screen.\n"))
        let values = try #require(try json(outcome.stdout)["values"] as? [String: [String: Any]])
        #expect(values["app"]?["name"] as? String == "Ada")
        #expect(values["app"]?["age"] as? Int == 41)
    }

    @Test func exitGivesTheFlowsCodeAndMessage() throws {
        let directory = try flowFile(Self.form)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "Ada\n\n\nleave\n", directory: directory)
        #expect(outcome.status == 5)
        let result = try json(outcome.stdout)
        #expect(result["status"] as? String == "exited")
        #expect(result["message"] as? String == "Left early.")
        #expect(outcome.stderr.hasSuffix("Left early.\n"))
    }

    @Test(arguments: [("Ada\n", "at a field"), ("Ada\n\n\n", "at the action prompt")])
    func endOfInputGivesExitCodeThree(input: String, place: String) throws {
        let directory = try flowFile(Self.form)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: input, directory: directory)
        #expect(outcome.status == 3, "\(place)")
        #expect(try json(outcome.stdout)["status"] as? String == "incomplete")
    }

    @Test func aFlowWithErrorsIsRefusedWithExitCodeTwo() throws {
        let directory = try flowFile("version: 1\nflow: app\nstart: nowhere\nscreens: { s: { actions: [quit] } }\n")
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("[unknown-target]"))
        #expect(outcome.stdout.isEmpty)
    }

    /// A mistake in the arguments is reported before the flow is read, even when the flow
    /// has errors too.
    @Test func aBadOptionIsReportedRatherThanTheFlowsErrors() throws {
        let directory = try flowFile("version: 1\nflow: app\nstart: nowhere\nscreens: { s: { actions: [quit] } }\n")
        let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--output", "xml"], directory: directory)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--output"))
        #expect(!outcome.stderr.contains("[unknown-target]"))
    }

    /// `run` lists the result formats itself rather than through swift-argument-parser's
    /// default (see `ResultDocument.Format`'s conformance): the error and the help still
    /// name every one.
    @Test func theResultFormatsAreListedInErrorsAndHelp() throws {
        let refused = try FlowrunProcess.run(["run", "x.yaml", "--output", "xml"])
        #expect(refused.stderr.contains("'json', 'yaml', 'env' or 'none'"), "\(refused.stderr)")
        let help = try FlowrunProcess.run(["run", "--help"])
        #expect(help.stdout.contains("values: json, yaml,"), "\(help.stdout)")
    }

    @Test func answersAreCheckedBeforeTheRunAndUsed() throws {
        let directory = try flowFile(Self.form)
        try "name: Ada\nag: 3\n".write(to: directory.appendingPathComponent("typo.yaml"), atomically: true, encoding: .utf8)
        let typo = try FlowrunProcess.run(["run", "flow.yaml", "--answers", "typo.yaml"], directory: directory)
        #expect(typo.status == 2)
        #expect(typo.stderr == "flowrun: error: typo.yaml:2:1: 'ag' names no field of the flow; did you mean 'age'?\n")
        try #"{"name": "Ada", "app.age": 52}"#.write(to: directory.appendingPathComponent("answers.json"), atomically: true, encoding: .utf8)
        let used = try FlowrunProcess.run(["run", "flow.yaml", "--answers", "answers.json", "--set", "pin=9999"],
                                          stdin: "done\n", directory: directory)
        #expect(used.status == 0, "\(used.stderr)")
        let values = try #require(try json(used.stdout)["values"] as? [String: [String: Any]])
        #expect(values["app"]?["age"] as? Int == 52)
        #expect(values["app"]?["pin"] as? String == "9999")
    }

    @Test func defaultsAreAcceptedAndAMissingRequiredAnswerStopsTheRun() throws {
        let directory = try flowFile(Self.form)
        let missing = try FlowrunProcess.run(["run", "flow.yaml", "--defaults"], directory: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("flowrun: error: --defaults: the required field 'name' has no default and no answer"))
        // No default action: --defaults cannot choose one, and stops naming the screen (cli.md 1.1).
        let noDefault = try FlowrunProcess.run(["run", "flow.yaml", "--defaults", "--set", "name=Ada"], stdin: "done\n", directory: directory)
        #expect(noDefault.status == 2)
        #expect(noDefault.stderr.contains("flowrun: error: --defaults: the screen 'form' has no default action"))
        try Self.form.replacingOccurrences(of: "actions: [done, leave]", with: "actions: [{ id: done, default: true }, leave]")
            .write(to: directory.appendingPathComponent("flow.yaml"), atomically: true, encoding: .utf8)
        let given = try FlowrunProcess.run(["run", "flow.yaml", "--defaults", "--set", "name=Ada"], directory: directory)
        #expect(given.status == 0, "\(given.stderr)")
        let values = try #require(try json(given.stdout)["values"] as? [String: [String: Any]])
        #expect(values["app"]?["age"] as? Int == 30)
        #expect(try json(given.stdout)["status"] as? String == "finished", "the default action 'done' was chosen")
    }

    @Test func anEmptyLineOrAKeyAtTheActionPromptChoosesAsListed() throws {
        let directory = try flowFile(Self.form.replacingOccurrences(of: "actions: [done, leave]",
                                                                    with: "actions: [done, { id: leave, key: l, default: true }]"))
        let byEnter = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "Ada\n\n\n\n", directory: directory)
        #expect(byEnter.status == 5, "an empty line chooses the default action, leave")
        #expect(byEnter.stderr.contains("[Enter: Leave]"))
        let byKey = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "Ada\n\n\nl\n", directory: directory)
        #expect(byKey.status == 5, "a line holding the key chooses its action")
    }

    @Test func outputFormats() throws {
        let directory = try flowFile(Self.form)
        let input = "Ada O'Neil\n\n\ndone\n"
        let yaml = try FlowrunProcess.run(["run", "flow.yaml", "--output", "yaml"], stdin: input, directory: directory)
        let parsed = YAMLParser().parse(Array(yaml.stdout.utf8), file: "out.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(yaml.stdout)")
        let root = try #require(parsed.tree.documents.first)
        #expect(root["status"]?.string == "finished")
        #expect(root["values"]?["app"]?["name"]?.string == "Ada O'Neil")
        #expect(root["values"]?["app"]?["age"]?.scalarValue == .int(30))

        let env = try FlowrunProcess.run(["run", "flow.yaml", "--output", "env"], stdin: input, directory: directory)
        #expect(env.stdout.contains("APP_NAME='Ada O'\\''Neil'\n"))
        let shell = try ProcessRunner.run("/bin/sh", ["-c", "eval \"$(cat)\"; printf '%s|%s' \"$APP_NAME\" \"$APP_AGE\""], stdin: env.stdout)
        #expect(shell.stdout == "Ada O'Neil|30")

        let none = try FlowrunProcess.run(["run", "flow.yaml", "--output", "none"], stdin: input, directory: directory)
        #expect(none.stdout.isEmpty)
        #expect(none.status == 0)
    }

    @Test func usageErrorsGiveExitCode64() throws {
        #expect(try FlowrunProcess.run(["run", "x.yaml", "--resume"]).status == 64)
        #expect(try FlowrunProcess.run(["run", "x.yaml", "--set", "novalue"]).status == 64)
        #expect(try FlowrunProcess.run(["run", "x.yaml", "--output", "xml"]).status == 64)
    }

    @Test func rememberedAnswersAreTheNextRunsDefaults() throws {
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let environment = ["XDG_STATE_HOME": stateHome.path]
        let first = try FlowrunProcess.run(["run", "notes.yaml", "--output", "none"],
                                           stdin: "Milk\n\nhome\n2\nAda\nreview\nsave\nclose\n", directory: flows, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let store = try String(contentsOf: stateHome.appendingPathComponent("flowrun/remembered.json"), encoding: .utf8)
        #expect(store.contains("\"editor.author\" : \"Ada\""))
        let second = try FlowrunProcess.run(["run", "notes.yaml"], stdin: "Bread\n\nhome\n2\n\nreview\nsave\nclose\n",
                                            directory: flows, environment: environment)
        #expect(second.stderr.contains("[Ada]: "), "the remembered answer is offered as the default")
        let values = try #require(try json(second.stdout)["values"] as? [String: [String: Any]])
        #expect(values["editor"]?["author"] as? String == "Ada")
    }

    /// One entry of the store that does not read as an answer (a bare 2.5, which no saved
    /// value is; a flow's entry that is no map) costs only itself: the others are offered
    /// and kept, and a warning names the bad ones, escaped.
    @Test func oneUnreadableRememberedAnswerDropsOnlyItself() throws {
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let store = stateHome.appendingPathComponent("flowrun/remembered.json")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        let key = flows.appendingPathComponent("notes.yaml").resolvingSymlinksInPath().path
        let stored: [String: Any] = [key: ["editor.author": "Ada", "editor.bad\u{1B}[2J": 2.5], "/elsewhere/other.yaml": ["app.name": "kept"],
                                     "/elsewhere/broken.yaml": 7]
        try JSONSerialization.data(withJSONObject: stored).write(to: store)
        let run = try FlowrunProcess.run(["run", "notes.yaml", "--output", "none"], stdin: "Bread\n\nhome\n2\n\nreview\nsave\nclose\n",
                                         directory: flows, environment: ["XDG_STATE_HOME": stateHome.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("[Ada]: "), "the answers that read are offered: \(run.stderr)")
        #expect(run.stderr.contains("warning: a remembered answer cannot be read and is dropped: '\(key)' editor.bad\\u{1b}[2J in "), "\(run.stderr)")
        #expect(run.stderr.contains("warning: a remembered answer cannot be read and is dropped: '/elsewhere/broken.yaml' in "), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "the name is escaped")
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store)) as? [String: [String: Any]])
        #expect(kept["/elsewhere/other.yaml"]?["app.name"] as? String == "kept")
        #expect(kept[key]?["editor.author"] as? String == "Ada")
        #expect(kept[key]?.count == 1 && kept["/elsewhere/broken.yaml"] == nil, "the bad entries are dropped")
    }

    /// A flow of two screens: `s` asks a remembered `name`, then `go` or `quit`.
    private func rememberingFlow() throws -> (flow: String, store: URL, environment: [String: String]) {
        let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name, remember: true }]\n    terminal: true\n")
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let store = stateHome.appendingPathComponent("flowrun/remembered.json")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        return (directory.appendingPathComponent("f.yaml").path, store, ["XDG_STATE_HOME": stateHome.path])
    }

    /// Another flow file's bad entry is not this run's business: a run that remembers
    /// nothing names none.
    @Test func anotherFlowsUnreadableRememberedAnswerIsNotNamed() throws {
        let (flow, store, environment) = try rememberingFlow()
        try JSONSerialization.data(withJSONObject: ["/elsewhere/broken.yaml": 7]).write(to: store)
        let run = try FlowrunProcess.run(["run", "--plain", flow, "--output", "none"], stdin: "\n", environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("broken.yaml"), "\(run.stderr)")
    }

    /// A store cut short does not read at all: it is never written over (every flow's
    /// answers would be lost), and the run says so.
    @Test func aRememberedAnswersStoreCutShortIsNotWrittenOver() throws {
        let (flow, store, environment) = try rememberingFlow()
        let damaged = #"{"/elsewhere/other.yaml": {"app.name": "kept", "app.city": "Par"#
        try Data(damaged.utf8).write(to: store)
        let run = try FlowrunProcess.run(["run", "--plain", flow, "--output", "none"], stdin: "Ada\n", environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("it does not read as remembered answers, so it is left as it is"), "\(run.stderr)")
        #expect(try String(contentsOf: store, encoding: .utf8) == damaged)
    }

    @Test func aFlowIncludedFromAnotherFileRunsAsPartOfTheTree() throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        start: home
        on:
          greet.done: { say: "Welcome, {{ greet.name }}." }
        screens:
          home:
            actions: [hello, quit]
            on:
              hello: { push: greet }
        flows:
          greet: { include: parts/greet.yaml }
        """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try """
        version: 1
        flow: greet
        start: ask
        result: { name: who }
        screens:
          ask:
            fields: [{ id: who, required: true }]
            actions: [ok]
            on:
              ok: { finish: true }
        """.write(to: directory.appendingPathComponent("parts/greet.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml"], stdin: "hello\nAda\nok\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Welcome, Ada."))
        #expect(try json(outcome.stdout)["path"] as? [String] == ["app/home", "greet/ask", "app/home"])
    }

    @Test func aRunawayLoopStopsWithExitCodeTwo() throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        start: home
        on:
          child.done: { replace: child }
        screens:
          home:
            actions: [spin, quit]
            on:
              spin: { push: child }
        flows:
          child:
            start: end
            screens:
              end: { terminal: true }
        """)
        for format in ["json", "yaml", "env", "none"] {
            let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--output", format], stdin: "spin\n", directory: directory)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("runaway-transitions: more than 10000 steps"), "--output \(format)")
            if format == "json" { #expect(try json(outcome.stdout)["status"] as? String == "failed") }
            if format == "yaml" { #expect(outcome.stdout.contains("status: failed")) }
        }
    }

    @Test func aStopByDefaultsPrintsTheResultDocumentAndItsMessage() throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        start: s
        screens:
          s: { fields: [{ id: team, default: core }, { id: name, required: true }], actions: [quit] }
        """)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--defaults"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--defaults: the required field 'name' has no default and no answer"))
        let document = try json(outcome.stdout)
        #expect(document["status"] as? String == "failed")
        #expect(document["exit_code"] as? Int == 2)
        #expect((document["message"] as? String)?.hasPrefix("--defaults: the required field 'name'") == true)
        #expect((document["values"] as? [String: [String: Any]])?["app"]?["team"] as? String == "core", "what was answered is kept")
    }

    @Test func aTranscriptRecordsTheRunWithSecretsMasked() throws {
        let directory = try flowFile(Self.form)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--transcript", "t.jsonl", "--output", "none"],
                                             stdin: "Ada\n\n4321\ndone\n", directory: directory)
        #expect(outcome.status == 0)
        let lines = try transcriptEvents(try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8))
        #expect(lines.first?["event"] as? String == "screen")
        #expect(lines.contains { $0["field"] as? String == "pin" && $0["line"] as? String == "******" && $0["value"] as? String == "******" })
        #expect(lines.contains { $0["event"] as? String == "action" && $0["action"] as? String == "done" })
        #expect(lines.last?["event"] as? String == "end")
        #expect(!(try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)).contains("4321"))
    }

    /// A run flowrun stops (`--defaults` with no answer, a refused preset, a line that is
    /// not UTF-8) ends its transcript with `end`, as the result document says.
    @Test(arguments: [(["--defaults"], Data(), Int32(2)), (["--set", "name=/x"], Data("Ada\n".utf8), Int32(2)), ([], Data([0x41, 0xFF, 0x0A]), Int32(65))])
    func aTranscriptEndsWithTheStopThatEndedTheRun(arguments: [String], stdin: Data, status: Int32) throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: name, required: true, pattern: "[a-z]+" }]
            actions: [quit]
        """)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--transcript", "t.jsonl"] + arguments, stdin: stdin, directory: directory)
        #expect(outcome.status == status, "\(outcome.stderr)")
        let last = try transcriptEvents(try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)).last
        #expect(last?["event"] as? String == "end", "\(String(describing: last))")
        #expect(last?["status"] as? String == "failed" && last?["exit_code"] as? Int == Int(status), "\(String(describing: last))")
    }

    @Test func transcriptEventsAreTimedAndTypedAndAnswersGiveTheValueTaken() throws {
        let directory = try flowFile("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: count, type: integer }
              - { id: sure, type: boolean }
              - { id: steps, type: multichoice, options: [go, stop] }
              - { id: note }
            actions: [done]
            on: { done: { exit: { code: 4 } } }
        """)
        let outcome = try FlowrunProcess.run(["run", "flow.yaml", "--transcript", "t.jsonl", "--output", "none"],
                                             stdin: "3\ny\n1\n\ndone\n", directory: directory)
        #expect(outcome.status == 4)
        let text = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        let lines = try transcriptEvents(text)
        let time = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/
        #expect(lines.allSatisfy { ($0["time"] as? String).map { (try? time.wholeMatch(in: $0)) != nil } ?? false }, "\(text)")
        let answers = lines.filter { $0["event"] as? String == "answer" }
        #expect(answers.map { $0["line"] as? String } == ["3", "y", "1", ""])
        #expect(answers[0]["value"] as? Int == 3)
        #expect(answers[1]["value"] as? Bool == true)
        #expect(answers[2]["value"] as? [String] == ["go"])
        #expect(answers[3]["value"] is NSNull)
        #expect(text.contains(#""exit_code":4"#), "the exit code is a number: \(text)")
    }

    @Test func aTerminalScreensOptionalLastFieldLeftEmptyFinishesTheFlow() throws {
        let outcome = try FlowrunProcess.run(["run", "browser.yaml"], stdin: "2\nview\n2\nadd_to_basket\nback\n\ncheckout\npay\n\n", directory: flows)
        #expect(outcome.status == 0)
        #expect(try json(outcome.stdout)["status"] as? String == "finished")
    }

    @Test func clashingShellNamesStopTheEnvOutputBeforeAnythingIsAsked() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: a
        start: s
        variables: { foo: 1, FOO: 2 }
        screens: { s: { fields: [ { id: name } ], actions: [quit] } }
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "env", "--transcript", "t.jsonl"], stdin: "ada\nquit\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--output env: 'a.FOO' and 'a.foo' have the same shell name"))
        #expect(!outcome.stderr.contains("Name"), "the field was asked: \(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("t.jsonl").path), "the run began")
    }

    @Test func privateVariablesAreNotWrittenAsEnvLines() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: a
        start: s
        variables: { _token: secret-ish, shown: 1 }
        screens: { s: { actions: [quit] } }
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "env"], stdin: "quit\n", directory: directory)
        #expect(outcome.stdout.contains("A_SHOWN='1'\n"))
        #expect(!outcome.stdout.contains("TOKEN"), "\(outcome.stdout)")
    }

    @Test func rememberedAnswersDoNotDependOnHowThePathIsSpelt() throws {
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let environment = ["XDG_STATE_HOME": stateHome.path]
        _ = try FlowrunProcess.run(["run", "notes.yaml", "--output", "none"], stdin: "Milk\n\nhome\n2\nAda\nreview\nsave\nclose\n",
                                   directory: flows, environment: environment)
        let second = try FlowrunProcess.run(["run", "./notes.yaml"], stdin: "Bread\n\nhome\n2\n\nreview\nsave\nclose\n",
                                            directory: flows, environment: environment)
        #expect(second.stderr.contains("[Ada]: "))
    }
}
