/// Where each handled action is offered or sent, by the position of the flow that does
/// it, so that "does anything below this flow use the action?" is two binary searches
/// rather than a walk of the flow's whole subtree (`unused-handler`).
struct ActionUses {
    /// Per action number: the flows whose screens offer it, or whose screens' branches
    /// send it, in ascending order.
    private var byScreens: [[Int]]
    /// Per action number: the flows whose own branches send it, in ascending order.
    private var byFlows: [[Int]]

    init(_ table: RoutingTable) {
        byScreens = Array(repeating: [], count: table.actionCount)
        byFlows = Array(repeating: [], count: table.actionCount)
        // Screens, and responders, are numbered in flow order: each list stays sorted.
        for screen in 0..<table.screenCount {
            for action in table.offeredActions[screen] { byScreens[action].append(table.screenFlows[screen]) }
        }
        for case (let handler, .send(let action?)) in table.steps {
            if let screen = table.screen(ofResponder: handler.responder) {
                byScreens[action].append(table.screenFlows[screen])
            } else {
                byFlows[action].append(handler.responder)
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
