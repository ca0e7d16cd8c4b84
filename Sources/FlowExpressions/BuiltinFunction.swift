/// The functions of spec §9: CEL's `size` and conversions, the string functions of
/// CEL's standard library and strings extension, and Kubernetes' semantic versions.
package enum BuiltinFunction: String, CaseIterable, Sendable {
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
    // The rest of cel-go's strings extension (spec §9 1.1).
    case charAt
    case indexOf
    case lastIndexOf
    case replace
    case split
    case substring
    case join
    /// `quote(s)`: the string as a double-quoted CEL literal; also cel-go's `strings.quote(s)`.
    case quote
    /// `keys(m)`: a map's keys, sorted (spec §9 1.1).
    case keys
    /// `now()`: the current time, RFC 3339 in UTC to the second; `today()` its date.
    case now
    case today
    // Semantic versions as Kubernetes' CEL library has them (spec §9 1.2).
    /// `semver(s)`, `semver(s, true)`: a version, or an error where `isSemver` is false.
    case semver
    case isSemver
    case major
    case minor
    case patch
    case compareTo
    case isGreaterThan
    case isLessThan

    /// How many arguments it takes, counting a receiver (`s.contains(x)` and
    /// `contains(s, x)` both pass 2); the last ones of a range are optional.
    var parameterCounts: ClosedRange<Int> {
        switch self {
        case .contains, .startsWith, .endsWith, .matches, .charAt: 2...2
        case .indexOf, .lastIndexOf, .split, .substring: 2...3
        case .replace: 3...4
        case .semver, .isSemver: 1...2
        case .compareTo, .isGreaterThan, .isLessThan: 2...2
        case .join: 1...2
        case .now, .today: 0...0
        default: 1...1
        }
    }

    /// Whether it may be called as a method, `x.f(…)`. The conversions are global only,
    /// as in CEL; the string functions may be called either way (global style is a flow
    /// extension: CEL has it only for `size` and `matches`).
    var allowsReceiverStyle: Bool {
        switch self {
        case .int, .double, .string, .now, .today, .semver, .isSemver: false
        default: true
        }
    }

    /// Whether it may be called as a global function, `f(x, …)`: the methods of a
    /// semantic version may not, as in Kubernetes' library.
    var allowsGlobalStyle: Bool {
        switch self {
        case .major, .minor, .patch, .compareTo, .isGreaterThan, .isLessThan: false
        default: true
        }
    }

    /// Why a call written with (`hasReceiver`) or without a receiver cannot be made, if it
    /// cannot: `s.int()`, `major(v)`.
    func styleProblem(hasReceiver: Bool) -> String? {
        if hasReceiver && !allowsReceiverStyle { return "there is no method '\(rawValue)'; call it as \(usage)" }
        if !hasReceiver && !allowsGlobalStyle { return "\(rawValue)() is a method; call it as \(usage)" }
        return nil
    }

    /// The type of a well-typed call.
    var resultType: ExpressionType {
        switch self {
        case .size, .int, .indexOf, .lastIndexOf, .major, .minor, .patch, .compareTo: .int
        case .double: .double
        case .string, .lowerAscii, .upperAscii, .trim, .charAt, .replace, .substring, .join, .quote, .now, .today: .string
        case .contains, .startsWith, .endsWith, .matches, .isSemver, .isGreaterThan, .isLessThan: .bool
        case .semver: .semver
        case .split, .keys: .list(.string)
        }
    }

    /// What its arguments may be, in words, for messages.
    var expectation: String {
        switch self {
        case .size: "size() takes a string, a list or a map"
        case .int: "int() converts an int, a double or a string"
        case .double: "double() converts an int, a double or a string"
        case .string: "string() converts an int, a double, a string or a bool"
        case .charAt: "charAt() takes a string and an index"
        case .indexOf, .lastIndexOf: "\(rawValue)() takes a string, a string to find, and optionally an index"
        case .replace: "replace() takes a string, what to replace, what to put instead, and optionally a count"
        case .split: "split() takes a string, a separator, and optionally a count"
        case .substring: "substring() takes a string, a start and optionally an end"
        case .join: "join() takes a list of strings and optionally a separator"
        case .keys: "keys() takes a map"
        case .now, .today: "\(rawValue)() takes no arguments"
        case .semver, .isSemver: "\(rawValue)() takes a string, and optionally true to normalise it"
        case .major, .minor, .patch: "\(rawValue)() reads a semver"
        case .compareTo, .isGreaterThan, .isLessThan: "\(rawValue)() compares two semvers"
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
        case .charAt, .substring: return position == 0 ? type == .string : type == .int
        case .indexOf, .lastIndexOf, .split: return position < 2 ? type == .string : type == .int
        case .replace: return position < 3 ? type == .string : type == .int
        case .join: return position == 0 ? type == .list(.string) || type == .list(.dyn) : type == .string
        case .keys: if case .map = type { return true } else { return false }
        case .now, .today: return false
        case .semver, .isSemver: return position == 0 ? type == .string : type == .bool
        case .major, .minor, .patch, .compareTo, .isGreaterThan, .isLessThan: return type == .semver
        default: return type == .string
        }
    }

    /// Every function and macro as it is written (`cel.bind`): what completion offers, and
    /// the names a misspelt call is compared with.
    package static var callableNames: [String] { allCases.map(\.rawValue) + Macro.allCases.map(\.spelling) }

    /// A call as it is meant: cel-go writes `quote` in the namespace `strings`
    /// (`strings.quote(s)`), which reads as a method call on a name `strings` that is no
    /// variable; that is the global call.
    static func unnamespaced(_ name: String, receiver: ExpressionNode?, arguments: [ExpressionNode],
                             isVariable: (String) -> Bool) -> (receiver: ExpressionNode?, arguments: [ExpressionNode]) {
        guard name == BuiltinFunction.quote.rawValue, let receiver, case .identifier("strings") = receiver.kind, !isVariable("strings") else {
            return (receiver, arguments)
        }
        return (nil, arguments)
    }

    /// "1 argument", "2 or 3 arguments": a count of arguments in words.
    static func arguments(_ count: ClosedRange<Int>) -> String {
        let (low, high) = (count.lowerBound, count.upperBound)
        let number = low == high ? "\(low)" : high == low + 1 ? "\(low) or \(high)" : "\(low) to \(high)"
        return number == "1" ? "1 argument" : "\(number) arguments"
    }

    /// How to call it, with what it gives, in Markdown: for the language server's hover.
    package var summary: String {
        usage.split(separator: " or ").map { "`\($0)`" }.joined(separator: " or ") + " → \(resultType)"
    }

    /// How to call it, for an arity message.
    var usage: String {
        switch self {
        case .contains, .startsWith, .endsWith, .matches: "s.\(rawValue)(x) or \(rawValue)(s, x)"
        case .int, .double, .string: "\(rawValue)(x)"
        case .charAt: "s.charAt(i)"
        case .indexOf, .lastIndexOf: "s.\(rawValue)(x) or s.\(rawValue)(x, i)"
        case .replace: "s.replace(old, new) or s.replace(old, new, n)"
        case .split: "s.split(separator) or s.split(separator, n)"
        case .substring: "s.substring(start) or s.substring(start, end)"
        case .join: "list.join() or list.join(separator)"
        case .keys: "keys(m)"
        case .now, .today: "\(rawValue)()"
        case .semver, .isSemver: "\(rawValue)(s) or \(rawValue)(s, true)"
        case .major, .minor, .patch: "v.\(rawValue)()"
        case .compareTo, .isGreaterThan, .isLessThan: "v.\(rawValue)(w)"
        default: "s.\(rawValue)() or \(rawValue)(s)"
        }
    }
}
