/// The YAML 1.2 core schema: which type a plain scalar's text stands for, and its value.
///
/// Works on UTF-8 bytes so that resolving the scalars of a large file costs no
/// allocation; every rule looks at the first byte before anything else.
package enum CoreSchema {
    /// The type of an untagged plain scalar. `yes`, `no`, `on` and `off` are strings.
    /// The kind a plain scalar spelled `text` resolves to. The resolver reads bytes, as
    /// libyaml gives them; a string is lent to it as its UTF-8 bytes (byte parsing).
    package static func kind(ofPlain text: String) -> ScalarKind {
        Array(text.utf8).withUnsafeBufferPointer { kind(ofPlain: $0) }
    }

    static func kind(ofPlain text: UnsafeBufferPointer<UInt8>) -> ScalarKind {
        guard let first = text.first else { return .null }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return isNull(text) ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            return isBool(text) != nil ? .bool : .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return numberKind(text)
        default:
            return .string
        }
    }

    static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || equals(text, "~") || equals(text, "null") || equals(text, "Null") || equals(text, "NULL")
    }

    /// The boolean a scalar spells, or nil.
    static func isBool(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equals(text, "true") || equals(text, "True") || equals(text, "TRUE") { return true }
        if equals(text, "false") || equals(text, "False") || equals(text, "FALSE") { return false }
        return nil
    }

    /// `.int`, `.float`, or `.string` for text that is neither. An integer too
    /// large for `Int` resolves as a float, as JSON readers do.
    static func numberKind(_ text: UnsafeBufferPointer<UInt8>) -> ScalarKind {
        if isInteger(text) {
            return integerValue(text) != nil ? .int : .float
        }
        return isFloat(text) ? .float : .string
    }

    /// The value of text whose kind is already known to be `kind`.
    static func value(of text: UnsafeBufferPointer<UInt8>, kind: ScalarKind) -> ScalarValue {
        switch kind {
        case .null: return .null
        case .bool: return .bool(isBool(text) ?? false)
        case .int: return integerValue(text).map(ScalarValue.int) ?? .string(String(decoding: text, as: UTF8.self))
        case .float: return .float(floatValue(text))
        case .string: return .string(String(decoding: text, as: UTF8.self))
        }
    }

    // MARK: - Integers

    private static func isInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if text.count > 2, text[0] == UInt8(ascii: "0") {
            let rest = UnsafeBufferPointer(rebasing: text[2...])
            if text[1] == UInt8(ascii: "o") { return rest.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) } }
            if text[1] == UInt8(ascii: "x") { return rest.allSatisfy(isHexDigit) }
        }
        let digits = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+")
            ? UnsafeBufferPointer(rebasing: text[1...]) : text
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    private static func integerValue(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        if text.count > 2, text[0] == UInt8(ascii: "0"), text[1] == UInt8(ascii: "o") || text[1] == UInt8(ascii: "x") {
            let radix = text[1] == UInt8(ascii: "o") ? 8 : 16
            return Int(String(decoding: text[2...], as: UTF8.self), radix: radix)
        }
        return Int(String(decoding: text, as: UTF8.self))
    }

    // MARK: - Floats

    private static func isFloat(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
        let unsigned = UnsafeBufferPointer(rebasing: text[i...])
        if equals(unsigned, ".inf") || equals(unsigned, ".Inf") || equals(unsigned, ".INF") { return true }
        if i == 0, equals(text, ".nan") || equals(text, ".NaN") || equals(text, ".NAN") { return true }
        let integerStart = i
        while i < n, isDigit(text[i]) { i += 1 }
        let integerDigits = i - integerStart
        var fractionDigits = 0
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, isDigit(text[i]) { i += 1 }
            fractionDigits = i - fractionStart
            // `.` needs digits after it when there are none before it.
            if integerDigits == 0, fractionDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            let exponentStart = i
            while i < n, isDigit(text[i]) { i += 1 }
            if i == exponentStart { return false }
        }
        return i == n
    }

    private static func floatValue(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let string = String(decoding: text, as: UTF8.self)
        switch string.lowercased() {
        case ".inf", "+.inf": return .infinity
        case "-.inf": return -.infinity
        case ".nan": return .nan
        default: break
        }
        if let value = Double(string) { return value }
        // `1.` and `+1.e5` are floats to YAML but not to Swift's parser.
        let completed = string.replacing(".e", with: ".0e").replacing(".E", with: ".0E") + (string.hasSuffix(".") ? "0" : "")
        return Double(completed) ?? .nan
    }

    // MARK: - Bytes

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard text.count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for i in 0..<text.count where text[i] != literalBytes[i] { return false }
            return true
        }
    }
}
