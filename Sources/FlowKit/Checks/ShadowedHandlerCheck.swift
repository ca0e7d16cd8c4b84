import FlowYAML

/// `shadowed-handler` (spec §12 1.2): a flow's handler for an action that every screen
/// offering it, and every `send` of it, below that flow hands to a nearer handler with
/// a branch that always holds. It can never run. (A handler that nothing below uses at
/// all is `unused-handler`'s.)
enum ShadowedHandlerCheck: Check {
    static let codes: [DiagnosticCode] = [.shadowedHandler]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, tree) = (context.index, context.tree)
        var diagnostics: [Diagnostic] = []
        let entries = index.flows
        // By index, not `for in`: flows and handlers are read in place rather than copied.
        for flow in entries.indices {
            let subtree = index.subtree(of: flow)
            for position in entries[flow].flow.handlers.indices {
                let action = entries[flow].flow.handlers[position].action
                guard ActionEntry.isOwn(action.value), let number = tree.actionNumber(action.value),
                      let taker = nearerTaker(of: number, below: flow, uses: context.uses.uses(of: number, in: subtree), in: tree),
                      let always = taker.handler.branches.first(where: { $0.when == nil })
                else { continue }
                diagnostics.append(Diagnostic(
                    .shadowedHandler,
                    "the handler of '\(action.value)' in flow '\(entries[flow].flow.id.value)' never runs: every screen below that offers it, and every send of it, is handled first by a branch that always holds",
                    at: action.location,
                    notes: [Diagnostic.Note("\(tree.name(of: taker.responder)) takes it first", at: always.location)],
                    fix: Diagnostic.Fix("give the nearer branch a 'when', or remove this handler")))
            }
        }
        return diagnostics
    }

    /// The handler that takes the action first from the first use, when the action never
    /// reaches the flow's own handler from any use. Most handlers are reached from their
    /// first use, so the routes stop being walked there.
    private static func nearerTaker(of action: Int, below flow: Int, uses: ArraySlice<ActionUses.Use>, in tree: ResponderTree) -> StaticRoute.Reached? {
        var first: StaticRoute?
        for use in uses {
            let route = StaticRoute(action, from: use.responder, in: tree)
            guard !route.handlers.contains(where: { $0.responder == .flow(flow) }) else { return nil }
            if first == nil { first = route }
        }
        return first?.handlers.last
    }
}
