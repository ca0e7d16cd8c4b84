/// Text from a flow, an answer, a state file or the environment, made safe for a
/// terminal: a character that could drive it (ESC, every other C0 and C1 control, DEL,
/// and the bidirectional overrides that reorder what is read) is written as a visible
/// escape, `\u{1b}`. No sequence from a flow can then move the cursor, retitle the
/// window, ring the bell or write the clipboard (OSC 52).
///
/// Every text a front end shows passes through here once: FlowKit's prompts, screen
/// views and events carry escaped text; the CLI escapes its own messages that quote
/// input. The escape is printable ASCII, so escaping twice changes nothing.
public enum TerminalText {
    /// Whether a line break and a tab are kept: in a screen's text, a message or help,
    /// the layout wants them; in a label, a title or a value shown in a row, one line is
    /// expected and they are escaped too.
    public enum Breaks: Sendable {
        case kept, escaped
    }

    public static func escaped(_ text: String, breaks: Breaks = .kept) -> String {
        replacingUnsafe(in: text, breaks: breaks) { visibleEscape($0.value) }
    }

    /// The one spelling of a visible escape, `\u{1b}`: how every message shows a
    /// character it cannot print (a diagnostic naming an unexpected or forbidden
    /// character too, which may be no scalar at all, as a lone surrogate).
    public static func visibleEscape(_ codePoint: UInt32) -> String {
        "\\u{" + String(codePoint, radix: 16) + "}"
    }

    /// `text` with each unsafe scalar replaced by `replacement(scalar)`: the one loop
    /// behind every escape (the terminal's `\u{1b}`, JSON's `\u001b`, YAML's).
    public static func replacingUnsafe(in text: String, breaks: Breaks, with replacement: (Unicode.Scalar) -> String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, breaks: breaks) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, breaks: breaks) {
                result += replacement(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bytes that should be UTF-8 text but need not be (a file name): the UTF-8 as text,
    /// each byte that is not part of it as a visible escape, `\x{ff}`. What could drive
    /// a terminal is escaped where the text is shown.
    public static func escapingInvalidBytes(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var result = ""
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { result += "\\x{" + String(byte, radix: 16) + "}" }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    /// A one-line text: `escaped(text, breaks: .escaped)`.
    public static func line(_ text: String) -> String {
        escaped(text, breaks: .escaped)
    }

    /// Whether printing the scalar could drive a terminal or hide what it shows: C0
    /// controls (but a tab and a line break when `breaks` keeps them), DEL, C1 controls
    /// (U+009B is a one-character CSI), and the bidirectional marks, embeddings,
    /// overrides and isolates (which reorder what is read). Zero-width joiners stay:
    /// emoji need them.
    public static func isUnsafe(_ scalar: Unicode.Scalar, breaks: Breaks = .escaped) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: breaks == .escaped
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
