import FlowKit
import FlowYAML

/// JSON values for comparing trees with the YAML test suite's `in.json`: numbers are
/// read, and taken from YAML, as doubles; object keys are unordered.
extension JSONValue {
    /// The JSON a YAML node loads as, or nil if JSON cannot hold it (a collection as a key).
    init?(_ node: Node) {
        switch node.kind {
        case .scalar:
            switch node.scalarValue {
            case .null, nil: self = .null
            case .bool(let value): self = .bool(value)
            case .int(let value): self = .double(Double(value))
            case .float(let value): self = .double(value)
            case .string(let value): self = .string(value)
            }
        case .sequence:
            var elements: [JSONValue] = []
            for element in node.sequence.map(Array.init) ?? [] {
                guard let value = JSONValue(element) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case .mapping:
            var object: [String: JSONValue] = [:]
            for pair in node.mapping.map(Array.init) ?? [] {
                guard pair.key.kind == .scalar, let name = pair.key.string, let converted = JSONValue(pair.value) else { return nil }
                object[name] = converted
            }
            self = .object(object)
        }
    }

    /// Parses a stream of JSON values separated by whitespace, as `in.json` holds one per YAML document.
    static func parseStream(_ text: String) throws -> [JSONValue] {
        var reader = JSONStreamReader(Array(text.unicodeScalars))
        var values: [JSONValue] = []
        reader.skipWhitespace()
        while !reader.atEnd {
            values.append(try reader.value())
            reader.skipWhitespace()
        }
        return values
    }
}

private struct JSONStreamReader {
    struct Failure: Error { var offset: Int }

    let scalars: [Unicode.Scalar]
    var offset = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { offset >= scalars.count }

    mutating func skipWhitespace() {
        while !atEnd, [" ", "\n", "\r", "\t"].contains(scalars[offset]) { offset += 1 }
    }

    mutating func value() throws -> JSONValue {
        skipWhitespace()
        guard !atEnd else { throw Failure(offset: offset) }
        switch scalars[offset] {
        case "{":
            offset += 1
            var object: [String: JSONValue] = [:]
            skipWhitespace()
            if scalars[offset] == "}" { offset += 1; return .object(object) }
            while true {
                skipWhitespace()
                let key = try string()
                skipWhitespace()
                try expect(":")
                object[key] = try value()
                skipWhitespace()
                if scalars[offset] == "}" { offset += 1; return .object(object) }
                try expect(",")
            }
        case "[":
            offset += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if scalars[offset] == "]" { offset += 1; return .array(array) }
            while true {
                array.append(try value())
                skipWhitespace()
                if scalars[offset] == "]" { offset += 1; return .array(array) }
                try expect(",")
            }
        case "\"":
            return .string(try string())
        case "t": try literal("true"); return .bool(true)
        case "f": try literal("false"); return .bool(false)
        case "n": try literal("null"); return .null
        default:
            let start = offset
            while !atEnd, "+-0123456789.eE".unicodeScalars.contains(scalars[offset]) { offset += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<offset]))
            guard let number = Double(text) else { throw Failure(offset: start) }
            return .double(number)
        }
    }

    mutating func string() throws -> String {
        try expect("\"")
        var result = String.UnicodeScalarView()
        while !atEnd, scalars[offset] != "\"" {
            if scalars[offset] == "\\" {
                offset += 1
                let escape = scalars[offset]
                switch escape {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), scalars[offset + 1] == "\\", scalars[offset + 2] == "u" {
                        offset += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    result.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: result.append(escape)
                }
                offset += 1
            } else {
                result.append(scalars[offset])
                offset += 1
            }
        }
        try expect("\"")
        return String(result)
    }

    mutating func hex4() throws -> UInt32 {
        let digits = String(String.UnicodeScalarView(scalars[(offset + 1)...(offset + 4)]))
        guard let code = UInt32(digits, radix: 16) else { throw Failure(offset: offset) }
        offset += 4
        return code
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws {
        guard !atEnd, scalars[offset] == scalar else { throw Failure(offset: offset) }
        offset += 1
    }

    mutating func literal(_ word: String) throws {
        for scalar in word.unicodeScalars { try expect(scalar) }
    }
}
