/// A prefix operator: `!` (logical not) or `-` (negation).
public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

/// An infix operator, with CEL's precedence.
public enum BinaryOperator: String, Sendable, CaseIterable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "in"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    /// Binding strength: higher binds tighter. All are left-associative.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in: 3
        case .add, .subtract: 4
        case .multiply, .divide, .remainder: 5
        }
    }

    var isArithmetic: Bool {
        precedence >= 4
    }
}
