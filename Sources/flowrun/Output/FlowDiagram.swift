import FlowKit
import FlowYAML

/// The flows of a tree drawn as a graph (`flowrun graph`): flows as clusters, screens as
/// nodes, and the moves a run can make as edges (`FlowRoutes.edges`), labelled with the
/// action and the branch's guard. An action handled further up the chain than the
/// screen's own flow is drawn dashed and names its responder ("via flow 'app'"): the
/// chain's routing made visible. `back` leads to the screens it uncovers, a branch
/// without a transition back to its screen, a `finish` to its flow's "finished" node
/// (drawn only for a flow that can finish), from which the parent's `flowid.done` leads
/// on, and an `exit` (or the root finishing) to the end of the run. Screens no run
/// reaches are drawn without edges. A move that starts a flow once per element says so
/// ("[for each x in list]"), and a notification it posts is a dotted line into each
/// flow that observes it (cli.md 1.2).
struct FlowDiagram {
    typealias Node = FlowRoutes.Edge.Node

    let tree: ResponderTree
    let edges: [FlowRoutes.Edge]
    let posts: [FlowRoutes.Post]
    /// The flows a move can finish: only these get a "finished" node.
    let finishing: Set<Int>

    init(tree: ResponderTree, routes: FlowRoutes) {
        self.tree = tree
        edges = routes.edges
        posts = routes.posts
        finishing = Set(edges.flatMap { [$0.from, $0.to] }.compactMap { node in
            if case .finished(let flow) = node { flow } else { nil }
        })
    }
}
