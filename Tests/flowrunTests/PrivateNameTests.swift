import Foundation
import Testing
import TestSupport

/// Private names (flow-format §4 1.2): a variable, param, field or computed value whose
/// name starts with `_` is read and set inside its flow, appears in no output, and is
/// kept in `--state`.
@Suite struct PrivateNameTests {
    static let flow = """
    version: 1
    flow: app
    start: ask
    variables: { _editing: true, shown: 0 }
    computed: { _twice: "shown * 2", total: "shown + 1" }
    screens:
      ask:
        fields:
          - { id: name }
          - { id: _note, required: false }
        actions: [go]
        on:
          go:
            - when: _editing
              set: { _editing: false, shown: shown + 1 }
              push: { to: inner }
      done:
        terminal: true
        text: "{{ _twice }} {{ inner.kept }}"
    flows:
      inner:
        start: one
        variables: { _hidden: 7, kept: 1 }
        screens:
          one:
            actions: [ok]
            on: { ok: { set: { kept: _hidden }, finish: true } }
    on:
      inner.done: { replace: done }
    """

    private func document(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    @Test func privateNamesAreLeftOutOfEveryResultFormat() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let json = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\nhi\ngo\nok\n", directory: directory)
        #expect(json.status == 0, "\(json.stderr)")
        let values = try #require(try document(json.stdout)["values"] as? [String: [String: Any]])
        #expect(values["app"].map { Set($0.keys) } == ["name", "shown", "total"], "\(json.stdout)")
        #expect(values["inner"].map { Set($0.keys) } == ["kept"], "\(json.stdout)")
        #expect(values["inner"]?["kept"] as? Int == 7, "read and set inside the flow like any other")
        #expect(json.stderr.contains("2 7"), "shown on a screen: \(json.stderr)")

        let yaml = try FlowrunProcess.run(["run", "f.yaml", "--output", "yaml"], stdin: "ada\nhi\ngo\nok\n", directory: directory)
        #expect(yaml.status == 0, "\(yaml.stderr)")
        #expect(!yaml.stdout.contains(" _"), "no private key: \(yaml.stdout)")
        #expect(yaml.stdout.contains("total: 2"), "\(yaml.stdout)")

        let env = try FlowrunProcess.run(["run", "f.yaml", "--output", "env"], stdin: "ada\nhi\ngo\nok\n", directory: directory)
        #expect(env.status == 0, "\(env.stderr)")
        #expect(!env.stdout.contains("APP__") && !env.stdout.contains("INNER__"), "\(env.stdout)")
        #expect(env.stdout.contains("APP_NAME='ada'"), "\(env.stdout)")
    }

    @Test func aPrivateFieldsAnswerIsLeftOutOfTheTranscriptAndTheSavedAnswers() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--transcript", "t.jsonl", "--save-answers", "a.yaml"],
                                             stdin: "ada\nhidden-note\ngo\nok\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        #expect(!transcript.contains("hidden-note"), "\(transcript)")
        #expect(transcript.contains(#""event":"answer","field":"_note","flow":"app","time""#), "the answer is noted, without its line or value: \(transcript)")
        #expect(try String(contentsOf: directory.appendingPathComponent("a.yaml"), encoding: .utf8) == "app.name: ada\n")
    }

    @Test func aFlowTestsValuesLeaveOutPrivateNames() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        cases:
          - name: public values only
            input: [ada, "", go, ok]
            expect: { status: finished, values: { app: { name: ada, shown: 1 } } }
          - name: a private name is no value
            input: [ada, "", go, ok]
            expect: { status: finished, values: { app: { _editing: false } } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 1, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("public values only"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("values: the flow 'app' has no variable '_editing': a name that starts with '_' is private, and in no output"),
                "the second case fails at the private name: \(outcome.stdout)")
        #expect(outcome.stdout.contains("1 passed, 1 failed"), "\(outcome.stdout)")
    }

    @Test func privateNamesAreKeptInTheStateAndRestoredOnResume() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let first = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json"], stdin: "ada\nhi\n", directory: directory)
        #expect(first.status == 3, "input ended: \(first.stderr)")
        let saved = try String(contentsOf: directory.appendingPathComponent("s.json"), encoding: .utf8)
        #expect(saved.contains("\"_editing\":true") && saved.contains("\"_note\":\"hi\""), "--state is not an output: \(saved)")
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json", "--resume"], stdin: "go\nok\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("2 7"), "the private flag steered the resumed run: \(resumed.stderr)")
    }

    @Test func aPrivateNameIsNotReadableFromOutsideItsFlow() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow.replacingOccurrences(of: "{{ inner.kept }}", with: "{{ inner._hidden }}"))
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: directory)
        #expect(outcome.status == 1, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("f.yaml:19:34: error: flow 'inner' exposes no name '_hidden': a name that starts with '_' is private to its flow [unknown-name]"),
                "\(outcome.stdout)")
    }

    @Test func aRepetitionsResultsLeaveOutPrivateNames() throws {
        let flow = """
        version: 1
        flow: app
        start: pick
        screens:
          pick:
            actions: [go]
            on: { go: { push: { to: each, for_each: "['a', 'b']", as: item } } }
          end:
            terminal: true
        flows:
          each:
            start: one
            params: { item: "" }
            variables: { _seen: true }
            screens:
              one:
                actions: [ok]
                on: { ok: { finish: true } }
        on:
          each.done: { replace: end }
        """
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "go\nok\nok\n", directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let values = try #require(try document(outcome.stdout)["values"] as? [String: [String: Any]])
        let results = try #require(values["each"]?["results"] as? [[String: Any]])
        #expect(results.map { Set($0.keys) } == [["item"], ["item"]], "\(outcome.stdout)")
    }
}
