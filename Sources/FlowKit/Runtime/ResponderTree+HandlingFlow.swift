extension ResponderTree {
    /// A flow's handler of one action, in the list of the flows that handle it (tree
    /// order), linked to the nearest flow above it that handles the action too.
    struct HandlingFlow: Sendable {
        let flow: Int
        /// The end of the flow's subtree: its descendants are `flow + 1 ..< subtreeEnd`.
        let subtreeEnd: Int
        let handler: HandlerNode
        /// The position, in the same list, of the nearest ancestor that handles the action.
        let enclosing: Int?

        /// Per action number, the flows that handle it: flows are in preorder, so a
        /// subtree is a range (`subtreeEnds`, `FlowIndex.subtree`) and each list is in tree order.
        static func lists(of flows: [FlowNode], subtreeEnds: [Int], actionCount: Int) -> [[HandlingFlow]] {
            var lists = Array(repeating: [HandlingFlow](), count: actionCount)
            for (flow, node) in flows.enumerated() {
                for (action, handler) in node.handlers {
                    let list = lists[action]
                    var enclosing = list.indices.last
                    while let candidate = enclosing, list[candidate].subtreeEnd <= flow { enclosing = list[candidate].enclosing }
                    lists[action].append(HandlingFlow(flow: flow, subtreeEnd: subtreeEnds[flow], handler: handler, enclosing: enclosing))
                }
            }
            return lists
        }

        /// The position of the nearest flow of `list` at or above `flow`, if any.
        ///
        /// - Complexity: a binary search, then a walk up from the last flow before it.
        static func nearest(to flow: Int, in list: [HandlingFlow]) -> Int? {
            let after = list.partitionPoint { $0.flow > flow }
            // The last flow at or before `flow`; the ones that hold `flow` are it or its ancestors.
            var position = after > 0 ? after - 1 : nil
            while let current = position, list[current].subtreeEnd <= flow { position = list[current].enclosing }
            return position
        }
    }
}
