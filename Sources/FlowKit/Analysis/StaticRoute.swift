/// Where an action offered at a responder may go, found without evaluating anything:
/// the Session's chain walk (`ResponderTree.route`) with every `when` read as "may not
/// hold", so the action passes each handler up to one with a branch that always holds.
/// The checks, `chain`, `graph` and the language server read routing only through it.
struct StaticRoute {
    /// A handler the action may reach.
    struct Reached {
        let responder: ResponderTree.Responder
        let handler: ResponderTree.HandlerNode
    }

    /// The handlers the action is offered to, nearest first; the first branch, in this
    /// order, whose `when` holds takes it.
    let handlers: [Reached]
    /// Whether it may pass them all and reach the application, which takes only the
    /// built-ins.
    let reachesApplication: Bool

    init(_ action: Int, from responder: ResponderTree.Responder?, in tree: ResponderTree) {
        var handlers: [Reached] = []
        let taker = tree.route(action, from: responder) { responder, handler in
            handlers.append(Reached(responder: responder, handler: handler))
            return handler.branches.firstIndex { $0.when == nil }
        }
        self.handlers = handlers
        if case .branch = taker { reachesApplication = false } else { reachesApplication = true }
    }

    /// Whether the action reaches any handler (`handlers` is not empty), found without
    /// listing them: the first one met stops the walk.
    static func reachesAHandler(_ action: Int, from responder: ResponderTree.Responder?, in tree: ResponderTree) -> Bool {
        if case .branch = tree.route(action, from: responder, take: { _, _ in 0 }) { return true }
        return false
    }
}
