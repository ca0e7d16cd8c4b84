/// The warnings about a flow's shape (spec §12): `unreachable-screen`, `unused-flow`,
/// `unused-handler`, `dead-end` and `back-at-root`.
enum GraphCheck {
    static func check(_ index: FlowIndex) -> [Diagnostic] {
        // Without an included flow the graph is incomplete; its include error is reported.
        guard !index.flows.contains(where: { $0.flow.isPlaceholder }) else { return [] }
        let graph = FlowGraph(index)
        let started = startedFlows(graph)
        var diagnostics = started.indices.filter { !started[$0] }.map { flow in
            Diagnostic(.unusedFlow, "nothing starts the flow '\(index.flows[flow].flow.id.value)'", at: index.flows[flow].flow.id.location,
                       fix: Diagnostic.Fix("name it in its parent's 'start', or in a 'push' or 'replace' of its parent"))
        }
        let deadEnds = graph.deadEnds
        for (flow, screen) in index.allScreens {
            let number = index.globalScreen(flow, screen)
            // The screen's id alone: copying the whole screen retains each of its fields.
            let shown = index.flows[flow].flow.screens[screen].id
            if !graph.isReachable(number) {
                // The screens of a flow nothing starts are covered by its `unused-flow`, and
                // those of a flow whose start is broken by that flow's own diagnostic.
                if index.ancestry(of: flow).allSatisfy({ started[$0] && index.startResolves($0) }) {
                    diagnostics.append(Diagnostic(.unreachableScreen, "no path from the start of the run reaches the screen '\(shown.value)'",
                                                  at: shown.location))
                }
            } else if deadEnds[number] {
                diagnostics.append(Diagnostic(.deadEnd, "from the screen '\(shown.value)' no path leads to an end of the run",
                                              at: shown.location,
                                              fix: Diagnostic.Fix("offer 'quit' or 'back', or an action that leads on")))
            }
            if flow == 0, graph.isReachable(number),
               let back = index.flows[flow].flow.screens[screen].actions.first(where: { $0.id.value == "back" }),
               index.route("back", from: .screen(flow: flow, screen: screen)).isEmpty, !graph.isPushed(number) {
                diagnostics.append(Diagnostic(.backAtRoot, "'back' does nothing here: the screen '\(shown.value)' is always the bottom of the root flow's stack",
                                              at: back.id.location))
            }
        }
        return diagnostics + unusedHandlers(index, table: graph.table)
    }

    /// Per flow: whether it is the root, or a child flow that a `start`, `push` or
    /// `replace` of its parent names: the graph's active children and the pushed ones.
    private static func startedFlows(_ graph: FlowGraph) -> [Bool] {
        var started = graph.activeChildren
        started[0] = true
        // A destination is resolved in the handling flow, so a flow pushed in is its child.
        for handler in graph.table.handlers {
            for case .push(.flow(let child)) in handler.steps { started[child] = true }
        }
        return started
    }

    /// Handlers for actions that no screen below offers and no branch below sends.
    private static func unusedHandlers(_ index: FlowIndex, table: RoutingTable) -> [Diagnostic] {
        let uses = ActionUses(table)
        var diagnostics: [Diagnostic] = []
        for flow in index.flows.indices {
            let subtree = index.subtree(of: flow)
            // By index, so that only the actions are copied, not whole handlers and screens.
            let (handlers, screens) = (index.flows[flow].flow.handlers, index.flows[flow].flow.screens)
            for handler in handlers.indices {
                let action = handlers[handler].action
                guard isCheckable(action), let number = table.actionNumber(action.value), !uses.isUsed(number, in: subtree) else { continue }
                diagnostics.append(unused(action, owner: "flow '\(index.flows[flow].flow.id.value)'"))
            }
            for screen in screens.indices {
                for handler in screens[screen].handlers.indices {
                    let action = screens[screen].handlers[handler].action
                    guard isCheckable(action), !screens[screen].actions.contains(where: { $0.id.value == action.value }) else { continue }
                    diagnostics.append(unused(action, owner: "screen '\(screens[screen].id.value)'"))
                }
            }
        }
        return diagnostics
    }

    /// Whether a handler of `action` can be unused: `*.done` handlers are called by flows
    /// finishing, and built-ins can always be typed.
    private static func isCheckable(_ action: Located<String>) -> Bool {
        !action.value.hasSuffix(".done") && !ActionEntry.builtIns.contains(action.value)
    }

    private static func unused(_ action: Located<String>, owner: String) -> Diagnostic {
        Diagnostic(.unusedHandler, "no screen below \(owner) offers '\(action.value)' and no branch below it sends it",
                   at: action.location)
    }
}
