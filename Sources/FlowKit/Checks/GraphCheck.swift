import FlowYAML

/// The warnings about a flow's shape (spec §12): `unreachable-screen`, `unused-flow`,
/// `unused-handler`, `dead-end` and `back-at-root`.
///
/// One mistake gives one diagnostic (spec §12 1.1): where a transition names nothing
/// (`unknown-target`, or a send no responder handles), the screens it would reach are
/// not reported unreachable, nor the screens it would leave dead ends; nor are the
/// screens of an `enter-loop`, nor those leading into one, dead ends.
enum GraphCheck: Check {
    static let codes: [DiagnosticCode] = [.unreachableScreen, .unusedFlow, .unusedHandler, .deadEnd, .backAtRoot]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        // Without an included flow the graph is incomplete; its include error is reported.
        guard !index.flows.indices.contains(where: { index.flows[$0].flow.isPlaceholder }) else { return [] }
        // Where a transition names nothing, no `dead-end` is reported, as any screen's way out may pass through it.
        let transitionsBroken = context.found.contains { [.unknownTarget, .unhandledAction, .enterLoop].contains($0.code) }
        let tree = context.tree
        let graph = FlowGraph(tree)
        let started = startedFlows(graph)
        // A flow with a broken target may reach any screen of its subtree through it.
        let brokenTarget = index.flows.indices.filter { !index.targetsResolve($0) }
        let reachedPerhaps = { (flow: Int) in brokenTarget.contains { index.subtree(of: $0).contains(flow) } }
        var diagnostics = started.indices.filter { !started[$0] && !reachedPerhaps($0) }.map { flow in
            Diagnostic(.unusedFlow, "nothing starts the flow '\(index.flows[flow].flow.id.value)'", at: index.flows[flow].flow.id.location,
                       fix: Diagnostic.Fix("name it in its parent's 'start', or in a 'push' or 'replace' of its parent"))
        }
        let deadEnds = graph.deadEnds
        // Screens are read in place, by index: copying each one was 2% of `validate`'s time.
        for flow in index.flows.indices {
            let screens = index.flows[flow].flow.screens
            for position in screens.indices {
                let number = index.globalScreen(flow, position)
                let id = screens[position].id
                if !graph.isReachable(number) {
                    // The screens of a flow nothing starts are covered by its `unused-flow`, and
                    // those a broken target may have been meant to reach by its `unknown-target`.
                    if index.ancestry(of: flow).allSatisfy({ started[$0] }), !reachedPerhaps(flow) {
                        diagnostics.append(Diagnostic(.unreachableScreen, "no path from the start of the run reaches the screen '\(id.value)'",
                                                      at: id.location))
                    }
                } else if deadEnds[number], !transitionsBroken {
                    diagnostics.append(Diagnostic(.deadEnd, "from the screen '\(id.value)' no path leads to an end of the run",
                                                  at: id.location,
                                                  fix: Diagnostic.Fix("offer 'quit' or 'back', or an action that leads on")))
                }
                if flow == 0, graph.isReachable(number), let back = screens[position].actions.first(where: { $0.id.value == "back" }),
                   StaticRoute(ResponderTree.BuiltIn.back.rawValue, from: .screen(number), in: tree).handlers.isEmpty, !graph.isPushed(number) {
                    diagnostics.append(Diagnostic(.backAtRoot, "'back' does nothing here: the screen '\(id.value)' is always the bottom of the root flow's stack",
                                                  at: back.id.location))
                }
            }
        }
        return diagnostics + unusedHandlers(index, tree: tree, uses: context.uses)
    }

    /// Per flow: whether it is the root, or a child flow that a `start`, `push` or
    /// `replace` of its parent names: the graph's active children and the pushed ones.
    private static func startedFlows(_ graph: FlowGraph) -> [Bool] {
        var started = graph.activeChildren
        started[0] = true
        // A destination is resolved in the handling flow, so a flow pushed in is its child.
        graph.tree.forEachHandlerBranch { _, branch in
            if case .push(.flow(let child)?)? = branch.transition { started[child] = true }
        }
        return started
    }

    /// Handlers for actions that no screen below offers and no branch below sends.
    private static func unusedHandlers(_ index: FlowIndex, tree: ResponderTree, uses: ActionUses) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for position in index.flows.indices {
            let subtree = index.subtree(of: position)
            let flow = index.flows[position].flow
            for handler in flow.handlers.indices {
                let action = flow.handlers[handler].action
                guard ActionEntry.isOwn(action.value), let number = tree.actionNumber(action.value),
                      !uses.isUsed(number, in: subtree) else { continue }
                diagnostics.append(unused(action, owner: "flow '\(flow.id.value)'"))
            }
            for screen in flow.screens.indices {
                let (handlers, actions) = (flow.screens[screen].handlers, flow.screens[screen].actions)
                for handler in handlers.indices where ActionEntry.isOwn(handlers[handler].action.value) {
                    guard !actions.contains(where: { $0.id.value == handlers[handler].action.value }) else { continue }
                    diagnostics.append(unused(handlers[handler].action, owner: "screen '\(flow.screens[screen].id.value)'"))
                }
            }
        }
        return diagnostics
    }

    private static func unused(_ action: Located<String>, owner: String) -> Diagnostic {
        Diagnostic(.unusedHandler, "no screen below \(owner) offers '\(action.value)' and no branch below it sends it",
                   at: action.location)
    }
}
