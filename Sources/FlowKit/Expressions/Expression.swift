/// A parsed expression: its source and its syntax tree. Make one with
/// `ExpressionParser.parse(_:)`; check it with `ExpressionChecker`, run it with `Evaluator`.
public struct Expression: Sendable {
    /// The text the expression was parsed from; offsets count its Unicode scalars.
    public let source: String
    public let root: ExpressionNode

    init(source: String, root: ExpressionNode) {
        self.source = source
        self.root = root
    }
}

/// One node of an expression's syntax tree, with where it came from.
///
/// The tree is at most `ExpressionLimits.maxDepth` deep (the parser refuses deeper
/// ones), so walking it recursively is safe.
public struct ExpressionNode: Sendable {
    public indirect enum Kind: Sendable {
        /// `1`, `2.5`, `"text"`, `true`, `null`.
        case literal(Value)
        /// `[a, b]`.
        case list([ExpressionNode])
        /// A bare name: a variable, or (before `.`) a flow id or `env`.
        case identifier(String)
        /// `operand.field`: a flow's member, an environment variable, or a map's key.
        case select(ExpressionNode, field: String)
        /// `operand[index]`.
        case index(ExpressionNode, ExpressionNode)
        /// `f(a, b)` (no receiver) or `a.f(b)` (receiver style).
        case call(function: String, receiver: ExpressionNode?, arguments: [ExpressionNode])
        case unary(UnaryOperator, ExpressionNode)
        case binary(BinaryOperator, ExpressionNode, ExpressionNode)
        /// `condition ? then : else`.
        case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    }

    public let kind: Kind
    /// The whole sub-expression.
    public let span: ExpressionSpan
    /// The token that names the node, where diagnostics point: the operator, the
    /// identifier, the field or function name, the literal, `[` of an index, `?` of `?:`.
    public let token: ExpressionSpan
    /// Nodes on the longest path down from this one, this one included (a leaf is 1).
    public let depth: Int

    init(_ kind: Kind, span: ExpressionSpan, token: ExpressionSpan) {
        self.kind = kind
        self.span = span
        self.token = token
        self.depth = 1 + kind.children.reduce(0) { max($0, $1.depth) }
    }

    init(_ kind: Kind, span: ExpressionSpan, token: ExpressionSpan, depth: Int) {
        self.kind = kind
        self.span = span
        self.token = token
        self.depth = depth
    }

    /// 0-based offset of the sub-expression in the source, in Unicode scalars.
    public var offset: Int { span.offset }
    /// Length of the sub-expression, in Unicode scalars.
    public var length: Int { span.length }
}

extension ExpressionNode.Kind {
    var children: [ExpressionNode] {
        switch self {
        case .literal, .identifier: []
        case .list(let elements): elements
        case .select(let operand, _): [operand]
        case .index(let operand, let index): [operand, index]
        case .call(_, let receiver, let arguments): (receiver.map { [$0] } ?? []) + arguments
        case .unary(_, let operand): [operand]
        case .binary(_, let lhs, let rhs): [lhs, rhs]
        case .conditional(let condition, let then, let otherwise): [condition, then, otherwise]
        }
    }
}
