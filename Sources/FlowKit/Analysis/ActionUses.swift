/// Where each handled action is offered or sent, by the position of the flow that does
/// it, so that "does anything below this flow use the action?" is two binary searches
/// rather than a walk of the flow's whole subtree (`unused-handler`).
struct ActionUses {
    /// Per action number: the flows whose screens offer it, or whose screens' branches
    /// send it, in ascending order.
    private var byScreens: [[Int]]
    /// Per action number: the flows whose own branches send it, in ascending order.
    private var byFlows: [[Int]]

    init(_ tree: ResponderTree) {
        byScreens = Array(repeating: [], count: tree.actionNames.count)
        byFlows = Array(repeating: [], count: tree.actionNames.count)
        // Screens, and responders, are numbered in flow order: each list stays sorted.
        for screen in tree.screens {
            for action in screen.actions.indices { byScreens[screen.actions[action].number].append(screen.flow) }
        }
        tree.forEachHandlerBranch { responder, branch in
            guard case .send(let action)? = branch.transition else { return }
            switch responder {
            case .screen(let screen): byScreens[action].append(tree.screens[screen].flow)
            case .flow(let flow): byFlows[action].append(flow)
            }
        }
    }

    /// Whether a screen of a flow's subtree (`FlowIndex.subtree`) offers the action, or a
    /// branch below the flow sends it: the flow's own branches send from its parent on, so
    /// they do not count.
    func isUsed(_ action: Int, in subtree: Range<Int>) -> Bool {
        Self.contains(byScreens[action], anyOf: subtree)
            || Self.contains(byFlows[action], anyOf: subtree.lowerBound + 1..<subtree.upperBound)
    }

    private static func contains(_ sorted: [Int], anyOf range: Range<Int>) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] < range.upperBound
    }
}
