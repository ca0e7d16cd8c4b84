/// A source line made safe to print: control characters (which could drive the
/// terminal) shown as U+FFFD, and a long line cut to a window around the caret.
///
/// One U+FFFD for one character, rather than `TerminalText`'s longer escapes, keeps the
/// caret under the column it points at.
struct QuotedLine {
    /// At most this many characters either side of the caret.
    static let reach = 60

    let scalars: [Unicode.Scalar]
    /// The 0-based index in the original line of `scalars[0]`, less one for a leading ellipsis.
    private let offset: Int

    init(_ text: String, around column: Int) {
        var scalars = text.unicodeScalars.map { Self.isControl($0) ? "\u{FFFD}" : $0 }
        var offset = 0
        if scalars.count > 2 * Self.reach + 1 {
            let first = max(0, min(column - Self.reach, scalars.count - 2 * Self.reach - 1))
            let last = min(scalars.count, first + 2 * Self.reach + 1)
            var window = Array(scalars[first..<last])
            if first > 0 {
                window.insert("…", at: 0)
                offset = first - 1
            }
            if last < scalars.count { window.append("…") }
            scalars = window
        }
        self.scalars = scalars
        self.offset = offset
    }

    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// Whether printing the scalar could drive a terminal (a tab in a source line is laid out).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && TerminalText.isUnsafe(scalar)
    }

    /// The index in `scalars` of a 1-based column of the original line.
    func index(ofColumn column: Int) -> Int {
        min(max(0, column - 1 - offset), scalars.count)
    }
}
