import FlowKit
import Testing

/// In a tree of many flows, `validate` parses each distinct expression text once and
/// shares the parse among the flows that repeat it: each place still gets its own
/// diagnostics, typed in its own flow's scope.
@Suite struct SharedParseTests {
    /// 70 sibling flows (enough to share parses), each reading `nme` (no name anywhere)
    /// in its screen's title and a field's `when`, and `visits`, a variable of the even
    /// flows only; with the line of each odd flow's `when`.
    static let (flow, oddWhenLines): (String, Set<Int>) = {
        var lines = ["version: 1", "flow: many", "start: c0", "flows:"]
        var oddWhenLines = Set<Int>()
        for child in 0..<70 {
            lines += ["  c\(child):", "    start: s"]
            if child.isMultiple(of: 2) { lines += ["    variables: { visits: 0 }"] }
            lines += ["    screens:", "      s:", "        title: \"Hello {{ nme }}\"", "        fields:",
                      "          - { id: name, when: \"size(nme) > 0 || visits > 1\" }"]
            if !child.isMultiple(of: 2) { oddWhenLines.insert(lines.count) }
            lines += ["        actions: [quit]"]
        }
        return (lines.joined(separator: "\n") + "\n", oddWhenLines)
    }()

    @Test func eachPlaceOfARepeatedTextIsReportedInItsOwnFlow() {
        let found = Validator().validate(Array(Self.flow.utf8), file: "many.yaml").diagnostics.filter { $0.code == .unknownName }
        let nme = found.filter { $0.message.contains("'nme'") }
        let visits = found.filter { $0.message.contains("'visits'") }
        #expect(nme.count == 140)
        #expect(Set(nme.map(\.start.line)).count == 140)
        #expect(Set(visits.map(\.start.line)) == Self.oddWhenLines)
        #expect(visits.count == 35)
    }
}
