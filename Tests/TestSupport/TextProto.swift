import FlowExpressions
/// A reader for protobuf's text format, as far as google/cel-spec's conformance files
/// use it: `name: "text"`, `name: 12`, `name: true`, `name { … }` and `name: { … }`,
/// strings in single or double quotes with C escapes (and `\u`/`\U` code points), and
/// `#` comments.
public struct TextProto: Sendable {
    /// A field's value: a scalar as written (strings unescaped), or a message.
    public enum Value: Sendable {
        case scalar(String)
        case message(TextProto)
    }

    public var fields: [(name: String, value: Value)] = []

    /// The first value of `name`.
    public subscript(name: String) -> Value? { fields.first { $0.name == name }?.value }

    /// Every message value of `name`.
    public func messages(_ name: String) -> [TextProto] {
        fields.compactMap { field in
            guard field.name == name, case .message(let message) = field.value else { return nil }
            return message
        }
    }

    /// The scalar value of `name`.
    public func scalar(_ name: String) -> String? {
        guard case .scalar(let text)? = self[name] else { return nil }
        return text
    }

    public init() {}

    /// Parses a whole file; nil when it is not in the subset this reader knows.
    public init?(parsing text: String) {
        var reader = Reader(Array(text.unicodeScalars))
        guard let message = reader.message(closedBy: nil) else { return nil }
        self = message
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func message(closedBy closing: Unicode.Scalar?) -> TextProto? {
            var message = TextProto()
            while true {
                skipSpace()
                guard position < scalars.count else { return closing == nil ? message : nil }
                if scalars[position] == closing {
                    position += 1
                    return message
                }
                guard let name = identifier() else { return nil }
                skipSpace()
                if position < scalars.count, scalars[position] == ":" {
                    position += 1
                    skipSpace()
                }
                guard position < scalars.count else { return nil }
                if scalars[position] == "{" {
                    position += 1
                    guard let inner = self.message(closedBy: "}") else { return nil }
                    message.fields.append((name, .message(inner)))
                } else if scalars[position] == "\"" || scalars[position] == "'" {
                    var text = ""
                    // Adjacent strings concatenate.
                    while position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" {
                        guard let part = string() else { return nil }
                        text += part
                        skipSpace()
                    }
                    message.fields.append((name, .scalar(text)))
                } else {
                    let start = position
                    while position < scalars.count, !" \t\n\r}#".unicodeScalars.contains(scalars[position]) { position += 1 }
                    message.fields.append((name, .scalar(String(String.UnicodeScalarView(scalars[start..<position])))))
                }
            }
        }

        mutating func skipSpace() {
            while position < scalars.count {
                if scalars[position] == "#" {
                    while position < scalars.count, scalars[position] != "\n" { position += 1 }
                } else if scalars[position].properties.isWhitespace || scalars[position] == "," || scalars[position] == ";" {
                    position += 1
                } else {
                    return
                }
            }
        }

        mutating func identifier() -> String? {
            let start = position
            while position < scalars.count, scalars[position] == "_" || scalars[position].properties.isAlphabetic
                || ("0"..."9").contains(scalars[position]) || "./[]".unicodeScalars.contains(scalars[position]) {
                position += 1
            }
            return position > start ? String(String.UnicodeScalarView(scalars[start..<position])) : nil
        }

        /// A quoted string with C escapes (`\n`, `\"`, `\\`, octal `\101`, `\x41`), as UTF-8 bytes decoded.
        mutating func string() -> String? {
            let quote = scalars[position]
            position += 1
            var bytes: [UInt8] = []
            while position < scalars.count, scalars[position] != quote {
                let scalar = scalars[position]
                position += 1
                guard scalar == "\\" else {
                    bytes += Array(String(scalar).utf8)
                    continue
                }
                guard position < scalars.count else { return nil }
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "n": bytes.append(0x0A)
                case "t": bytes.append(0x09)
                case "r": bytes.append(0x0D)
                case "a": bytes.append(0x07)
                case "b": bytes.append(0x08)
                case "f": bytes.append(0x0C)
                case "v": bytes.append(0x0B)
                case "x", "X":
                    var value: UInt32 = 0, digits = 0
                    while digits < 2, position < scalars.count, let digit = Int(String(scalars[position]), radix: 16) {
                        value = value * 16 + UInt32(digit)
                        position += 1
                        digits += 1
                    }
                    bytes.append(UInt8(truncatingIfNeeded: value))
                case "u", "U":
                    var value: UInt32 = 0
                    for _ in 0..<(escaped == "u" ? 4 : 8) {
                        guard position < scalars.count, let digit = Int(String(scalars[position]), radix: 16) else { return nil }
                        value = value * 16 + UInt32(digit)
                        position += 1
                    }
                    bytes += Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
                case "0"..."7":
                    var value = UInt32(escaped.value - 48), digits = 1
                    while digits < 3, position < scalars.count, ("0"..."7").contains(scalars[position]) {
                        value = value * 8 + (scalars[position].value - 48)
                        position += 1
                        digits += 1
                    }
                    bytes.append(UInt8(truncatingIfNeeded: value))
                default:
                    bytes += Array(String(escaped).utf8)
                }
            }
            guard position < scalars.count else { return nil }
            position += 1
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
