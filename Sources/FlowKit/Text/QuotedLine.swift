/// A source line made safe to print: control characters (which could drive the
/// terminal) shown as U+FFFD, and a long line cut to a window around the caret.
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

    /// Whether printing the scalar could drive a terminal: C0 controls but tab, DEL, C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` on one line, safe to print: control characters, line breaks among them,
    /// as U+FFFD. For messages, which can hold a user's words (a key, a value).
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    /// The index in `scalars` of a 1-based column of the original line.
    func index(ofColumn column: Int) -> Int {
        min(max(0, column - 1 - offset), scalars.count)
    }
}
