/// Where a character of a scalar's value is written in the file, for a scalar written
/// over several lines (spec §12 1.1): a block scalar (`|`, `>`, with their indentation
/// and chomping), or a plain or quoted scalar continued on further lines.
///
/// Folding, indentation and line breaks change only whitespace, so the value's
/// non-blank characters appear in the source in the same order: the n-th non-blank
/// character of the value is the n-th non-blank character of the scalar's content.
/// Escapes change more than whitespace, so a double-quoted scalar with a `\` gives nil.
enum ScalarPosition {
    static func mark(ofValueOffset offset: Int, value: String, range: SourceRange, in source: SourceText) -> Mark? {
        let valueScalars = Array(value.unicodeScalars)
        guard offset >= 0, offset < valueScalars.count, !isBlank(valueScalars[offset]) else { return nil }
        let wanted = valueScalars[..<offset].count { !isBlank($0) }
        guard let header = source.line(range.start.line).map({ Array($0.unicodeScalars) }),
              range.start.column >= 1, range.start.column <= header.count else { return nil }
        let indicator = header[range.start.column - 1]
        // Where the content starts: the line after a block header, past an opening quote, or at once.
        var line = range.start.line, column = range.start.column
        switch indicator {
        case "|", ">":
            line += 1
            column = 1
        case "\"", "'":
            column += 1
        default:
            break
        }
        var seen = 0
        while line <= range.end.line, let text = source.line(line).map({ Array($0.unicodeScalars) }) {
            var position = column - 1
            while position < text.count {
                let scalar = text[position]
                if indicator == "\"" && scalar == "\\" { return nil }
                if indicator == "'" && scalar == "'" {
                    // `''` is one quote of the value; a lone `'` closes the scalar.
                    guard position + 1 < text.count, text[position + 1] == "'" else { return nil }
                    if seen == wanted { return Mark(line: line, column: position + 1) }
                    seen += 1
                    position += 2
                    continue
                }
                if !isBlank(scalar) {
                    if seen == wanted { return Mark(line: line, column: position + 1) }
                    seen += 1
                }
                position += 1
            }
            line += 1
            column = 1
        }
        return nil
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
