/// Where each action is used: the responders it is offered to first, by a screen that
/// offers it or by a `send` (the responder after the sender's), each with the flow that
/// handles it there, in the order of those flows. Flows are numbered in preorder, so the
/// uses below a flow (`FlowIndex.subtree`) are one run of the list, found by two binary
/// searches rather than a walk of the subtree (`unused-handler`, `shadowed-handler`).
struct ActionUses: Sendable {
    struct Use: Sendable {
        let flow: Int
        let responder: ResponderTree.Responder
    }

    /// Per action number, sorted by flow.
    private let uses: [[Use]]

    init(_ tree: ResponderTree) {
        var uses = Array(repeating: [Use](), count: tree.actionNames.count)
        for (number, screen) in tree.screens.enumerated() {
            for action in screen.actions { uses[action.number].append(Use(flow: screen.flow, responder: .screen(number))) }
        }
        tree.forEachHandlerBranch { responder, branch in
            guard case .send(let action)? = branch.transition, let next = tree.next(of: responder) else { return }
            uses[action].append(Use(flow: tree.handlingFlow(of: next), responder: next))
        }
        self.uses = uses.map { $0.sorted { $0.flow < $1.flow } }
    }

    /// The uses of the action whose flows lie in `subtree`: a flow's own branches send
    /// from its parent on, so they are not among them.
    func uses(of action: Int, in subtree: Range<Int>) -> ArraySlice<Use> {
        let list = uses[action]
        return list[list.partitionPoint { $0.flow >= subtree.lowerBound }..<list.partitionPoint { $0.flow >= subtree.upperBound }]
    }

    /// Whether a screen of the subtree offers the action, or a branch below its flow sends it.
    func isUsed(_ action: Int, in subtree: Range<Int>) -> Bool {
        !uses(of: action, in: subtree).isEmpty
    }
}
