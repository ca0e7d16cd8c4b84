/// One lexical element of an expression.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// An integer literal's magnitude: the parser applies a leading `-`, so that
        /// `-9223372036854775808` can be written although its magnitude exceeds `Int.max`.
        case int(UInt64)
        case double(Double)
        case string(String)
        /// Also `true`, `false`, `null` and `in`, which the parser tells apart.
        case identifier(String)
        case symbol(Symbol)
        case end
    }

    enum Symbol: String, Sendable {
        case openParen = "(", closeParen = ")"
        case openBracket = "[", closeBracket = "]"
        case openBrace = "{", closeBrace = "}"
        case dot = ".", comma = ",", question = "?", colon = ":"
        case not = "!", plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case equal = "==", notEqual = "!=", and = "&&", or = "||"
    }

    var kind: Kind
    var span: ExpressionSpan

    /// The token as a person would quote it in a message.
    var quoted: String {
        switch kind {
        case .int(let magnitude): "'\(magnitude)'"
        case .double(let value): "'\(value)'"
        case .string: "a string"
        case .identifier(let name): "'\(name)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end of the expression"
        }
    }
}
