import Foundation
import Testing
import TestSupport

/// `index:` on a `for_each` (flow-format §7 1.2) and preset answers per run, keyed
/// `flowid[N].fieldid` (cli.md 1.2).
@Suite struct RepetitionIndexTests {
    static let flow = """
    version: 1
    flow: app
    start: pick
    screens:
      pick:
        actions: [{ id: go, default: true }]
        on: { go: { push: { to: svc, for_each: "['api', 'web', 'db']", as: name, index: i } } }
      end:
        terminal: true
    flows:
      svc:
        start: check
        params: { name: "", i: 0 }
        screens:
          check:
            title: "Service {{ i + 1 }} of 3: {{ name }}"
            fields:
              - { id: status, type: choice, options: [ok, down], default: ok }
            actions: [{ id: next, default: true }]
            on: { next: { finish: true } }
    on:
      svc.done: { replace: end }
    """

    private func results(_ stdout: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let values = try #require(document["values"] as? [String: [String: Any]])
        return try #require(values["svc"]?["results"] as? [[String: Any]])
    }

    @Test func eachRunReadsItsPosition() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults"], directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for (number, name) in ["api", "web", "db"].enumerated() {
            #expect(outcome.stderr.contains("Service \(number + 1) of 3: \(name)"), "\(outcome.stderr)")
        }
        #expect(try results(outcome.stdout).map { $0["i"] as? Int } == [0, 1, 2])
    }

    @Test func backIntoAnEarlierRunKeepsItsPosition() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "go\n\nnext\n\nback\nback\n\nnext\n\nnext\n\nnext\n",
                                             directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try results(outcome.stdout).map { $0["i"] as? Int } == [0, 1, 2], "\(outcome.stdout)")
    }

    @Test func aKeyWithARunNumberAnswersThatRunAndAPlainKeyTheOthers() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try "svc.status: down\nsvc[1].status: ok\n".write(to: directory.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--answers", "a.yaml", "--defaults"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try results(outcome.stdout).map { $0["status"] as? String } == ["down", "ok", "down"])
        #expect(!outcome.stderr.contains("was not used"), "\(outcome.stderr)")

        let set = try FlowrunProcess.run(["run", "f.yaml", "--set", "svc[2].status=down", "--defaults"], directory: directory)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try results(set.stdout).map { $0["status"] as? String } == ["ok", "ok", "down"])
    }

    @Test func aResumeInALaterRunKeepsThePositions() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let first = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json"], stdin: "go\ndown\nnext\n", directory: directory)
        #expect(first.status == 3, "input ended in the second run: \(first.stderr)")
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json", "--resume"], stdin: "\nnext\n\nnext\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("Service 2 of 3: web") && resumed.stderr.contains("Service 3 of 3: db"), "\(resumed.stderr)")
        #expect(try results(resumed.stdout).map { $0["i"] as? Int } == [0, 1, 2])
        #expect(try results(resumed.stdout).map { $0["status"] as? String } == ["down", "ok", "ok"])
    }

    @Test func aFlowTestAnswersOneRunByItsNumber() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        cases:
          - name: the second service is down
            answers: { svc.status: ok, "svc[1].status": down }
            input: [go, next, next, next]
            expect:
              status: finished
              values: { svc: { results: [{ i: 0, status: ok }, { i: 1, status: down }, { i: 2, status: ok }] } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 passed, 0 failed"), "\(outcome.stdout)")
    }

    @Test func aRunNumberThatNoRunReachesIsReported() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--set", "svc[3].status=down", "--defaults"],
                                             directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("flowrun: warning: the answer for 'svc[3].status' was not used: the flow's run 3 did not ask that field (runs are counted from 0)"),
                "\(outcome.stderr)")
    }

    @Test func badKeysStopTheRunBeforeItStarts() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow.replacingOccurrences(of: "  end:\n    terminal: true",
                                                                                         with: "  end:\n    terminal: true\n    fields: [{ id: note, required: false }]"))
        let notRepeated = try FlowrunProcess.run(["run", "f.yaml", "--set", "app[0].note=x", "--defaults"], directory: directory)
        #expect(notRepeated.status == 2)
        #expect(notRepeated.stderr.contains("flowrun: error: --set: 'app[0].note' numbers a run, but no for_each repeats flow 'app'; write 'app.note'"),
                "\(notRepeated.stderr)")
        #expect(notRepeated.stdout.isEmpty, "the run did not start")

        let twice = try FlowrunProcess.run(["run", "f.yaml", "--set", "svc[1].status=ok", "--set", "svc[01].status=down", "--defaults"], directory: directory)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--set: 'svc[01].status' and 'svc[1].status' both answer the field 'svc[1].status'; give each field one answer"),
                "\(twice.stderr)")

        let unknown = try FlowrunProcess.run(["run", "f.yaml", "--set", "svc[x].status=ok", "--defaults"], directory: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'svc[x].status' names no field of the flow"), "\(unknown.stderr)")
    }

    @Test func indexNamesAnIntParamOfTheChild() throws {
        let flow = Self.flow.replacingOccurrences(of: "params: { name: \"\", i: 0 }", with: "params: { name: \"\", i: \"\" }")
            .replacingOccurrences(of: "{{ i + 1 }}", with: "{{ i }}")
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("""
            f.yaml:7:85: error: 'index' gives each run's position, an int, but param 'i' of flow 'svc' is declared with the default '' [expression-type]
            """), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("f.yaml:13:25: note: 'i' is declared here; give it an int default, such as 0"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 error, 0 warnings"), "one diagnostic: \(outcome.stdout)")
    }

    @Test func indexNamesAParamAndNeedsForEach() throws {
        let unknown = Self.flow.replacingOccurrences(of: "index: i }", with: "index: n }")
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: try FlowrunProcess.folder(holding: unknown))
        #expect(outcome.stdout.contains("f.yaml:7:85: error: flow 'svc' has no param 'n': it has the params 'name', 'i' [unknown-name]"), "\(outcome.stdout)")

        let alone = Self.flow.replacingOccurrences(of: "for_each: \"['api', 'web', 'db']\", as: name, index: i", with: "index: i")
        let withoutForEach = try FlowrunProcess.run(["validate", "f.yaml"], directory: try FlowrunProcess.folder(holding: alone))
        #expect(withoutForEach.stdout.contains("f.yaml:7:41: error: 'index' names the param of each run's position, and needs 'for_each' [type-mismatch]"),
                "\(withoutForEach.stdout)")

        let same = Self.flow.replacingOccurrences(of: "index: i }", with: "index: name }")
        let both = try FlowrunProcess.run(["validate", "f.yaml"], directory: try FlowrunProcess.folder(holding: same))
        #expect(both.stdout.contains("f.yaml:7:85: error: 'index' and 'as' both name the param 'name': the position and the element each need their own [type-mismatch]"),
                "\(both.stdout)")
        #expect(both.stdout.contains("1 error, 0 warnings"), "one mistake, one diagnostic: \(both.stdout)")

        // A `with` value for the param `as` or `index` fills would be lost.
        let given = Self.flow.replacingOccurrences(of: "index: i }", with: "index: i, with: { i: 5, name: '\"z\"' } }")
        let lost = try FlowrunProcess.run(["validate", "f.yaml"], directory: try FlowrunProcess.folder(holding: given))
        #expect(lost.stdout.contains("f.yaml:7:96: error: 'index' gives the param 'i' each run's position, so the value 'with' gives it is never used [type-mismatch]"),
                "\(lost.stdout)")
        #expect(lost.stdout.contains("f.yaml:7:102: error: 'as' gives the param 'name' each run's element, so the value 'with' gives it is never used [type-mismatch]"),
                "\(lost.stdout)")
    }
}
