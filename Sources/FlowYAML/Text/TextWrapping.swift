/// Wraps text to a terminal width at spaces, never inside a word (a word longer than
/// the width stands on a line of its own), counting wide characters as two columns and
/// keeping the text's own line breaks. A wrapped line's continuations keep its leading
/// indentation, so indented lists (`?`'s chain description) stay readable.
public enum TextWrapping {
    public static func wrap(_ text: String, width: Int) -> String {
        let width = max(width, 20)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrap(line: $0, width: width) }
            .joined(separator: "\n")
    }

    private static func wrap(line: Substring, width: Int) -> String {
        let indent = String(line.prefix { $0 == " " }.prefix(width / 2))
        var lines: [String] = []
        var current = indent
        var used = indent.count
        var atStart = true
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = DisplayWidth.of(word)
            if !atStart, used + 1 + wordWidth > width {
                lines.append(current)
                (current, used, atStart) = (indent, indent.count, true)
                // The spaces where a line breaks are not carried to the next.
                if word.isEmpty { continue }
            }
            if !atStart {
                current += " "
                used += 1
            }
            current += word
            used += wordWidth
            atStart = false
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
