/// Where a token of a value read from a flow file is written (spec §12): for an
/// expression's or template's token, the scalar's column plus the token's offset, past an
/// opening quote, when the value is written on one line as it reads; in a scalar written
/// over several lines, the token's own line and column; otherwise the scalar's start
/// (escapes). Diagnostics and the language server's lookups both place tokens so.
public enum TokenPosition {
    public static func range(offset: Int, length: Int, in source: Located<String>, sources: [String: SourceText]) -> (start: Mark, end: Mark?) {
        let range = source.location.range
        guard let text = sources[source.location.file] else { return (range.start, range.end) }
        guard range.start.line == range.end.line, let line = text.line(range.start.line) else {
            // Written over several lines: the token's own line and column (spec §12 1.1).
            guard let start = ScalarPosition.mark(ofValueOffset: offset, value: source.value, range: range, in: text) else {
                return (range.start, range.end)
            }
            return (start, Mark(line: start.line, column: start.column + max(length, 1)))
        }
        let scalars = Array(line.unicodeScalars)
        let lower = range.start.column - 1, upper = min(range.end.column - 1, scalars.count)
        guard lower >= 0, lower <= upper else { return (range.start, range.end) }
        let raw = String(String.UnicodeScalarView(scalars[lower..<upper]))
        let quoted = raw.count >= 2 && (raw.hasPrefix("\"") && raw.hasSuffix("\"") || raw.hasPrefix("'") && raw.hasSuffix("'"))
        let shift: Int
        if raw == source.value {
            shift = 0
        } else if quoted, String(raw.dropFirst().dropLast()) == source.value {
            shift = 1
        } else {
            return (range.start, range.end)
        }
        let start = Mark(line: range.start.line, column: range.start.column + shift + offset)
        return (start, Mark(line: start.line, column: start.column + max(length, 1)))
    }
}
