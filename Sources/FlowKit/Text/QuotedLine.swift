/// A source line made safe to print: control characters (which could drive the
/// terminal) shown as U+FFFD, and a long line cut to a window around the caret.
struct QuotedLine {
    /// At most this many characters either side of the caret.
    static let reach = 60

    let scalars: [Unicode.Scalar]
    /// The 0-based index in the original line of `scalars[0]`, less one for a leading ellipsis.
    private let offset: Int

    init(_ text: String, around column: Int) {
        var scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            let value = scalar.value
            let isControl = (value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(value)
            return isControl ? "\u{FFFD}" : scalar
        }
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

    /// The index in `scalars` of a 1-based column of the original line.
    func index(ofColumn column: Int) -> Int {
        min(max(0, column - 1 - offset), scalars.count)
    }
}
