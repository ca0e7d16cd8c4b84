extension ExpressionNode {
    /// Calls `body` on this node and every node below it, parents before children, in
    /// source order. The tree's depth is bounded by the parser, so recursion is safe.
    package func forEachNode(_ body: (ExpressionNode) -> Void) {
        body(self)
        switch kind {
        case .literal, .identifier: break
        case .list(let elements): for element in elements { element.forEachNode(body) }
        case .map(let entries):
            for entry in entries {
                entry.key.forEachNode(body)
                entry.value.forEachNode(body)
            }
        case .select(let operand, _), .unary(_, let operand): operand.forEachNode(body)
        case .index(let operand, let index):
            operand.forEachNode(body)
            index.forEachNode(body)
        case .call(_, let receiver, let arguments):
            receiver?.forEachNode(body)
            for argument in arguments { argument.forEachNode(body) }
        case .binary(_, let lhs, let rhs):
            lhs.forEachNode(body)
            rhs.forEachNode(body)
        case .conditional(let condition, let then, let otherwise):
            condition.forEachNode(body)
            then.forEachNode(body)
            otherwise.forEachNode(body)
        }
    }
}
