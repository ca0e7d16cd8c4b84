/// Everything of a flow that tests can exercise: the screens a path from the start
/// reaches (as `unreachable-screen` decides), the actions those screens offer, and the
/// branches of handlers that sit on them or on flows that show them. Screens no path
/// reaches, and what hangs on them, are listed apart and not counted.
public struct CoverageUniverse: Sendable {
    public let tree: ResponderTree
    /// What coverage counts, in tree order.
    public let items: [CoverageItem]
    /// What no path from the start reaches.
    public let unreachable: [CoverageItem]

    public init(tree: ResponderTree) {
        self.tree = tree
        let reachable = Set(FlowGraph(tree).reachableScreens)
        var flowsShowingSomething = Set<Int>()
        for screen in reachable {
            var flow: Int? = tree.screens[screen].flow
            while let shown = flow, flowsShowingSomething.insert(shown).inserted { flow = tree.flows[shown].parent }
        }
        var items: [CoverageItem] = []
        var unreachable: [CoverageItem] = []
        for screen in tree.screens.indices {
            let own = [CoverageItem.screen(screen)] + tree.screens[screen].actions.map { .action(screen: screen, action: $0.id) }
            if reachable.contains(screen) { items += own } else { unreachable += own }
        }
        for branch in tree.branches {
            // An observer runs wherever its flow is, whenever its notification is posted.
            let counted = switch branch.responder {
            case .flow where branch.kind == .observing: tree.isPosted(branch.action)
            case .screen(let screen): reachable.contains(screen)
            case .flow(let flow): flowsShowingSomething.contains(flow)
            }
            if counted { items.append(.branch(branch)) } else { unreachable.append(.branch(branch)) }
        }
        for flow in tree.repeatedFlows {
            if flowsShowingSomething.contains(flow) { items.append(.repetition(flow: flow)) } else { unreachable.append(.repetition(flow: flow)) }
        }
        self.items = items
        self.unreachable = unreachable
    }
}
