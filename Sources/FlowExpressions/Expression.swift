/// A parsed expression: its source and its syntax tree. Make one with
/// `ExpressionParser.parse(_:)`; check it with `ExpressionChecker`, run it with `Evaluator`.
public struct Expression: Sendable {
    /// The text the expression was parsed from; offsets count its Unicode scalars.
    public let source: String
    public let root: ExpressionNode

    package init(source: String, root: ExpressionNode) {
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
        /// `{"k": v, …}` (spec §9 1.1).
        case map([MapEntry])
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

    package init(_ kind: Kind, span: ExpressionSpan, token: ExpressionSpan) {
        self.kind = kind
        self.span = span
        self.token = token
        self.depth = 1 + kind.childDepth
    }

    init(_ kind: Kind, span: ExpressionSpan, token: ExpressionSpan, depth: Int) {
        self.kind = kind
        self.span = span
        self.token = token
        self.depth = depth
    }
}

extension ExpressionNode.Kind {
    /// The depth of the deepest child, 0 for a leaf; computed without collecting the
    /// children, as the parser asks it of every node it makes.
    var childDepth: Int {
        switch self {
        case .literal, .identifier: 0
        case .list(let elements): elements.reduce(0) { max($0, $1.depth) }
        case .map(let entries): entries.reduce(0) { max($0, $1.key.depth, $1.value.depth) }
        case .select(let operand, _), .unary(_, let operand): operand.depth
        case .index(let operand, let index): max(operand.depth, index.depth)
        case .call(_, let receiver, let arguments): arguments.reduce(receiver?.depth ?? 0) { max($0, $1.depth) }
        case .binary(_, let lhs, let rhs): max(lhs.depth, rhs.depth)
        case .conditional(let condition, let then, let otherwise): max(condition.depth, then.depth, otherwise.depth)
        }
    }
}

/// A `key: value` of a map literal.
public struct MapEntry: Sendable {
    public let key: ExpressionNode
    public let value: ExpressionNode
}
