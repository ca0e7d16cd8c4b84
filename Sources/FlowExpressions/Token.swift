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

        /// The symbol spelled by `first`, or by `first` and `second` when they make a
        /// two-character one, with how many characters it takes; nil when `first` starts
        /// none. Matched on the scalars: looking the spelling up by raw value builds a
        /// string for every token.
        static func starting(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> (Symbol, length: Int)? {
            switch (first, second) {
            case ("<", "="): (.lessOrEqual, 2)
            case (">", "="): (.greaterOrEqual, 2)
            case ("=", "="): (.equal, 2)
            case ("!", "="): (.notEqual, 2)
            case ("&", "&"): (.and, 2)
            case ("|", "|"): (.or, 2)
            case ("(", _): (.openParen, 1)
            case (")", _): (.closeParen, 1)
            case ("[", _): (.openBracket, 1)
            case ("]", _): (.closeBracket, 1)
            case ("{", _): (.openBrace, 1)
            case ("}", _): (.closeBrace, 1)
            case (".", _): (.dot, 1)
            case (",", _): (.comma, 1)
            case ("?", _): (.question, 1)
            case (":", _): (.colon, 1)
            case ("!", _): (.not, 1)
            case ("+", _): (.plus, 1)
            case ("-", _): (.minus, 1)
            case ("*", _): (.star, 1)
            case ("/", _): (.slash, 1)
            case ("%", _): (.percent, 1)
            case ("<", _): (.less, 1)
            case (">", _): (.greater, 1)
            default: nil
            }
        }

        /// The binary operator the symbol is, if it is one.
        var binaryOperator: BinaryOperator? {
            switch self {
            case .or: .or
            case .and: .and
            case .equal: .equal
            case .notEqual: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            case .greaterOrEqual: .greaterOrEqual
            case .plus: .add
            case .minus: .subtract
            case .star: .multiply
            case .slash: .divide
            case .percent: .remainder
            case .openParen, .closeParen, .openBracket, .closeBracket, .openBrace, .closeBrace,
                 .dot, .comma, .question, .colon, .not: nil
            }
        }
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
