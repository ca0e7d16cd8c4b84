import FlowYAML

/// Parses the expression language of spec §9 (CEL's syntax for the subset flow files use).
public enum ExpressionParser {
    /// The syntax tree of `source`, or the first problem: `expression-syntax`, or
    /// `expression-too-complex` for a source over 64 KiB or nested deeper than 256
    /// (spec §11).
    ///
    /// Never traps and never runs out of stack, whatever the input: nesting is counted as
    /// the parser descends, and parsing stops at the first level beyond the limit.
    public static func parse(_ source: String) -> Result<Expression, ExpressionIssue> {
        guard source.utf8.count <= ExpressionLimits.maxSourceBytes else {
            return .failure(ExpressionIssue(
                .expressionTooComplex,
                "this expression is longer than 64 KiB (\(source.utf8.count) bytes)",
                offset: 0, length: 0))
        }
        var parser = Parser(Array(source.unicodeScalars))
        do {
            return .success(Expression(source: source, root: try parser.parseWhole()))
        } catch {
            return .failure(error)
        }
    }
}

/// A recursive-descent parser with precedence climbing for the binary operators, so one
/// level of parentheses costs a handful of stack frames, not one per precedence level.
struct Parser {
    private let source: [Unicode.Scalar]
    private var lexer: Lexer
    private var current: Token
    /// How many `expression()` calls are open: brackets, parentheses, arguments, `?:`.
    private var nesting = 0

    init(_ scalars: [Unicode.Scalar]) {
        source = scalars
        lexer = Lexer(scalars)
        current = Token(kind: .end, span: ExpressionSpan(offset: 0, length: 0))
    }

    mutating func parseWhole() throws(ExpressionIssue) -> ExpressionNode {
        try advance()
        if current.kind == .end {
            throw ExpressionIssue(.expressionSyntax, "the expression is empty", at: current.span)
        }
        let root = try expression()
        guard current.kind == .end else {
            throw ExpressionIssue(.expressionSyntax, "unexpected \(quoted(current)); expected an operator",
                                  at: current.span)
        }
        return root
    }

    /// A token as a message quotes it: a number as it is written in the source (`.2`,
    /// not `0.2`), so that what the message quotes can be found in the file.
    private func quoted(_ token: Token) -> String {
        switch token.kind {
        case .int, .double:
            let end = min(token.span.offset + token.span.length, source.count)
            guard token.span.offset >= 0, token.span.offset < end else { return token.quoted }
            return MessageText.quoted(String(String.UnicodeScalarView(source[token.span.offset..<end])))
        default:
            return token.quoted
        }
    }

    // MARK: - Grammar

    /// `Expr = ConditionalOr ["?" ConditionalOr ":" Expr]`
    private mutating func expression() throws(ExpressionIssue) -> ExpressionNode {
        nesting += 1
        defer { nesting -= 1 }
        // The outermost call is level 1; each bracket, argument list or branch adds one.
        guard nesting <= ExpressionLimits.maxDepth + 1 else {
            throw Self.tooComplex(at: current.span)
        }
        let condition = try binary(atLeast: 1)
        guard current.kind == .symbol(.question) else { return condition }
        let question = current.span
        try advance()
        let then = try expression()
        try expect(.colon, "expected ':' for the other branch of '?'")
        let otherwise = try expression()
        return try make(.conditional(condition, then, otherwise),
                        span: condition.span.through(otherwise.span), token: question)
    }

    /// Binary operators binding at least as tightly as `precedence`, left-associative.
    private mutating func binary(atLeast precedence: Int) throws(ExpressionIssue) -> ExpressionNode {
        var left = try unary()
        while let op = binaryOperator(), op.precedence >= precedence {
            let token = current.span
            try advance()
            let right = try binary(atLeast: op.precedence + 1)
            left = try make(.binary(op, left, right), span: left.span.through(right.span), token: token)
        }
        return left
    }

    /// `Unary = Member | "!" {"!"} Member | "-" {"-"} Member`. A `-` directly before a
    /// number literal becomes part of the literal, which is how `-9223372036854775808`
    /// (whose magnitude exceeds `Int.max`) can be written.
    private mutating func unary() throws(ExpressionIssue) -> ExpressionNode {
        var operators: [(UnaryOperator, ExpressionSpan)] = []
        while case .symbol(let symbol) = current.kind, symbol == .not || symbol == .minus {
            operators.append((symbol == .not ? .not : .negate, current.span))
            try advance()
        }
        var operand: ExpressionNode
        if let last = operators.last, last.0 == .negate, let literal = try negativeLiteral(minus: last.1) {
            operators.removeLast()
            operand = try member(startingWith: literal)
        } else {
            operand = try member(startingWith: try primary())
        }
        for (op, token) in operators.reversed() {
            operand = try make(.unary(op, operand), span: token.through(operand.span), token: token)
        }
        return operand
    }

    private mutating func negativeLiteral(minus: ExpressionSpan) throws(ExpressionIssue) -> ExpressionNode? {
        let value: Value
        switch current.kind {
        case .int(let magnitude):
            guard magnitude <= UInt64(Int.max) + 1 else {
                throw ExpressionIssue(.expressionSyntax, "this integer does not fit in 64 bits", at: current.span)
            }
            // 0 - magnitude computed in UInt64 and reinterpreted: exact for 2^63 too.
            value = .int(Int(bitPattern: UInt(0 &- magnitude)))
        case .double(let double):
            value = .double(-double)
        default:
            return nil
        }
        let span = minus.through(current.span)
        try advance()
        return try make(.literal(value), span: span, token: span)
    }

    /// `Member = Primary | Member "." IDENT ["(" [ExprList] ")"] | Member "[" Expr "]"`
    private mutating func member(startingWith primary: ExpressionNode) throws(ExpressionIssue) -> ExpressionNode {
        var node = primary
        while true {
            switch current.kind {
            case .symbol(.dot):
                try advance()
                guard case .identifier(let name) = current.kind, !Self.literalWords.contains(name), name != "in" else {
                    throw ExpressionIssue(.expressionSyntax, "expected a name after '.', found \(quoted(current))",
                                          at: current.span)
                }
                let nameSpan = current.span
                try advance()
                if current.kind == .symbol(.openParen) {
                    let (arguments, close) = try argumentList()
                    node = try make(.call(function: name, receiver: node, arguments: arguments),
                                    span: node.span.through(close), token: nameSpan)
                } else {
                    node = try make(.select(node, field: name), span: node.span.through(nameSpan), token: nameSpan)
                }
            case .symbol(.openBracket):
                let open = current.span
                try advance()
                let index = try expression()
                let close = current.span
                try expect(.closeBracket, "expected ']' to close '['")
                node = try make(.index(node, index), span: node.span.through(close), token: open)
            default:
                return node
            }
        }
    }

    /// `Primary = IDENT ["(" [ExprList] ")"] | "(" Expr ")" | "[" [ExprList] [","] "]" | LITERAL`
    private mutating func primary() throws(ExpressionIssue) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .int(let magnitude):
            guard let value = Int(exactly: magnitude) else {
                throw ExpressionIssue(.expressionSyntax, "this integer does not fit in 64 bits", at: token.span)
            }
            try advance()
            return try make(.literal(.int(value)), span: token.span, token: token.span)
        case .double(let value):
            try advance()
            return try make(.literal(.double(value)), span: token.span, token: token.span)
        case .string(let value):
            try advance()
            return try make(.literal(.string(value)), span: token.span, token: token.span)
        case .identifier(let name):
            return try identifierOrCall(name, at: token.span)
        case .symbol(.openParen):
            try advance()
            let inner = try expression()
            let close = current.span
            try expect(.closeParen, "expected ')' to close '('")
            return inner.respanned(token.span.through(close))
        case .symbol(.openBracket):
            return try listLiteral()
        case .symbol(.openBrace):
            return try mapLiteral()
        case .end:
            throw ExpressionIssue(.expressionSyntax, "the expression ends where a value was expected",
                                  at: token.span)
        case .symbol:
            throw ExpressionIssue(.expressionSyntax, "expected a value, found \(quoted(token))", at: token.span)
        }
    }

    private mutating func identifierOrCall(
        _ name: String, at span: ExpressionSpan
    ) throws(ExpressionIssue) -> ExpressionNode {
        switch name {
        case "true", "false":
            try advance()
            return try make(.literal(.bool(name == "true")), span: span, token: span)
        case "null":
            try advance()
            return try make(.literal(.null), span: span, token: span)
        case "in":
            throw ExpressionIssue(.expressionSyntax, "expected a value, found 'in'", at: span)
        case _ where Self.reservedWords.contains(name):
            throw ExpressionIssue(.expressionSyntax, "'\(name)' is a reserved word in CEL and cannot be a name",
                                  at: span)
        default:
            try advance()
            guard current.kind == .symbol(.openParen) else {
                return try make(.identifier(name), span: span, token: span)
            }
            let (arguments, close) = try argumentList()
            return try make(.call(function: name, receiver: nil, arguments: arguments),
                            span: span.through(close), token: span)
        }
    }

    /// `"(" [Expr {"," Expr}] ")"`, at the `(`; returns the arguments and the `)`.
    private mutating func argumentList() throws(ExpressionIssue) -> ([ExpressionNode], ExpressionSpan) {
        try advance()
        var arguments: [ExpressionNode] = []
        if current.kind != .symbol(.closeParen) {
            while true {
                arguments.append(try expression())
                guard current.kind == .symbol(.comma) else { break }
                try advance()
            }
        }
        let close = current.span
        try expect(.closeParen, "expected ',' or ')' in the arguments")
        return (arguments, close)
    }

    /// `"[" [Expr {"," Expr}] [","] "]"`, at the `[`.
    private mutating func listLiteral() throws(ExpressionIssue) -> ExpressionNode {
        let open = current.span
        try advance()
        var elements: [ExpressionNode] = []
        while current.kind != .symbol(.closeBracket) {
            elements.append(try expression())
            guard current.kind == .symbol(.comma) else { break }
            try advance()
        }
        let close = current.span
        try expect(.closeBracket, "expected ',' or ']' in the list")
        return try make(.list(elements), span: open.through(close), token: open)
    }

    /// `"{" [Expr ":" Expr {"," Expr ":" Expr}] [","] "}"`, at the `{`.
    private mutating func mapLiteral() throws(ExpressionIssue) -> ExpressionNode {
        let open = current.span
        try advance()
        var entries: [MapEntry] = []
        while current.kind != .symbol(.closeBrace) {
            let key = try expression()
            try expect(.colon, "expected ':' after a key of the map")
            entries.append(MapEntry(key: key, value: try expression()))
            guard current.kind == .symbol(.comma) else { break }
            try advance()
        }
        let close = current.span
        try expect(.closeBrace, "expected ',' or '}' in the map")
        return try make(.map(entries), span: open.through(close), token: open)
    }

    // MARK: - Helpers

    private mutating func advance() throws(ExpressionIssue) {
        current = try lexer.next()
    }

    private mutating func expect(_ symbol: Token.Symbol, _ message: String) throws(ExpressionIssue) {
        guard current.kind == .symbol(symbol) else {
            let found = current.kind == .end ? "the expression ends here" : "found \(quoted(current))"
            throw ExpressionIssue(.expressionSyntax, "\(message); \(found)", at: current.span)
        }
        try advance()
    }

    private func binaryOperator() -> BinaryOperator? {
        switch current.kind {
        case .identifier("in"): .in
        case .symbol(let symbol): symbol.binaryOperator
        default: nil
        }
    }

    /// A new node, refused when it makes the tree deeper than the limit.
    private func make(
        _ kind: ExpressionNode.Kind, span: ExpressionSpan, token: ExpressionSpan
    ) throws(ExpressionIssue) -> ExpressionNode {
        let node = ExpressionNode(kind, span: span, token: token)
        guard node.depth <= ExpressionLimits.maxDepth else { throw Self.tooComplex(at: token) }
        return node
    }

    private static func tooComplex(at span: ExpressionSpan) -> ExpressionIssue {
        ExpressionIssue(.expressionTooComplex,
                        "this expression nests more than \(ExpressionLimits.maxDepth) levels deep; split it up",
                        at: span)
    }

    private static let literalWords: Set<String> = ["true", "false", "null"]

    /// Words CEL reserves for embedding in other languages (its `RESERVED` production).
    private static let reservedWords: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "package", "namespace", "return", "var", "void", "while",
    ]
}

extension ExpressionNode {
    /// The same node covering a wider span: a parenthesized expression includes its
    /// parentheses.
    func respanned(_ span: ExpressionSpan) -> ExpressionNode {
        ExpressionNode(kind, span: span, token: token, depth: depth)
    }
}
