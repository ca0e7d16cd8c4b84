import FlowKit

/// The lines of the form being answered, at the bottom of the terminal's scrolling
/// transcript: drawn again in place after each key, and left in the scroll-back as
/// they last read when the screen is done.
struct FormRegion {
    /// The row of the region the cursor stands on, counted from its first; nil when
    /// nothing is drawn.
    private var cursorRow: Int?

    /// Draws `lines` in place of what was drawn, the cursor where an editor wants it
    /// (else after the last line).
    mutating func draw(_ lines: [String], cursor: (row: Int, column: Int)?) {
        var output = clearing()
        output += lines.joined(separator: "\n")
        if let cursor, cursor.row < lines.count {
            let up = lines.count - 1 - cursor.row
            output += (up > 0 ? "\u{1B}[\(up)A" : "") + "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "")
            cursorRow = cursor.row
        } else {
            cursorRow = max(lines.count - 1, 0)
        }
        Console.emit(output, to: .standardError)
    }

    /// Takes the region off the screen, for text that goes above it.
    mutating func clear() {
        Console.emit(clearing(), to: .standardError)
    }

    /// Leaves `lines` in the scroll-back as the region's last state.
    mutating func finish(_ lines: [String]) {
        Console.emit(finishing(lines), to: .standardError)
        finished()
    }

    /// What `finish` writes, for another writer to write before its own text (a
    /// program's stderr); `finished()` then says it was written.
    func finishing(_ lines: [String]) -> String {
        clearingText() + lines.map { $0 + "\n" }.joined()
    }

    /// The region was taken off the screen by what `finishing` gave.
    mutating func finished() {
        cursorRow = nil
    }

    /// What moves the cursor back to the region's first row and erases to the end.
    private mutating func clearing() -> String {
        defer { cursorRow = nil }
        return clearingText()
    }

    private func clearingText() -> String {
        guard let row = cursorRow else { return "" }
        return "\r" + (row > 0 ? "\u{1B}[\(row)A" : "") + "\u{1B}[J"
    }
}
