/// The rest of cel-go's strings extension (spec §9 1.1), on Unicode scalars as CEL
/// counts them: `charAt`, `indexOf`, `lastIndexOf`, `replace`, `split`, `substring`
/// and `join`, with cel-go's edge cases (an index one past the end is allowed where it
/// allows it, an empty string to find is found at once).
enum StringExtension {
    static func call(_ function: BuiltinFunction, _ arguments: [Value], at span: ExpressionSpan) throws(EvaluationError) -> Value {
        if function == .join { return try join(arguments, at: span) }
        guard case .string(let text) = arguments[0] else { throw mismatch(function, arguments, at: span) }
        let scalars = Array(text.unicodeScalars)
        let rest = Array(arguments.dropFirst())
        func int(_ position: Int) throws(EvaluationError) -> Int {
            guard case .int(let value) = rest[position] else { throw mismatch(function, arguments, at: span) }
            return value
        }
        func string(_ position: Int) throws(EvaluationError) -> String {
            guard case .string(let value) = rest[position] else { throw mismatch(function, arguments, at: span) }
            return value
        }
        func slice(_ range: Range<Int>) -> Value { .string(String(String.UnicodeScalarView(scalars[range]))) }
        switch function {
        case .charAt:
            let index = try int(0)
            guard index >= 0, index <= scalars.count else { throw outOfRange(index, at: span) }
            return index == scalars.count ? .string("") : slice(index..<(index + 1))
        case .indexOf:
            let needle = try string(0)
            guard rest.count == 2 else { return .int(firstIndex(of: needle, in: scalars, from: 0) ?? -1) }
            let start = try int(1)
            if needle.isEmpty { return .int(start) }
            guard start >= 0, start < scalars.count else { throw outOfRange(start, at: span) }
            return .int(firstIndex(of: needle, in: scalars, from: start) ?? -1)
        case .lastIndexOf:
            let needle = try string(0)
            guard rest.count == 2 else { return .int(needle.isEmpty ? scalars.count : lastIndex(of: needle, in: scalars, upTo: scalars.count) ?? -1) }
            let end = try int(1)
            if needle.isEmpty { return .int(end) }
            guard end >= 0, end < scalars.count else { throw outOfRange(end, at: span) }
            return .int(lastIndex(of: needle, in: scalars, upTo: end) ?? -1)
        case .replace:
            return .string(try replace(try string(0), with: try string(1), in: scalars, limit: rest.count == 3 ? try int(2) : -1, at: span))
        case .split:
            return .list(split(scalars, by: try string(0), limit: rest.count == 2 ? try int(1) : -1).map(Value.string))
        case .quote:
            return .string(quoted(scalars))
        case .substring:
            let start = try int(0)
            guard start >= 0, start <= scalars.count else { throw outOfRange(start, at: span) }
            let end = rest.count == 2 ? try int(1) : scalars.count
            guard end >= start, end <= scalars.count else { throw outOfRange(end, at: span) }
            return slice(start..<end)
        default:
            throw mismatch(function, arguments, at: span)
        }
    }

    private static func join(_ arguments: [Value], at span: ExpressionSpan) throws(EvaluationError) -> Value {
        guard case .list(let elements) = arguments[0] else { throw mismatch(.join, arguments, at: span) }
        var separator = ""
        if arguments.count == 2 {
            guard case .string(let given) = arguments[1] else { throw mismatch(.join, arguments, at: span) }
            separator = given
        }
        var texts: [String] = []
        var bytes = separator.utf8.count * max(elements.count - 1, 0)
        for element in elements {
            guard case .string(let text) = element else { throw EvaluationError("join() joins strings, not \(element.kindName)", at: span) }
            texts.append(text)
            bytes += text.utf8.count
        }
        try ValueLimits.check(textBytes: bytes, at: span)
        return .string(texts.joined(separator: separator))
    }

    private static func firstIndex(of needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard !pattern.isEmpty else { return start }
        guard scalars.count >= pattern.count, start <= scalars.count - pattern.count else { return nil }
        return (start...(scalars.count - pattern.count)).first { scalars[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// The last occurrence starting at or before `end`.
    private static func lastIndex(of needle: String, in scalars: [Unicode.Scalar], upTo end: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard scalars.count >= pattern.count else { return nil }
        let last = min(end, scalars.count - pattern.count)
        guard last >= 0 else { return nil }
        return (0...last).reversed().first { scalars[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Go's `strings.Replace` on scalars: at most `limit` replacements (all when negative);
    /// an empty `old` matches before every scalar and at the end.
    /// The text built is checked against the limit of a value as it grows, since an empty
    /// `old` multiplies the length of `new` by that of the text.
    private static func replace(_ old: String, with new: String, in scalars: [Unicode.Scalar], limit: Int,
                                at span: ExpressionSpan) throws(EvaluationError) -> String {
        let pattern = Array(old.unicodeScalars)
        var result = String.UnicodeScalarView()
        var replaced = 0, position = 0, added = 0
        while position <= scalars.count {
            let room = limit < 0 || replaced < limit
            if room, pattern.isEmpty || (position + pattern.count <= scalars.count && scalars[position..<(position + pattern.count)].elementsEqual(pattern)) {
                added += new.utf8.count
                try ValueLimits.check(textBytes: added, at: span)
                result.append(contentsOf: new.unicodeScalars)
                replaced += 1
                if pattern.isEmpty {
                    if position < scalars.count { result.append(scalars[position]) }
                    position += 1
                } else {
                    position += pattern.count
                }
                continue
            }
            guard position < scalars.count else { break }
            result.append(scalars[position])
            position += 1
        }
        return String(result)
    }

    /// Go's `strings.SplitN` on scalars: no pieces for a limit of 0, all for a negative
    /// one; an empty separator splits between scalars.
    private static func split(_ scalars: [Unicode.Scalar], by separator: String, limit: Int) -> [String] {
        guard limit != 0 else { return [] }
        let pattern = Array(separator.unicodeScalars)
        var pieces: [String] = []
        var start = 0, position = 0
        func piece(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        if pattern.isEmpty {
            while start < scalars.count, limit < 0 || pieces.count < limit - 1 {
                pieces.append(piece(start..<(start + 1)))
                start += 1
            }
            if start < scalars.count { pieces.append(piece(start..<scalars.count)) }
            return pieces
        }
        while position + pattern.count <= scalars.count, limit < 0 || pieces.count < limit - 1 {
            if scalars[position..<(position + pattern.count)].elementsEqual(pattern) {
                pieces.append(piece(start..<position))
                position += pattern.count
                start = position
            } else {
                position += 1
            }
        }
        pieces.append(piece(start..<scalars.count))
        return pieces
    }

    /// cel-go's `strings.quote`: in double quotes, with `\\`, `"` and the control
    /// characters that have one written as escapes.
    private static func quoted(_ scalars: [Unicode.Scalar]) -> String {
        var result = "\""
        for scalar in scalars {
            switch scalar {
            case "\u{07}": result += "\\a"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0B}": result += "\\v"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func outOfRange(_ index: Int, at span: ExpressionSpan) -> EvaluationError {
        EvaluationError("index out of range: \(index)", at: span)
    }

    private static func mismatch(_ function: BuiltinFunction, _ arguments: [Value], at span: ExpressionSpan) -> EvaluationError {
        EvaluationError("\(function.expectation), not \(arguments.map(\.kindName).joined(separator: ", "))", at: span)
    }
}
