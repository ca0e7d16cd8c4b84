@testable import flowrun
import Testing

/// Which flow file `run` starts reading before its arguments are parsed.
@Suite struct FlowFilePreloadTests {
    @Test func aFlowFileRightAfterTheProgramOrRunIsPreloaded() {
        #expect(FlowFilePreload.flowPath(in: ["flowrun", "Flows/signin.yaml"]) == "Flows/signin.yaml")
        #expect(FlowFilePreload.flowPath(in: ["flowrun", "run", "f.yml", "--output", "none"]) == "f.yml")
    }

    @Test func otherCommandsAndOptionsBeforeTheFileAreNotGuessedAt() {
        #expect(FlowFilePreload.flowPath(in: ["flowrun", "validate", "f.yaml"]) == nil)
        #expect(FlowFilePreload.flowPath(in: ["flowrun", "run", "--plain", "f.yaml"]) == nil)
        #expect(FlowFilePreload.flowPath(in: ["flowrun", "run", "notes.txt"]) == nil)
        #expect(FlowFilePreload.flowPath(in: ["flowrun"]) == nil)
    }

    @Test func aPreloadIsHandedOverOnlyForItsOwnPath() throws {
        FlowFilePreload.start(arguments: ["flowrun", "run", "no-such-flow.yaml"])
        #expect(FlowFilePreload.take("other.yaml") == nil)
        let outcome = try #require(FlowFilePreload.take("no-such-flow.yaml")).outcome()
        guard case .unreadable = outcome else {
            Issue.record("expected the missing file to be unreadable, got \(outcome)")
            return
        }
        #expect(FlowFilePreload.take("no-such-flow.yaml") == nil, "handed over twice")
    }
}
