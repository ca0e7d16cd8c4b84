import FoundationEssentials
import FlowYAML

enum Functions {
    static func call(
        _ function: BuiltinFunction, _ arguments: [Value], at span: ExpressionSpan, now: @autoclosure () -> Date,
        patterns: CompiledPatterns
    ) throws(EvaluationError) -> Value {
        switch (function, arguments.first) {
        case (.now, _): return .string(now().formatted(Self.secondsUTC))
        case (.today, _): return .string(String(now().formatted(Self.secondsUTC).prefix(10)))
        case (.keys, .map(let entries)?): return .list(entries.keys.sorted(by: CodePointOrder.precedes).map(Value.string))
        case (.charAt, _), (.indexOf, _), (.lastIndexOf, _), (.replace, _), (.split, _), (.substring, _), (.join, _), (.quote, _):
            return try StringExtension.call(function, arguments, at: span)
        case (.semver, _), (.isSemver, _), (.major, _), (.minor, _), (.patch, _), (.compareTo, _), (.isGreaterThan, _), (.isLessThan, _):
            return try SemverFunctions.call(function, arguments, at: span)
        case (.size, .string(let text)?): return .int(StringFunctions.size(text))
        case (.size, .list(let elements)?): return .int(elements.count)
        case (.size, .map(let entries)?): return .int(entries.count)
        case (.int, let value?): return .int(try Conversions.int(value, at: span))
        case (.double, let value?): return .double(try Conversions.double(value, at: span))
        case (.string, let value?): return .string(try Conversions.string(value, at: span))
        case (.lowerAscii, .string(let text)?): return .string(StringFunctions.lowerAscii(text))
        case (.upperAscii, .string(let text)?): return .string(StringFunctions.upperAscii(text))
        case (.trim, .string(let text)?): return .string(StringFunctions.trim(text))
        default: break
        }
        guard arguments.count == 2, case .string(let text) = arguments[0], case .string(let other) = arguments[1] else {
            let kinds = arguments.map(\.kindName).joined(separator: ", ")
            throw EvaluationError("\(function.expectation), not \(kinds)", at: span)
        }
        switch function {
        case .contains: return .bool(StringFunctions.contains(text, other))
        case .startsWith: return .bool(StringFunctions.startsWith(text, other))
        case .endsWith: return .bool(StringFunctions.endsWith(text, other))
        case .matches:
            switch patterns.compiled(other) {
            case .success(let pattern):
                guard let matched = pattern.matches(text) else {
                    throw EvaluationError("there is not enough memory to match the regular expression", at: span)
                }
                return .bool(matched)
            case .failure(let error):
                throw EvaluationError("the regular expression does not compile: \(error.reason)", at: span)
            }
        default:
            throw EvaluationError("\(function.expectation)", at: span)
        }
    }
}

extension Functions {
    /// RFC 3339 in UTC, to the second: `2026-11-23T09:00:00Z`. Such times and their dates
    /// compare correctly as strings (spec §9).
    static let secondsUTC = Date.ISO8601FormatStyle()
}

/// `int()`, `double()` and `string()` (CEL's conversions).
enum Conversions {
    /// An int, a double truncated toward zero (an error when out of range or NaN), or a
    /// string in decimal (an optional sign, then digits).
    static func int(_ value: Value, at span: ExpressionSpan) throws(EvaluationError) -> Int {
        switch value {
        case .int(let int):
            return int
        case .double(let double):
            // CEL's range is open at both ends: -2⁶³ is an int, but as a double it is the
            // rounding of values below the range too (cel-spec `double_int_min_range`).
            let limit = 9_223_372_036_854_775_808.0
            guard double > -limit, double < limit, let int = Int(exactly: double.rounded(.towardZero)) else {
                throw EvaluationError("int(): \(ValueFormatting.format(double)) is out of the range of int", at: span)
            }
            return int
        case .string(let text):
            guard let int = Int(text, radix: 10) else {
                throw EvaluationError("int(): \(MessageText.quoted(text)) is not an integer", at: span)
            }
            return int
        default:
            throw EvaluationError("int() converts an int, a double or a string, not \(value.kindName)", at: span)
        }
    }

    static func double(_ value: Value, at span: ExpressionSpan) throws(EvaluationError) -> Double {
        switch value {
        case .int(let int):
            return Double(int)
        case .double(let double):
            return double
        case .string(let text):
            guard let double = Double(text) else {
                throw EvaluationError("double(): \(MessageText.quoted(text)) is not a number", at: span)
            }
            return double
        default:
            throw EvaluationError("double() converts an int, a double or a string, not \(value.kindName)", at: span)
        }
    }

    static func string(_ value: Value, at span: ExpressionSpan) throws(EvaluationError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let int): return String(int)
        case .double(let double): return ValueFormatting.format(double)
        case .bool(let bool): return bool ? "true" : "false"
        default:
            throw EvaluationError("string() converts an int, a double, a string or a bool, not \(value.kindName)",
                                  at: span)
        }
    }
}
