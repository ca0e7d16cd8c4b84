/// Wraps text to a terminal width at spaces, counting wide characters as two columns and
/// keeping the text's own line breaks. A word longer than the width (a URL, a path)
/// stands on a line of its own, whole, where text is printed once (a screen's text: a
/// URL copied from the terminal stays one), or is cut where the row ends with
/// `cuttingLongWords`, where every line must fit in one row (the form, redrawn by rows).
/// A wrapped line's continuations keep its leading indentation, so indented lists (`?`'s
/// chain description) stay readable.
public enum TextWrapping {
    public static func wrap(_ text: String, width: Int, cuttingLongWords: Bool = false) -> String {
        let width = max(width, 20)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrap(line: $0, width: width, cuttingLongWords: cuttingLongWords) }
            .joined(separator: "\n")
    }

    private static func wrap(line: Substring, width: Int, cuttingLongWords: Bool) -> String {
        let indent = String(line.prefix { $0 == " " }.prefix(width / 2))
        var lines: [String] = []
        var current = indent
        var used = indent.count
        var atStart = true
        for whole in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false) {
            var word = whole
            // A word wider than a row alone: its first rows' worth on lines of their own.
            while cuttingLongWords, DisplayWidth.of(word) > width - indent.count, let cut = cut(word, columns: width - indent.count) {
                if !atStart { lines.append(current) }
                lines.append(indent + word[..<cut])
                (current, used, atStart) = (indent, indent.count, true)
                word = word[cut...]
            }
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

    /// Where `word` is cut to fill `columns` at most (escape sequences of colour kept
    /// whole); nil when nothing fits.
    private static func cut(_ word: Substring, columns: Int) -> Substring.Index? {
        var used = 0
        var index = word.startIndex
        var inEscape = false
        while index < word.endIndex {
            let character = word[index]
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                inEscape = !(character.isLetter)
            } else {
                let next = DisplayWidth.of(String(character))
                if used + next > columns { break }
                used += next
            }
            index = word.index(after: index)
        }
        return index > word.startIndex && index < word.endIndex ? index : nil
    }
}
