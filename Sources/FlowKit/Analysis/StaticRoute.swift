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
}

extension ResponderTree {
    /// Every branch of every responder's handlers (observers aside), with its responder:
    /// flows in tree order, each before its screens, handlers in no set order.
    var handlerBranches: [(responder: Responder, branch: BranchNode)] {
        flows.indices.flatMap { flow in
            ([Responder.flow(flow)] + flows[flow].screens.map(Responder.screen)).flatMap { responder in
                let handlers = switch responder {
                case .screen(let screen): screens[screen].handlers
                case .flow(let flow): flows[flow].handlers
                }
                return handlers.values.flatMap(\.branches).map { (responder, $0) }
            }
        }
    }

    /// The screen a flow's `start` shows, through the `start` of child flows it names.
    func entryScreen(of flow: Int) -> Int? {
        var current = flow
        while let start = flows[current].start {
            switch start {
            case .screen(let screen): return screen
            // A child comes after its parent in `flows`, so this walk always ends.
            case .flow(let child): current = child
            }
        }
        return nil
    }
}
