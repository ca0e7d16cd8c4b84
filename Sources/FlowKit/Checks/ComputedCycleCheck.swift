import FlowYAML
import FlowExpressions

/// `computed-cycle` (spec §4, §12 1.1): computed values that read each other in a circle
/// could never be evaluated. A computed value reads another where a bare name in its
/// expression resolves (along the chain, as at run time) to a computed value, or where
/// it reads one as `flowid.name`.
enum ComputedCycleCheck: Check {
    static let codes: [DiagnosticCode] = [.computedCycle]

    /// A computed value: its flow and its place in that flow's `computed`.
    private struct Node: Hashable {
        let flow: Int
        let entry: Int
    }

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var reads: [Node: [Node]] = [:]
        for (position, entry) in index.flows.enumerated() {
            for (number, computed) in entry.flow.computed.enumerated() {
                guard case .success(let parsed) = ExpressionParser.parse(computed.expression.value) else { continue }
                var found: [Node] = []
                parsed.root.forEachNode { node in
                    switch node.kind {
                    case .identifier(let name):
                        if let target = resolve(name, from: position, in: index) { found.append(target) }
                    case .select(let operand, let member):
                        // `flowid.name`, where `flowid` is a flow rather than a variable.
                        guard case .identifier(let flowID) = operand.kind, resolve(flowID, from: position, in: index) == nil,
                              let target = index.flow(named: flowID),
                              let number = index.flows[target].flow.computed.firstIndex(where: { $0.name.value == member }) else { return }
                        found.append(Node(flow: target, entry: number))
                    default:
                        break
                    }
                }
                reads[Node(flow: position, entry: number)] = found
            }
        }
        var diagnostics: [Diagnostic] = []
        var reported: Set<Node> = []
        for start in reads.keys.sorted(by: { ($0.flow, $0.entry) < ($1.flow, $1.entry) }) where !reported.contains(start) {
            guard let circle = circle(from: start, reads: reads) else { continue }
            reported.formUnion(circle)
            let names = circle.map { index.flows[$0.flow].flow.computed[$0.entry].name }
            diagnostics.append(Diagnostic(
                .computedCycle, "'\(names[0].value)' is computed from itself: " + (names + [names[0]]).map { "'\($0.value)'" }.joined(separator: " reads "),
                at: names[0].location, notes: names.dropFirst().map { Diagnostic.Note("'\($0.value)' is in the circle", at: $0.location) }))
        }
        return diagnostics
    }

    /// The computed value a bare name reads from `flow`: the nearest flow along the chain
    /// that has a variable, field or computed value of the name, if that one is computed.
    private static func resolve(_ name: String, from flow: Int, in index: FlowIndex) -> Node? {
        for ancestor in index.ancestry(of: flow) {
            let entry = index.flows[ancestor].flow
            if let number = entry.computed.firstIndex(where: { $0.name.value == name }) { return Node(flow: ancestor, entry: number) }
            if entry.variables.contains(where: { $0.name.value == name }) || entry.screens.contains(where: { $0.fields.contains { $0.id.value == name } }) {
                return nil
            }
        }
        return nil
    }

    /// The circle through `start`, in reading order, if `start` is on one.
    private static func circle(from start: Node, reads: [Node: [Node]]) -> [Node]? {
        var path: [Node] = [start]
        var visited: Set<Node> = [start]
        func walk(_ node: Node) -> [Node]? {
            for next in reads[node] ?? [] {
                if next == start { return path }
                guard visited.insert(next).inserted else { continue }
                path.append(next)
                if let found = walk(next) { return found }
                path.removeLast()
            }
            return nil
        }
        return walk(start)
    }
}
