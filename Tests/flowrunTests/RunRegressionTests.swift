import FlowKit
import Foundation
import Testing
import TestSupport

/// Behaviours of `flowrun run` a review found broken, each kept as a test.
@Suite struct RunRegressionTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")

    private func folder(_ files: [String: String]) throws -> URL {
        let directory = try FlowrunProcess.temporaryDirectory()
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aTerminalScreensOptionalLastFieldLeftEmptyFinishesTheFlow() throws {
        let outcome = try FlowrunProcess.run(["run", "browser.yaml"], stdin: "2\nview\n2\nadd_to_basket\nback\n\ncheckout\npay\n\n", directory: flows)
        #expect(outcome.status == 0)
        #expect(try json(outcome.stdout)["status"] as? String == "finished")
    }

    @Test func aRefusedDefaultUnderDefaultsStopsTheRun() throws {
        let directory = try folder(["f.yaml": """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: lo, type: integer, default: 1 }
              - id: hi
                type: integer
                default: 5
                validate: [{ rule: "hi > lo", message: "hi must be above lo" }]
            actions: [quit]
        """])
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults", "--set", "lo=9"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("flowrun: error: --defaults: the default of 'hi' is refused: hi must be above lo"))
    }

    static let secretFlow = """
    version: 1
    flow: app
    start: s
    variables: { note: "" }
    screens:
      s:
        fields:
          - { id: pin, type: secret }
          - { id: code, when: "int(pin) > 0" }
        actions: [keep, leave]
        on:
          keep: { set: { note: "'pin is ' + pin" }, say: "Stored {{ pin }}." }
          leave: { exit: { code: 0, message: "Bye {{ pin }}." } }
    """

    @Test func secretsRepeatedByAFlowNeverReachTheLogsTheTranscriptOrTheState() throws {
        let directory = try folder(["f.yaml": Self.secretFlow])
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--transcript", "t.jsonl"],
                                             stdin: "hunter2abc\nkeep\nleave\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let state = try String(contentsOf: directory.appendingPathComponent("st.json"), encoding: .utf8)
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        for (place, text) in [("stderr", outcome.stderr), ("state", state), ("transcript", transcript)] {
            #expect(!text.contains("hunter2"), "the secret shows in \(place)")
        }
        #expect(outcome.stderr.contains("Stored ******."))
        #expect(outcome.stderr.contains("Bye ******."))
        #expect(transcript.contains(#""text":"'int(pin) > 0' failed: a value computed from a secret did not fit (not shown); counted as false""#))
        // The caller asked for the values: the result document has them.
        #expect(try json(outcome.stdout).description.contains("hunter2abc"))
    }

    @Test func aShortSecretDoesNotWipeOtherAnswersFromTheState() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("st.json").path
        let flow = flows.appendingPathComponent("signin.yaml").path
        _ = try FlowrunProcess.run(["run", flow, "--state", state], stdin: "sign_in\nalice\na\n")
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try json(resumed.stdout)["screen"] as? String == "home")
    }

    @Test func clashingShellNamesStopTheEnvOutput() throws {
        let directory = try folder(["f.yaml": """
        version: 1
        flow: a
        start: s
        variables: { foo: 1, FOO: 2 }
        screens: { s: { actions: [quit] } }
        """])
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "env"], stdin: "quit\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--output env: 'a.FOO' and 'a.foo' have the same shell name"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func yamlOutputEscapesWhatYAMLWouldMisread() throws {
        let tricky = "del\u{7F} c1\u{85} ls\u{2028} ps\u{2029} quote\" back\\ tab\t"
        let directory = try folder(["f.yaml": """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: text }]
            actions: [quit]
        """])
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "yaml"], stdin: tricky + "\nquit\n", directory: directory)
        let parsed = YAMLParser().parse(Array(outcome.stdout.utf8), file: "out.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(outcome.stdout)")
        #expect(parsed.tree.documents.first?["values"]?["app"]?["text"]?.string == tricky)
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

    @Test func anUnwritableStateStopsTheRunBeforeItStarts() throws {
        let outcome = try FlowrunProcess.run(["run", "signin.yaml", "--state", "/nonexistent/state.json"], stdin: "quit\n", directory: flows)
        #expect(outcome.status == 74, "an output that cannot be written (cli.md 1.1)")
        #expect(outcome.stdout.isEmpty, "the run never started")
        #expect(outcome.stderr.contains("flowrun: error: cannot write '/nonexistent/state.json'"))
    }

    @Test func answersFiles() throws {
        let directory = try folder(["f.yaml": RunCommandTests.form, "empty.yaml": "# nothing yet\n", "nested.yaml": "name: [{ a: 1 }]\n"])
        let empty = try FlowrunProcess.run(["run", "f.yaml", "--answers", "empty.yaml"], stdin: "Ada\n\n\ndone\n", directory: directory)
        #expect(empty.status == 0, "\(empty.stderr)")
        let nested = try FlowrunProcess.run(["run", "f.yaml", "--answers", "nested.yaml"], directory: directory)
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("the answer for 'name' must be a value or a list of values"))
    }

    @Test func aLongLineIsReadWhole() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: long + "\n\n\ndone\n", directory: try folder(["f.yaml": RunCommandTests.form]))
        let values = try #require(try json(outcome.stdout)["values"] as? [String: [String: Any]])
        #expect((values["app"]?["name"] as? String)?.count == 1_000_000)
    }
}
