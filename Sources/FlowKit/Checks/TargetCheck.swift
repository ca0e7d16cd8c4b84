import FlowYAML

/// `unknown-target`: `start`, `push` and `replace` name a screen or child flow of
/// the handling flow (spec §7), with the nearest valid name as a suggestion.
enum TargetCheck: Check {
    static let codes: [DiagnosticCode] = [.unknownTarget]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var diagnostics: [Diagnostic] = []
        for (position, entry) in index.flows.enumerated() {
            let flow = entry.flow
            if let start = flow.start {
                diagnostics += check(start, in: position, of: index)
            }
            flow.forEachBranch { branch in
                switch branch.transition?.value {
                case .push(let target)?, .replace(let target)?:
                    diagnostics += check(Located(target, at: branch.transition?.location ?? flow.location), in: position, of: index)
                default: break
                }
            }
        }
        return diagnostics
    }

    private static func check(_ target: Located<String>, in position: Int, of index: FlowIndex) -> [Diagnostic] {
        guard index.target(target.value, in: position) == nil else { return [] }
        let flow = index.flows[position].flow
        let names = flow.screens.map(\.id.value) + flow.flows.map(\.id.value)
        return [Diagnostic(.unknownTarget, "'\(target.value)' is not a screen or child flow of flow '\(flow.id.value)'",
                           at: target.location, fix: .nearest(to: target.value, among: names))]
    }
}
