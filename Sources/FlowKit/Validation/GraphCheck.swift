/// The warnings about a flow's shape (spec §12): `unreachable-screen`, `unused-flow`,
/// `unused-handler`, `dead-end` and `back-at-root`.
enum GraphCheck {
    static func check(_ index: FlowIndex) -> [Diagnostic] {
        // Without an included flow the graph is incomplete; its include error is reported.
        guard !index.flows.contains(where: { $0.flow.isPlaceholder }) else { return [] }
        let graph = FlowGraph(index)
        let unused = unusedFlows(index)
        var diagnostics = unused.map { flow in
            Diagnostic(.unusedFlow, "nothing starts the flow '\(index.flows[flow].flow.id.value)'", at: index.flows[flow].flow.id.location,
                       fix: Diagnostic.Fix("name it in its parent's 'start', or in a 'push' or 'replace' of its parent"))
        }
        let deadEnds = graph.deadEnds
        for (flow, screen) in index.allScreens {
            let ref = FlowGraph.ScreenRef(flow: flow, screen: screen)
            let shown = index.screen(flow, screen)
            if !graph.reachable.contains(ref) {
                // The screens of a flow nothing starts are covered by its `unused-flow`, and
                // those of a flow whose start is broken by that flow's own diagnostic.
                if index.ancestry(of: flow).allSatisfy({ !unused.contains($0) && index.startResolves($0) }) {
                    diagnostics.append(Diagnostic(.unreachableScreen, "no path from the start of the run reaches the screen '\(shown.id.value)'",
                                                  at: shown.id.location))
                }
            } else if deadEnds.contains(ref) {
                diagnostics.append(Diagnostic(.deadEnd, "from the screen '\(shown.id.value)' no path leads to an end of the run",
                                              at: shown.id.location,
                                              fix: Diagnostic.Fix("offer 'quit' or 'back', or an action that leads on")))
            }
            if flow == 0, graph.reachable.contains(ref), let back = shown.actions.first(where: { $0.id.value == "back" }),
               index.route("back", from: .screen(flow: flow, screen: screen)).isEmpty, !graph.isPushed(ref) {
                diagnostics.append(Diagnostic(.backAtRoot, "'back' does nothing here: the screen '\(shown.id.value)' is always the bottom of the root flow's stack",
                                              at: back.id.location))
            }
        }
        return diagnostics + unusedHandlers(index)
    }

    /// Child flows that no `start`, `push` or `replace` of their parent names.
    private static func unusedFlows(_ index: FlowIndex) -> Set<Int> {
        var started: Set<Int> = [0]
        for parent in index.flows.indices {
            let flow = index.flows[parent].flow
            let responders = [FlowIndex.Responder.flow(parent)] + flow.screens.indices.map { .screen(flow: parent, screen: $0) }
            var names = flow.start.map { [$0.value] } ?? []
            for responder in responders {
                for handler in index.handlers(of: responder) {
                    for branch in handler.branches {
                        switch branch.transition?.value {
                        case .push(let target)?, .replace(let target)?: names.append(target)
                        default: break
                        }
                    }
                }
            }
            for name in names { if let child = index.child(of: parent, named: name) { started.insert(child) } }
        }
        return Set(index.flows.indices).subtracting(started)
    }

    /// Handlers for actions that no screen below offers and no branch below sends.
    private static func unusedHandlers(_ index: FlowIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for flow in index.flows.indices {
            let subtree = index.subtree(of: flow)
            let screensBelow = subtree.flatMap { f in index.flows[f].flow.screens.indices.map { (f, $0) } }
            let offeredBelow = Set(screensBelow.flatMap { index.screen($0.0, $0.1).actions.map(\.id.value) })
            // A flow's own branches send from its parent on, so only what lies below it counts.
            let respondersBelow = screensBelow.map { FlowIndex.Responder.screen(flow: $0.0, screen: $0.1) }
                + subtree.filter { $0 != flow }.map(FlowIndex.Responder.flow)
            let sentBelow = Set(respondersBelow.flatMap { sends(of: $0, in: index) })
            for handler in index.flows[flow].flow.handlers where isCheckable(handler) {
                let action = handler.action.value
                if !offeredBelow.contains(action) && !sentBelow.contains(action) {
                    diagnostics.append(unused(handler, owner: "flow '\(index.flows[flow].flow.id.value)'"))
                }
            }
            for screen in index.flows[flow].flow.screens {
                let offered = Set(screen.actions.map(\.id.value))
                for handler in screen.handlers where isCheckable(handler) && !offered.contains(handler.action.value) {
                    diagnostics.append(unused(handler, owner: "screen '\(screen.id.value)'"))
                }
            }
        }
        return diagnostics
    }

    /// `*.done` handlers are called by flows finishing, and built-ins can always be typed.
    private static func isCheckable(_ handler: Handler) -> Bool {
        !handler.action.value.hasSuffix(".done") && !ActionEntry.builtIns.contains(handler.action.value)
    }

    private static func sends(of responder: FlowIndex.Responder, in index: FlowIndex) -> [String] {
        index.handlers(of: responder).flatMap { handler in
            handler.branches.compactMap { branch in
                if case .send(let action)? = branch.transition?.value { return action }
                return nil
            }
        }
    }

    private static func unused(_ handler: Handler, owner: String) -> Diagnostic {
        Diagnostic(.unusedHandler, "no screen below \(owner) offers '\(handler.action.value)' and no branch below it sends it",
                   at: handler.action.location)
    }
}
