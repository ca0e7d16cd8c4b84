import FlowYAML

/// `unknown-done` (spec §8 1.1): a `c.done` handler runs only in a flow of which `c` is
/// a child or a deeper descendant, since a finished flow dispatches `c.done` from its
/// parent up. Anywhere else it can never run: on a screen, in a flow that is not an
/// ancestor of `c`, or for a name that is no flow.
enum DoneHandlerCheck: Check {
    static let codes: [DiagnosticCode] = [.unknownDone]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var diagnostics: [Diagnostic] = []
        for position in index.flows.indices {
            let flow = index.flows[position].flow
            let descendants = index.subtree(of: position).dropFirst().map { index.flows[$0].flow.id.value }
            for handler in flow.handlers.indices {
                let action = flow.handlers[handler].action
                guard let child = ActionEntry.finishedFlow(action.value), !descendants.contains(child) else { continue }
                let place = index.flow(named: child) == nil ? "there is no flow '\(child)'" : "flow '\(child)' is not below flow '\(flow.id.value)'"
                diagnostics.append(Diagnostic(.unknownDone, "this handler can never run: \(place), and a finished flow's 'done' goes from its parent up",
                                              at: action.location, fix: NearestName.suggest(child, among: descendants).map { .didYouMean("\($0).done") }))
            }
            // Read in place, by index, as copying each screen and handler costs.
            for screen in flow.screens.indices {
                let handlers = flow.screens[screen].handlers
                for handler in handlers.indices {
                    guard let child = ActionEntry.finishedFlow(handlers[handler].action.value) else { continue }
                    diagnostics.append(Diagnostic(.unknownDone, "a screen never receives '\(child).done': a finished flow's 'done' goes from its parent flow up; handle it in flow '\(flow.id.value)' or above",
                                                  at: handlers[handler].action.location))
                }
            }
        }
        return diagnostics
    }
}
