/// The functions of spec §9: CEL's `size` and conversions, and the string functions of
/// CEL's standard library and strings extension.
enum BuiltinFunction: String, CaseIterable, Sendable {
    case size
    case int
    case double
    case string
    case contains
    case startsWith
    case endsWith
    case matches
    case lowerAscii
    case upperAscii
    case trim

    /// Parameters, counting a receiver (`s.contains(x)` and `contains(s, x)` both pass 2).
    var parameterCount: Int {
        switch self {
        case .contains, .startsWith, .endsWith, .matches: 2
        default: 1
        }
    }

    /// Whether it may be called as a method, `x.f(…)`. The conversions are global only,
    /// as in CEL; the string functions may be called either way (global style is a flow
    /// extension: CEL has it only for `size` and `matches`).
    var allowsReceiverStyle: Bool {
        switch self {
        case .int, .double, .string: false
        default: true
        }
    }

    /// The type of a well-typed call.
    var resultType: ExpressionType {
        switch self {
        case .size, .int: .int
        case .double: .double
        case .string, .lowerAscii, .upperAscii, .trim: .string
        case .contains, .startsWith, .endsWith, .matches: .bool
        }
    }

    /// What its arguments may be, in words, for messages.
    var expectation: String {
        switch self {
        case .size: "size() takes a string, a list or a map"
        case .int: "int() converts an int, a double or a string"
        case .double: "double() converts an int, a double or a string"
        case .string: "string() converts an int, a double, a string or a bool"
        default: "\(rawValue)() works on strings"
        }
    }

    /// Whether an argument of static type `type` can be accepted at `position`
    /// (`dyn` always can).
    func accepts(_ type: ExpressionType, at position: Int) -> Bool {
        if type == .dyn { return true }
        switch self {
        case .size:
            switch type {
            case .string, .list, .map: return true
            default: return false
            }
        case .int, .double: return type == .int || type == .double || type == .string
        case .string: return type == .int || type == .double || type == .string || type == .bool
        default: return type == .string
        }
    }

    /// How to call it with `count` arguments, for an arity message.
    var usage: String {
        switch self {
        case .contains, .startsWith, .endsWith, .matches: "s.\(rawValue)(x) or \(rawValue)(s, x)"
        case .int, .double, .string: "\(rawValue)(x)"
        default: "s.\(rawValue)() or \(rawValue)(s)"
        }
    }
}
