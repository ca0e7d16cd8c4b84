/// `shadowed-handler` (spec §12 1.2): a flow's handler for an action that every screen
/// offering it, and every `send` of it, below that flow hands to a nearer handler with
/// a branch that always holds. It can never run. (A handler that nothing below uses at
/// all is `unused-handler`'s.)
enum ShadowedHandlerCheck: Check {
    static let codes: [DiagnosticCode] = [.shadowedHandler]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, tree) = (context.index, context.tree)
        var diagnostics: [Diagnostic] = []
        for (flow, entry) in index.flows.enumerated() {
            let subtree = index.subtree(of: flow)
            for handler in entry.flow.handlers where isCheckable(handler.action.value) {
                guard let number = tree.actionNumber(handler.action.value) else { continue }
                let routes = context.uses.uses(of: number, in: subtree).map { StaticRoute(number, from: $0.responder, in: tree) }
                guard !routes.isEmpty, routes.allSatisfy({ route in !route.handlers.contains { $0.responder == .flow(flow) } }),
                      let taker = routes[0].handlers.last, let always = taker.handler.branches.first(where: { $0.when == nil })
                else { continue }
                diagnostics.append(Diagnostic(
                    .shadowedHandler,
                    "the handler of '\(handler.action.value)' in flow '\(entry.flow.id.value)' never runs: every screen below that offers it, and every send of it, is handled first by a branch that always holds",
                    at: handler.action.location,
                    notes: [Diagnostic.Note("\(tree.name(of: taker.responder)) takes it first", at: always.location)],
                    fix: Diagnostic.Fix("give the nearer branch a 'when', or remove this handler")))
            }
        }
        return diagnostics
    }

    /// `*.done` handlers are called by flows finishing, and the built-ins can always be typed.
    private static func isCheckable(_ action: String) -> Bool {
        !action.hasSuffix(".done") && !ActionEntry.builtIns.contains(action)
    }
}
