/// Where a token of a value read from a flow file is written (spec §12): for an
/// expression's or template's token, the scalar's column plus the token's offset, past an
/// opening quote and the escapes before it, when the value is written on one line; in a
/// scalar written over several lines, the token's own line and column; otherwise the
/// scalar's start. Diagnostics and the language server's lookups both place tokens so.
public enum TokenPosition {
    /// The token's range, and whether the token is written there as it reads
    /// (`isVerbatim`: no escape or doubled quote within it), so that a fix may replace it
    /// with text of the value. Where the token cannot be placed, the range is the whole
    /// scalar's, and not verbatim.
    public static func range(offset: Int, length: Int, in source: Located<String>,
                             sources: [String: SourceText]) -> (start: Mark, end: Mark, isVerbatim: Bool) {
        let range = source.location.range
        guard let text = sources[source.location.file] else { return (range.start, range.end, false) }
        guard range.start.line == range.end.line, let line = text.line(range.start.line) else {
            // Written over several lines: the token's own line and column (spec §12 1.1).
            guard let start = ScalarPosition.mark(ofValueOffset: offset, value: source.value, range: range, in: text) else {
                return (range.start, range.end, false)
            }
            // Verbatim where the token's text follows on its line as it reads: not folded
            // onto the next line, no `''` or escape within it.
            let token = source.value.unicodeScalars.dropFirst(offset).prefix(length)
            let written = text.line(start.line).map { $0.unicodeScalars.dropFirst(start.column - 1).prefix(length) }
            return (start, Mark(line: start.line, column: start.column + max(length, 1)), written.map { $0.elementsEqual(token) } ?? false)
        }
        let scalars = Array(line.unicodeScalars)
        let lower = range.start.column - 1, upper = min(range.end.column - 1, scalars.count)
        guard lower >= 0, lower <= upper,
              let columns = valueColumns(of: scalars[lower..<upper], reading: source.value),
              offset >= 0, offset < columns.count else {
            return (range.start, range.end, false)
        }
        let last = min(offset + max(length, 1), columns.count - 1)
        let end = max(columns[last], columns[offset] + 1)
        return (Mark(line: range.start.line, column: range.start.column + columns[offset]),
                Mark(line: range.start.line, column: range.start.column + end), columns[last] - columns[offset] == last - offset)
    }

    /// For each scalar of `value`, and one past its end, its column in `raw` (from 0): the
    /// scalar as written, plain, or quoted with the quotes and escapes a YAML reader takes
    /// away (`''` in single quotes; `\"`, `\n`, `\x41`, `\u00e9` … in double quotes). Nil
    /// where `raw` does not read as `value` on its own.
    static func valueColumns(of raw: ArraySlice<Unicode.Scalar>, reading value: String) -> [Int]? {
        let expected = Array(value.unicodeScalars)
        let raw = Array(raw)
        if raw.elementsEqual(expected) { return Array(0...raw.count) }
        guard raw.count >= 2, let quote = raw.first, quote == "'" || quote == "\"", raw.last == quote else { return nil }
        var columns: [Int] = []
        var decoded: [Unicode.Scalar] = []
        var index = 1
        let end = raw.count - 1
        while index < end {
            columns.append(index)
            let scalar = raw[index]
            if quote == "'" {
                guard scalar != "'" else {
                    guard index + 1 < end, raw[index + 1] == "'" else { return nil }
                    decoded.append("'")
                    index += 2
                    continue
                }
                decoded.append(scalar)
                index += 1
            } else if scalar == "\\" {
                guard index + 1 < end, let (read, width) = escape(raw, at: index + 1, before: end) else { return nil }
                decoded.append(read)
                index += 1 + width
            } else {
                decoded.append(scalar)
                index += 1
            }
        }
        columns.append(end)
        return decoded == expected ? columns : nil
    }

    /// The scalar a double-quoted escape stands for, whose letter is at `index`, and how
    /// many scalars it takes from there (YAML 1.2 §5.7).
    private static func escape(_ raw: [Unicode.Scalar], at index: Int, before end: Int) -> (Unicode.Scalar, Int)? {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let read = simple[raw[index]] { return (read, 1) }
        let digits = switch raw[index] {
        case "x": 2
        case "u": 4
        case "U": 8
        default: 0
        }
        guard digits > 0, index + digits < end else { return nil }
        let hex = String(String.UnicodeScalarView(raw[(index + 1)...(index + digits)]))
        guard let code = UInt32(hex, radix: 16), let read = Unicode.Scalar(code) else { return nil }
        return (read, 1 + digits)
    }
}
