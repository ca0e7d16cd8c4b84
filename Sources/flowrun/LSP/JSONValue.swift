import FoundationEssentials

/// A JSON value of any shape: what JSON-RPC messages carry, read with Foundation's
/// decoder, looked into by key and index, and written straight to bytes.
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// JSON text already written, in consecutive parts, put in place as it is: a large
    /// answer is written part by part rather than held whole as a tree of values, which
    /// for a large document's symbols was several times the size of its text.
    case encoded([[UInt8]])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as JSON text (UTF-8, keys sorted, nothing escaped that JSON allows raw).
    /// Written directly, without Foundation's encoder: that one builds a tree of its own
    /// first, which for a large document's symbols was many times the answer's size.
    func encoded() -> [UInt8] {
        Array(encodedParts().joined())
    }

    /// The JSON text of `encoded()` in consecutive parts, the parts of text already written
    /// (`.encoded`) among them as they are, so that a large answer is not copied to be sent.
    func encodedParts() -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var output: [UInt8] = []
        write(to: &output, parts: &parts)
        parts.append(output)
        return parts
    }

    private func write(to output: inout [UInt8], parts: inout [[UInt8]]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        // Integral numbers (ids, lines, columns) are written without a fraction.
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: output += String(Int(value)).utf8
        case .number(let value) where value.isFinite: output += "\(value)".utf8
        case .number: output += "null".utf8
        case .string(let value): Self.write(value, to: &output)
        case .encoded(let text):
            parts.append(output)
            parts += text
            output = []
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (position, value) in values.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output, parts: &parts)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let entries):
            output.append(UInt8(ascii: "{"))
            for (position, key) in entries.keys.sorted().enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.write(key, to: &output)
                output.append(UInt8(ascii: ":"))
                entries[key]?.write(to: &output, parts: &parts)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quote, backslash and C0 controls escaped (RFC 8259 §7).
    private static func write(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += "\\u00".utf8
                output += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let entries) = self { return entries[key] }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var int: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 { return Int(value) }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { first, _ in first })
    }

    init(_ value: Int) { self = .number(Double(value)) }
}
