/// `unhandled-action`: every action a screen offers, and every action a branch
/// sends, has a handler somewhere up its responder chain. The note lists the chain.
enum ResponderChainCheck: Check {
    static let codes: [DiagnosticCode] = [.unhandledAction]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, table) = (context.index, context.table)
        var diagnostics: [Diagnostic] = []
        for (flow, entry) in index.flows.enumerated() {
            for (position, screen) in entry.flow.screens.enumerated() {
                let responder = table.responder(ofScreen: index.globalScreen(flow, position))
                for action in screen.actions where !ActionEntry.builtIns.contains(action.id.value) {
                    if table.route(action.id.value, from: responder).isEmpty {
                        diagnostics.append(unhandled(action.id, offeredBy: responder, table: table, verb: "screen offers"))
                    }
                }
                diagnostics += checkSends(screen.handlers, from: responder, table: table)
            }
            diagnostics += checkSends(entry.flow.handlers, from: flow, table: table)
        }
        return diagnostics
    }

    /// A `send` goes to the responder after the one whose handler sends it.
    private static func checkSends(_ handlers: [Handler], from responder: Int, table: RoutingTable) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for branch in handlers.flatMap(\.branches) {
            guard let transition = branch.transition, case .send(let action) = transition.value,
                  !ActionEntry.builtIns.contains(action), !action.hasSuffix(".done") else { continue }
            // A send from the root goes to the application, which handles only the built-ins.
            guard let next = table.next(of: responder) else {
                diagnostics.append(Diagnostic(.unhandledAction, "no responder handles the action '\(action)' this branch sends",
                                              at: transition.location,
                                              notes: [Diagnostic.Note("a send from the root flow goes to the application, which handles only back and quit",
                                                                      at: transition.location)]))
                continue
            }
            if table.route(action, from: next).isEmpty {
                diagnostics.append(unhandled(Located(action, at: transition.location), offeredBy: next, table: table, verb: "branch sends"))
            }
        }
        return diagnostics
    }

    private static func unhandled(_ action: Located<String>, offeredBy responder: Int, table: RoutingTable, verb: String) -> Diagnostic {
        let chain = table.chain(from: responder).map(table.name) + [ResponderName.application]
        return Diagnostic(.unhandledAction, "no responder handles the action '\(action.value)' this \(verb)",
                          at: action.location,
                          notes: [Diagnostic.Note("searched \(chain.joined(separator: " → "))", at: action.location)],
                          fix: Diagnostic.Fix("add '\(action.value)' to the 'on' of the screen or of a flow on this chain"))
    }
}
