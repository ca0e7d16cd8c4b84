import FlowYAML

/// What the Session's chain walk (`StaticRoute`) says about a document, for the commands
/// that print it (`flowrun chain`, `flowrun graph`) and the tests that hold the Session to
/// it. Screens and flows are numbered as the compiled `ResponderTree` numbers them. The
/// expressions it quotes (guards, `for_each` lists) are escaped for a terminal, each on
/// one line (`TerminalText.line`).
public struct FlowRoutes: Sendable {
    /// A handler an action may reach: its responder ("screen 'id'", "flow 'id'") and, for
    /// each of its branches in order, its `when` (nil: the branch always holds) and the
    /// action it forwards with `send`, if any, with where that goes (nil where the send
    /// leads back along its own path).
    public struct Candidate: Sendable, Equatable {
        public struct Branch: Sendable, Equatable {
            public let condition: String?
            public let sends: String?
            public let forwarded: Route?
        }

        public let responder: String
        public let branches: [Branch]
    }

    /// Where an action offered on a screen may go.
    public struct Route: Sendable, Equatable {
        /// The handlers it is offered to, nearest first, up to one that always takes it;
        /// the first branch, in this order, whose `when` holds takes it.
        public let candidates: [Candidate]
        /// Whether it may pass them all and reach the application, which takes only
        /// `back` and `quit`.
        public let reachesApplication: Bool
    }

    /// A move between two nodes of the flow graph, labelled with the actions that make it
    /// and their guards ("submit [attempts < 3]", "help → escalate").
    public struct Edge: Hashable, Sendable {
        public enum Node: Hashable, Sendable {
            case screen(Int)
            case finished(flow: Int)
            case end
        }

        public let from: Node
        public let to: Node
        public let label: String
        /// The responder that takes the action, when it is farther up the chain than the
        /// screen's own flow.
        public let via: String?
    }

    /// A notification a move posts (spec §7 1.1), from the node the move starts at to a
    /// flow that observes it: not a move of the user.
    public struct Post: Hashable, Sendable {
        public let from: Edge.Node
        public let notification: String
        public let observer: Int
    }

    private let tree: ResponderTree

    /// The routes of a compiled tree.
    public init(_ tree: ResponderTree) {
        self.tree = tree
    }

    /// Where `action` offered on `screen` may go.
    public func route(of action: String, fromScreen screen: Int) -> Route {
        guard let number = tree.actionNumber(action) else { return Route(candidates: [], reachesApplication: true) }
        return route(number, from: .screen(screen), onPath: [])
    }

    /// Where `action` offered at `responder` may go, and on through each `send`: each path
    /// of sends once, as `FlowGraph` follows them (a send back to where the path has
    /// been ends there).
    private func route(_ action: Int, from responder: ResponderTree.Responder?, onPath: Set<FlowGraph.Pair>) -> Route {
        let route = StaticRoute(action, from: responder, in: tree)
        var path = onPath
        if let responder { path.insert(FlowGraph.Pair(responder: responder, action: action)) }
        let candidates = route.handlers.map { reached in
            Candidate(responder: tree.name(of: reached.responder), branches: reached.handler.branches.map { branch in
                guard case .send(let sent) = branch.transition else { return Candidate.Branch(condition: branch.when.map { TerminalText.line($0.source) }, sends: nil, forwarded: nil) }
                let next = tree.next(of: reached.responder)
                let loops = next.map { path.contains(FlowGraph.Pair(responder: $0, action: sent)) } ?? false
                return Candidate.Branch(condition: branch.when.map { TerminalText.line($0.source) }, sends: tree.actionNames[sent],
                                        forwarded: loops ? nil : self.route(sent, from: next, onPath: path))
            })
        }
        return Route(candidates: candidates, reachesApplication: route.reachesApplication)
    }

    /// Every move a run can make from the screens it reaches (`FlowGraph.edges`), each once,
    /// in a stable order. Screens no run reaches have none.
    public var edges: [Edge] {
        var seen: Set<Edge> = []
        return FlowGraph(tree, recordingHops: true).edges().map { from, to, hops in
            Edge(from: from, to: to, label: label(from: from, to: to, hops: hops), via: via(from: from, hops: hops))
        }.filter { seen.insert($0).inserted }
    }

    /// Every notification a move from a reached node posts, to each flow that observes
    /// it, each once, in a stable order.
    public var posts: [Post] {
        var seen: Set<Post> = []
        return FlowGraph(tree, recordingHops: true).edges().flatMap { from, _, hops in
            hops.compactMap { $0.node?.post }.flatMap { name in
                (tree.observingFlows[name] ?? []).map { Post(from: from, notification: name, observer: $0) }
            }
        }.filter { seen.insert($0).inserted }
    }

    /// The flows that observe a notification, in the order they receive it.
    public func observers(of notification: String) -> [String] {
        (tree.observingFlows[notification] ?? []).map { tree.flows[$0].id }
    }

    private func label(from: FlowGraph.Node, to: FlowGraph.Node, hops: [FlowGraph.Hop]) -> String {
        guard hops.isEmpty else {
            return hops.map { hop in
                let launch = hop.node?.launch
                return (hop.action.map { tree.actionNames[$0] } ?? "enter") + (hop.node?.when.map { " [when \(TerminalText.line($0.source))]" } ?? "")
                    + (launch?.forEach.map { " [for each \(launch?.element ?? "element") in \(TerminalText.line($0.source))]" } ?? "")
            }.joined(separator: " → ")
        }
        switch (from, to) {
        case (.screen, _): return "terminal"
        case (.finished, .end): return "finished"
        case (.finished(let flow), _): return "\(tree.flows[flow].id).done"
        case (.end, _): return ""
        }
    }

    /// The responder that took the last action, when it is neither the screen nor the
    /// nearest flow (a screen's own flow; for a flow finishing, its parent).
    private func via(from: FlowGraph.Node, hops: [FlowGraph.Hop]) -> String? {
        guard let last = hops.last else { return nil }
        guard let responder = last.handler?.responder else { return "the application" }
        let nearest: Int? = switch from {
        case .screen(let screen): tree.screens[screen].flow
        case .finished(let flow): tree.flows[flow].parent
        case .end: nil
        }
        if case .flow(let flow) = responder, flow != nearest { return tree.name(of: responder) }
        return nil
    }
}
