@testable import FlowKit
import Testing

/// What validation makes of a screen's `enter` (spec §5 1.2): its branches are checked as
/// any branch is, and the graph follows its transitions.
@Suite struct ScreenEnterCheckTests {
    static func diagnostics(_ flow: String) -> [String] {
        Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics.map { "\($0.code.rawValue)@\($0.start.line):\($0.start.column)" }
    }

    @Test func aScreenReachedOnlyThroughAnEnterIsReachableAndNoDeadEnd() {
        #expect(Self.diagnostics("""
        version: 1
        flow: app
        start: gate
        screens:
          gate:
            enter: { replace: inside }
          inside:
            actions: [quit]
        """) == [])
    }

    @Test func anEnterBranchIsCheckedAsAnyBranch() {
        #expect(Self.diagnostics("""
        version: 1
        flow: app
        start: s
        variables: { n: 0 }
        screens:
          s:
            enter: { when: "n + 'a'", say: "{{ missing }}", send: nothing, colour: red }
            actions: [quit]
        """) == ["expression-type@7:23", "unknown-name@7:40", "unhandled-action@7:59", "unknown-key@7:68"])
    }
}
