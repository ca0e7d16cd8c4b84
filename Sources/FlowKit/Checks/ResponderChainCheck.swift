import FlowYAML

/// `unhandled-action`: every action a screen offers, and every action a branch
/// sends, has a handler somewhere up its responder chain. The note lists the chain.
enum ResponderChainCheck: Check {
    static let codes: [DiagnosticCode] = [.unhandledAction]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, tree) = (context.index, context.tree)
        var diagnostics: [Diagnostic] = []
        for flow in index.flows.indices {
            let screens = index.flows[flow].flow.screens
            for position in screens.indices {
                let responder = ResponderTree.Responder.screen(index.globalScreen(flow, position))
                let actions = screens[position].actions
                for action in actions.indices where !ActionEntry.builtIns.contains(actions[action].id.value) {
                    if isUnhandled(actions[action].id.value, from: responder, in: tree) {
                        diagnostics.append(unhandled(actions[action].id, offeredBy: responder, tree: tree, verb: "screen offers"))
                    }
                }
                diagnostics += checkSends(screens[position].handlersAndEnter, from: responder, tree: tree)
            }
            diagnostics += checkSends(index.flows[flow].flow.handlers, from: .flow(flow), tree: tree)
        }
        return diagnostics
    }

    /// A `send` goes to the responder after the one whose handler sends it.
    private static func checkSends(_ handlers: [Handler], from responder: ResponderTree.Responder, tree: ResponderTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for branch in handlers.lazy.flatMap(\.branches) {
            guard let transition = branch.transition, case .send(let action) = transition.value,
                  ActionEntry.isOwn(action) else { continue }
            // A send from the root goes to the application, which handles only the built-ins.
            guard let next = tree.next(of: responder) else {
                diagnostics.append(Diagnostic(.unhandledAction, "no responder handles the action '\(action)' this branch sends",
                                              at: transition.location,
                                              notes: [Diagnostic.Note("a send from the root flow goes to the application, which handles only back and quit",
                                                                      at: transition.location)]))
                continue
            }
            if isUnhandled(action, from: next, in: tree) {
                diagnostics.append(unhandled(Located(action, at: transition.location), offeredBy: next, tree: tree, verb: "branch sends"))
            }
        }
        return diagnostics
    }

    /// Whether no handler on the chain from `responder` up handles the action.
    private static func isUnhandled(_ action: String, from responder: ResponderTree.Responder, in tree: ResponderTree) -> Bool {
        tree.actionNumber(action).map { !StaticRoute.reachesAHandler($0, from: responder, in: tree) } ?? true
    }

    private static func unhandled(_ action: Located<String>, offeredBy responder: ResponderTree.Responder, tree: ResponderTree, verb: String) -> Diagnostic {
        let chain = tree.chain(from: responder).map(tree.name) + [ResponderName.application]
        return Diagnostic(.unhandledAction, "no responder handles the action '\(action.value)' this \(verb)",
                          at: action.location,
                          notes: [Diagnostic.Note("searched \(chain.joined(separator: " → "))", at: action.location)],
                          fix: Diagnostic.Fix("add '\(action.value)' to the 'on' of the screen or of a flow on this chain"))
    }
}
