/// A JSON value of any shape, and the one writer of JSON text: the language server's
/// messages, result documents (`--output json`, lists and maps in `--output env`),
/// `--transcript` lines, `validate` and `test` reports, SARIF and `flowrun schema`.
///
/// Keys are sorted (by their UTF-8 bytes, as Foundation's `.sortedKeys` sorts them on
/// Linux), slashes are not escaped, and the pretty layout is Foundation's, so documents
/// read the same as when Foundation's encoder wrote them. Every string is safe on a
/// terminal: what `TerminalText` finds unsafe (C0 and C1 controls, DEL, bidirectional
/// overrides) is written as a `\u009b` escape (docs/security.md).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// JSON text already written, in consecutive parts, put in place as it is: a large
    /// answer is written part by part rather than held whole as a tree of values, which
    /// for a large document's symbols was several times the size of its text.
    case encoded([[UInt8]])

    /// How the text is laid out: on one line, or indented by two spaces a level with
    /// `"key" : value` (Foundation's `.prettyPrinted`).
    public enum Layout: Sendable {
        case compact, pretty
    }

    /// The value as JSON text (UTF-8).
    public func encoded(_ layout: Layout = .compact) -> [UInt8] {
        Array(encodedParts(layout).joined())
    }

    /// The value as a JSON document: pretty-printed, ending with a newline.
    public var document: String {
        String(decoding: encoded(.pretty), as: UTF8.self) + "\n"
    }

    /// The value as one line of JSON text.
    public var line: String {
        String(decoding: encoded(), as: UTF8.self)
    }

    /// The JSON text of `encoded()` in consecutive parts, the parts of text already written
    /// (`.encoded`) among them as they are, so that a large answer is not copied to be sent.
    /// Written directly, without Foundation's encoder: that one builds a tree of its own
    /// first, which for a large document's symbols was many times the answer's size.
    public func encodedParts(_ layout: Layout = .compact) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var output: [UInt8] = []
        write(to: &output, parts: &parts, layout: layout, depth: 0)
        parts.append(output)
        return parts
    }

    private func write(to output: inout [UInt8], parts: inout [[UInt8]], layout: Layout, depth: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        // As Foundation writes a double: the shortest text that reads back, without ".0".
        case .double(let value) where value.isFinite:
            let text = value.description
            output += (text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)).utf8
        case .double: output += "null".utf8
        case .string(let value): Self.write(value, to: &output)
        case .encoded(let text):
            parts.append(output)
            parts += text
            output = []
        case .array(let values):
            Self.writeContainer("[", "]", values.count, to: &output, layout: layout, depth: depth) { position, output in
                values[position].write(to: &output, parts: &parts, layout: layout, depth: depth + 1)
            }
        case .object(let entries):
            let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            Self.writeContainer("{", "}", keys.count, to: &output, layout: layout, depth: depth) { position, output in
                Self.write(keys[position], to: &output)
                output += (layout == .pretty ? " : " : ":").utf8
                entries[keys[position]]?.write(to: &output, parts: &parts, layout: layout, depth: depth + 1)
            }
        }
    }

    /// Brackets around `count` elements, separated by commas; pretty, each on its own
    /// line, and an empty container as Foundation writes it, with an empty line inside.
    private static func writeContainer(_ open: Unicode.Scalar, _ close: Unicode.Scalar, _ count: Int, to output: inout [UInt8],
                                       layout: Layout, depth: Int, element: (Int, inout [UInt8]) -> Void) {
        output.append(UInt8(ascii: open))
        if layout == .pretty { output.append(UInt8(ascii: "\n")) }
        for position in 0..<count {
            if position > 0 { output += (layout == .pretty ? ",\n" : ",").utf8 }
            if layout == .pretty { output += repeatElement(UInt8(ascii: " "), count: 2 * (depth + 1)) }
            element(position, &output)
        }
        if layout == .pretty {
            output.append(UInt8(ascii: "\n"))
            output += repeatElement(UInt8(ascii: " "), count: 2 * depth)
        }
        output.append(UInt8(ascii: close))
    }

    /// A JSON string: quote and backslash escaped, the short escapes of RFC 8259 §7 where
    /// there is one, and every other character `TerminalText` finds unsafe as `\u00XX`.
    private static func write(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (names, keys, ids) need no escape and are copied whole.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            output += string.utf8
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\"".utf8
                case "\\": output += "\\\\".utf8
                case "\u{8}": output += "\\b".utf8
                case "\u{C}": output += "\\f".utf8
                case "\n": output += "\\n".utf8
                case "\r": output += "\\r".utf8
                case "\t": output += "\\t".utf8
                case _ where TerminalText.isUnsafe(scalar):
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u".utf8
                    output += repeatElement(UInt8(ascii: "0"), count: 4 - hex.count)
                    output += hex.utf8
                default: output += UTF8.encode(scalar).map(Array.init) ?? []
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: Decodable {
    /// A JSON-RPC message's value, read with Foundation's decoder: a number is an `int`
    /// when it is a whole one that fits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

extension JSONValue {
    public subscript(key: String) -> JSONValue? {
        if case .object(let entries) = self { return entries[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A whole number, written as an integer or as a double without a fraction.
    public var int: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    public var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { first, _ in first })
    }
}
