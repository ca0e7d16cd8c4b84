import FlowKit

/// Wraps text to a terminal width, counting wide characters as two columns and
/// keeping the text's own line breaks.
enum TextWrapping {
    static func wrap(_ text: String, width: Int) -> String {
        let width = max(width, 20)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            var used = 0
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = DisplayWidth.of(word)
                if used > 0, used + 1 + wordWidth > width {
                    lines.append(current)
                    current = ""
                    used = 0
                }
                if used > 0 {
                    current += " "
                    used += 1
                }
                current += word
                used += wordWidth
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
