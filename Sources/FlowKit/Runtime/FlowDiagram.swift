/// The flows of a tree drawn as a graph (`flowrun graph`): flows as clusters, screens as
/// nodes, and for each action a screen offers an edge to each screen it can lead to,
/// labelled with the action and the branch's guard. An action handled further up the
/// chain than the screen's own flow is drawn dashed and names its responder ("via flow
/// 'app'"): the chain's routing made visible. A `finish` leads to its flow's "finished"
/// node, and from there the parent's `flowid.done` handler leads on; an `exit` leads to
/// the end of the run; `back` is left out (where it leads depends on the run).
public struct FlowDiagram: Sendable {
    /// Where an edge ends: a screen, a flow finishing, or the end of the run.
    public enum Node: Hashable, Sendable {
        case screen(Int)
        case finished(flow: Int)
        case end
    }

    public struct Edge: Hashable, Sendable {
        public let from: Node
        public let to: Node
        public let label: String
        /// The responder that handles the action, when it is not the screen itself.
        public let via: String?
    }

    public let tree: ResponderTree
    public let edges: [Edge]

    public init(tree: ResponderTree) {
        self.tree = tree
        var edges: [Edge] = []
        for screen in tree.screens.indices {
            let node = tree.screens[screen]
            for action in node.actions.map(\.id) {
                var visited: Set<String> = []
                edges += Self.edges(of: action, from: .screen(screen), nearest: node.flow, responder: .screen(screen), label: action,
                                    tree: tree, visited: &visited)
            }
            if node.isTerminal { edges.append(Edge(from: .screen(screen), to: .finished(flow: node.flow), label: "terminal", via: nil)) }
        }
        // Where each flow's finishing leads: its parent's `done` handler.
        for flow in tree.flows.indices {
            guard let parent = tree.flows[flow].parent else { continue }
            var visited: Set<String> = []
            let done = "\(tree.flows[flow].id).done"
            edges += Self.edges(of: done, from: .finished(flow: flow), nearest: parent, responder: .flow(parent), label: done,
                                tree: tree, visited: &visited)
        }
        var seen: Set<Edge> = []
        self.edges = edges.filter { seen.insert($0).inserted }
    }

    private typealias Responder = ResponderTree.Responder

    /// The edges an action makes from a node, starting at `responder` and following sends;
    /// handlers at or below the `nearest` flow are drawn plain, those above it as "via".
    private static func edges(of action: String, from origin: Node, nearest: Int, responder: Responder?, label: String,
                              tree: ResponderTree, visited: inout Set<String>) -> [Edge] {
        guard let responder, visited.insert("\(action)@\(tree.name(of: responder))").inserted else { return [] }
        let candidates = tree.responders(handling: action, from: responder)
        var edges: [Edge] = []
        for candidate in candidates {
            guard let handler = tree.handler(for: action, at: candidate) else { continue }
            let isNear: Bool
            switch candidate {
            case .screen: isNear = true
            case .flow(let flow): isNear = flow == nearest
            }
            let via = isNear ? nil : tree.name(of: candidate)
            let flow = tree.handlingFlow(of: candidate)
            for branch in handler.branches {
                let text = label + (branch.guardText.map { " [\($0)]" } ?? "")
                switch branch.transition {
                case .push(let target)?, .replace(let target)?:
                    edges += entries(of: target, tree: tree).map { Edge(from: origin, to: .screen($0), label: text, via: via) }
                case .send(let next)?:
                    edges += Self.edges(of: next, from: origin, nearest: nearest, responder: tree.next(of: candidate), label: "\(text) → \(next)",
                                        tree: tree, visited: &visited)
                case .finish?: edges.append(Edge(from: origin, to: .finished(flow: flow), label: text, via: via))
                case .exit?: edges.append(Edge(from: origin, to: .end, label: text, via: via))
                case .back?, nil: break
                }
            }
            if handler.branches.contains(where: { $0.when == nil }) { break }
        }
        if candidates.isEmpty, action == "quit" { edges.append(Edge(from: origin, to: .end, label: label, via: "the application")) }
        return edges
    }

    /// The screens a target shows first: a screen, or a child flow's start, through start flows.
    static func entries(of target: ResponderTree.Target, tree: ResponderTree) -> [Int] {
        var current = target
        for _ in 0..<tree.flows.count {
            switch current {
            case .screen(let screen): return [screen]
            case .flow(let flow): current = tree.flows[flow].start
            }
        }
        return []
    }
}
