import FlowYAML

/// `unreachable-branch` (spec §12 1.1): the first branch whose `when` holds runs, and a
/// branch without `when` always holds, so every branch listed after one never runs.
enum BranchOrderCheck: Check {
    static let codes: [DiagnosticCode] = [.unreachableBranch]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let flows = context.index.flows
        for flow in flows.indices {
            check(flows[flow].flow.handlers, into: &diagnostics)
            for screen in flows[flow].flow.screens.indices { check(flows[flow].flow.screens[screen].handlersAndEnter, into: &diagnostics) }
        }
        return diagnostics
    }

    /// The handlers are read in place, not gathered into one array, which copied each.
    private static func check(_ handlers: [Handler], into diagnostics: inout [Diagnostic]) {
        for handler in handlers.indices {
            let branches = handlers[handler].branches
            guard let catchAll = branches.firstIndex(where: { $0.when == nil }) else { continue }
            for branch in branches.indices.dropFirst(catchAll + 1) {
                diagnostics.append(Diagnostic(
                    .unreachableBranch, "this branch of '\(handlers[handler].action.value)' never runs: the branch before it has no 'when', so it always runs",
                    at: branches[branch].location, notes: [Diagnostic.Note("this branch always runs", at: branches[catchAll].location)],
                    fix: Diagnostic.Fix("give the earlier branch a 'when', or move this branch above it")))
            }
        }
    }
}
