/// `unhandled-action`: every action a screen offers, and every action a branch
/// sends, has a handler somewhere up its responder chain. The note lists the chain.
enum ResponderChainCheck {
    static func check(_ index: FlowIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (flow, screen) in index.allScreens {
            let responder = FlowIndex.Responder.screen(flow: flow, screen: screen)
            for action in index.flows[flow].flow.screens[screen].actions where !ActionEntry.builtIns.contains(action.id.value) {
                if index.route(action.id.value, from: responder).isEmpty {
                    diagnostics.append(unhandled(action.id, offeredBy: responder, index: index, verb: "offers"))
                }
            }
        }
        for flow in index.flows.indices {
            let responders = [FlowIndex.Responder.flow(flow)]
                + index.flows[flow].flow.screens.indices.map { .screen(flow: flow, screen: $0) }
            for responder in responders {
                for handler in index.handlers(of: responder) {
                    for branch in handler.branches {
                        guard let transition = branch.transition, case .send(let action) = transition.value,
                              !ActionEntry.builtIns.contains(action), !action.hasSuffix(".done") else { continue }
                        // A send from the root goes to the application, which handles only the built-ins.
                        guard let next = index.next(of: responder) else {
                            diagnostics.append(Diagnostic(.unhandledAction, "no responder handles the action '\(action)' this branch sends",
                                                          at: transition.location,
                                                          notes: [Diagnostic.Note("a send from the root flow goes to the application, which handles only back and quit",
                                                                                  at: transition.location)]))
                            continue
                        }
                        if index.route(action, from: next).isEmpty {
                            diagnostics.append(unhandled(Located(action, at: transition.location), offeredBy: next, index: index, verb: "sends"))
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    private static func unhandled(_ action: Located<String>, offeredBy responder: FlowIndex.Responder,
                                  index: FlowIndex, verb: String) -> Diagnostic {
        Diagnostic(.unhandledAction, "no responder handles the action '\(action.value)' this \(verb == "offers" ? "screen offers" : "branch sends")",
                   at: action.location,
                   notes: [Diagnostic.Note("searched \(index.describeChain(from: responder))", at: action.location)],
                   fix: Diagnostic.Fix("add '\(action.value)' to the 'on' of the screen or of a flow on this chain"))
    }
}
