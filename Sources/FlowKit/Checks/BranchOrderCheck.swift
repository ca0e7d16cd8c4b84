import FlowYAML

/// `unreachable-branch` (spec §12 1.1): the first branch whose `when` holds runs, and a
/// branch without `when` always holds, so every branch listed after one never runs.
enum BranchOrderCheck: Check {
    static let codes: [DiagnosticCode] = [.unreachableBranch]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in context.index.flows {
            for handler in entry.flow.handlers + entry.flow.screens.flatMap(\.handlersAndEnter) {
                guard let catchAll = handler.branches.firstIndex(where: { $0.when == nil }) else { continue }
                for branch in handler.branches[(catchAll + 1)...] {
                    diagnostics.append(Diagnostic(
                        .unreachableBranch, "this branch of '\(handler.action.value)' never runs: the branch before it has no 'when', so it always runs",
                        at: branch.location, notes: [Diagnostic.Note("this branch always runs", at: handler.branches[catchAll].location)],
                        fix: Diagnostic.Fix("give the earlier branch a 'when', or move this branch above it")))
                }
            }
        }
        return diagnostics
    }
}
