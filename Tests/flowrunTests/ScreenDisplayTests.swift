import Foundation
import Testing
import TestSupport
import FlowYAML

/// What a run prints for each screen (spec §5 1.1): a `terminal` screen is shown like
/// any other, flow titles head the first screen after their flow starts, and `--resume`
/// shows the current screen again in full.
@Suite struct ScreenDisplayTests {
    static let goodbye = """
    version: 1
    flow: app
    start: s
    on: { done: { push: bye } }
    screens:
      s: { text: "hello", actions: [done] }
      bye: { title: Goodbye, text: "Thanks, all saved.", terminal: true }
    """

    @Test func aTerminalScreenIsShownBeforeItsFlowFinishes() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "done\n", directory: try FlowrunProcess.folder(holding: Self.goodbye))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("Goodbye\nThanks, all saved."), "stderr: \(outcome.stderr)")
    }

    @Test func aTerminalScreensFieldsAreAskedUnderItsText() throws {
        let flow = """
        version: 1
        flow: app
        start: rate
        screens:
          rate:
            title: Thanks
            text: "One last question."
            terminal: true
            fields: [{ id: stars, type: integer, label: "Stars" }]
        """
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "5\n", directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.status == 0)
        let text = try #require(outcome.stderr.range(of: "One last question."))
        let prompt = try #require(outcome.stderr.range(of: "Stars: "))
        #expect(text.upperBound <= prompt.lowerBound)
    }

    static let titled = """
    version: 1
    flow: incident
    title: "Incident {{ name }}"
    variables: { name: "db-down" }
    start: triage
    on:
      triage.done: { push: wrapup }
      wrapup.done: { finish: true }
    flows:
      triage:
        title: Triage
        start: sev
        screens:
          sev: { title: Severity, actions: [next] }
        on: { next: { finish: true } }
      wrapup:
        title: Wrap-up
        start: bye
        screens:
          bye: { text: "All done.", terminal: true }
    """

    @Test func flowTitlesHeadTheFirstScreenAfterTheirFlowStartsOutermostFirst() throws {
        let directory = try FlowrunProcess.folder(holding: Self.titled)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--transcript", "t.jsonl"], stdin: "next\n", directory: directory)
        #expect(outcome.status == 0)
        let stderr = outcome.stderr
        let order = ["== Incident db-down ==", "== Triage ==", "Severity", "== Wrap-up ==", "All done."].map { stderr.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil), "stderr: \(stderr)")
        #expect(zip(order, order.dropFirst()).allSatisfy { ($0 ?? stderr.endIndex) < ($1 ?? stderr.startIndex) }, "stderr: \(stderr)")
        #expect(stderr.components(separatedBy: "== Incident db-down ==").count == 2, "a title is shown once, when its flow starts")
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        let titles = try transcriptEvents(transcript).filter { $0["event"] as? String == "flow" }.map { "\($0["flow"] ?? "")=\($0["title"] ?? "")" }
        #expect(titles == ["incident=Incident db-down", "triage=Triage", "wrapup=Wrap-up"])
    }

    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the pty driver needs it"))
    func aTerminalScreenIsShownInTheTerminalToo() throws {
        let screen = try PtyDriver.drive([.expect("Done"), .send("\r"), .expect("Thanks, all saved.")], flow: Self.goodbye)
        #expect(screen.expect_failed == nil, "screen: \(screen.screen)")
        #expect(screen.status == 0)
    }

    @Test func resumeShowsTheCurrentScreenInFullBeforeAsking() throws {
        let flow = """
        version: 1
        flow: app
        title: Onboarding
        start: who
        flows:
          who:
            title: About you
            start: form
            screens:
              form:
                title: Your details
                text: "Tell us who you are."
                fields: [{ id: name }, { id: team }]
                actions: [done]
                on: { done: { finish: true } }
        """
        let directory = try FlowrunProcess.folder(holding: flow)
        _ = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json"], stdin: "Ada\n", directory: directory)
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--resume"], stdin: "core\ndone\n", directory: directory)
        #expect(resumed.status == 0)
        let stderr = resumed.stderr
        let order = ["== Onboarding ==", "== About you ==", "Your details", "Tell us who you are.", "Team: "].map { stderr.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil), "stderr: \(stderr)")
        #expect(zip(order, order.dropFirst()).allSatisfy { ($0 ?? stderr.endIndex) < ($1 ?? stderr.startIndex) }, "stderr: \(stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any])
        #expect(result["path"] as? [String] == ["who/form"], "resuming does not add the screen to the path again")
    }
}

/// The JSON objects of a transcript, one per line.
func transcriptEvents(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
