/// `shadowed-handler` (spec §12 1.2): a flow's handler for an action that every screen
/// offering it, and every `send` of it, below that flow hands to a nearer handler with
/// a branch that always holds. It can never run. (A handler that nothing below uses at
/// all is `unused-handler`'s.)
enum ShadowedHandlerCheck: Check {
    static let codes: [DiagnosticCode] = [.shadowedHandler]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, tree) = (context.index, context.tree)
        let uses = uses(in: tree)
        var diagnostics: [Diagnostic] = []
        for (flow, entry) in index.flows.enumerated() {
            let subtree = index.subtree(of: flow)
            for handler in entry.flow.handlers where isCheckable(handler.action.value) {
                guard let number = tree.actionNumber(handler.action.value) else { continue }
                let routes = uses[number][within(subtree, of: uses[number])].map { StaticRoute(number, from: $0.responder, in: tree) }
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

    /// A responder an action is offered to first, with the flow that handles it there.
    private typealias Use = (flow: Int, responder: ResponderTree.Responder)

    /// Per action number: the responders it is offered to first, by a screen that offers
    /// it, or by a `send` (the responder after the sender's), in the order of their flows.
    private static func uses(in tree: ResponderTree) -> [[Use]] {
        var uses = Array(repeating: [Use](), count: tree.actionNames.count)
        for (number, screen) in tree.screens.enumerated() {
            for action in screen.actions { uses[action.number].append((tree.handlingFlow(of: .screen(number)), .screen(number))) }
        }
        tree.forEachHandlerBranch { responder, branch in
            guard case .send(let action)? = branch.transition, let next = tree.next(of: responder) else { return }
            uses[action].append((tree.handlingFlow(of: next), next))
        }
        return uses.map { $0.sorted { $0.flow < $1.flow } }
    }

    /// The positions of the uses whose flows lie in `flows` (a subtree: flows are numbered
    /// in preorder), found by binary search: an action offered on thousands of screens is
    /// looked up for each flow that handles it.
    private static func within(_ flows: Range<Int>, of uses: [Use]) -> Range<Int> {
        func firstPosition(atLeast flow: Int) -> Int {
            var (low, high) = (0, uses.count)
            while low < high {
                let middle = (low + high) / 2
                if uses[middle].flow < flow { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return firstPosition(atLeast: flows.lowerBound)..<firstPosition(atLeast: flows.upperBound)
    }

    /// `*.done` handlers are called by flows finishing, and the built-ins can always be typed.
    private static func isCheckable(_ action: String) -> Bool {
        !action.hasSuffix(".done") && !ActionEntry.builtIns.contains(action)
    }
}
