/// The YAML 1.2 core schema: which type a plain scalar's text stands for, and its value.
///
/// Works on UTF-8 bytes so that resolving the scalars of a large file costs no
/// allocation; every rule looks at the first byte before anything else.
package enum CoreSchema {
    /// The type of an untagged plain scalar. `yes`, `no`, `on` and `off` are strings.
    /// The kind a plain scalar spelled `text` resolves to.
    package static func kind(ofPlain text: String) -> ScalarKind {
        kind(ofPlain: text.utf8)
    }

    /// The kind of a plain scalar given as UTF-8 bytes: libyaml's scalar as it arrives,
    /// a scalar's text in the tree, or a string's `utf8` view (each read in place).
    static func kind(ofPlain text: some BidirectionalCollection<UInt8>) -> ScalarKind {
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

    static func isNull(_ text: some Collection<UInt8>) -> Bool {
        text.isEmpty || equals(text, "~") || equals(text, "null") || equals(text, "Null") || equals(text, "NULL")
    }

    /// The boolean a scalar spells, or nil.
    static func isBool(_ text: some Collection<UInt8>) -> Bool? {
        if equals(text, "true") || equals(text, "True") || equals(text, "TRUE") { return true }
        if equals(text, "false") || equals(text, "False") || equals(text, "FALSE") { return false }
        return nil
    }

    /// `.int`, `.float`, or `.string` for text that is neither. An integer too
    /// large for `Int` resolves as a float, as JSON readers do.
    static func numberKind(_ text: some BidirectionalCollection<UInt8>) -> ScalarKind {
        if isInteger(text) {
            return integerValue(text) != nil ? .int : .float
        }
        return isFloat(text) ? .float : .string
    }

    /// The value of text whose kind is already known to be `kind`.
    static func value(of text: some BidirectionalCollection<UInt8>, kind: ScalarKind) -> ScalarValue {
        switch kind {
        case .null: return .null
        case .bool: return .bool(isBool(text) ?? false)
        case .int: return integerValue(text).map(ScalarValue.int) ?? .string(String(decoding: text, as: UTF8.self))
        case .float: return .float(floatValue(text))
        case .string: return .string(String(decoding: text, as: UTF8.self))
        }
    }

    // MARK: - Integers

    private static func isInteger(_ text: some BidirectionalCollection<UInt8>) -> Bool {
        if let radix = radixPrefix(text) {
            let rest = text.dropFirst(2)
            return radix == 8 ? rest.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) } : rest.allSatisfy(isHexDigit)
        }
        let digits = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    private static func integerValue(_ text: some BidirectionalCollection<UInt8>) -> Int? {
        if let radix = radixPrefix(text) { return Int(String(decoding: text.dropFirst(2), as: UTF8.self), radix: radix) }
        return Int(String(decoding: text, as: UTF8.self))
    }

    /// 8 for text starting `0o`, 16 for `0x`, with at least one more byte; else nil.
    private static func radixPrefix(_ text: some Collection<UInt8>) -> Int? {
        var bytes = text.makeIterator()
        guard text.count > 2, bytes.next() == UInt8(ascii: "0") else { return nil }
        switch bytes.next() {
        case UInt8(ascii: "o"): return 8
        case UInt8(ascii: "x"): return 16
        default: return nil
        }
    }

    // MARK: - Floats

    private static func isFloat(_ text: some BidirectionalCollection<UInt8>) -> Bool {
        var rest = text[...]
        let signed = rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "+")
        if signed { rest = rest.dropFirst() }
        if equals(rest, ".inf") || equals(rest, ".Inf") || equals(rest, ".INF") { return true }
        if !signed, equals(rest, ".nan") || equals(rest, ".NaN") || equals(rest, ".NAN") { return true }
        let integerDigits = skipDigits(&rest)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            // `.` needs digits after it when there are none before it.
            if skipDigits(&rest) == 0, integerDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
            if skipDigits(&rest) == 0 { return false }
        }
        return rest.isEmpty
    }

    /// Drops the digits `text` starts with; returns how many there were.
    private static func skipDigits<Text: Collection<UInt8>>(_ text: inout Text) -> Int where Text.SubSequence == Text {
        let digits = text.prefix(while: isDigit).count
        text = text.dropFirst(digits)
        return digits
    }

    private static func floatValue(_ text: some Collection<UInt8>) -> Double {
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

    /// Whether the bytes spell `literal`, compared in place.
    private static func equals(_ text: some Collection<UInt8>, _ literal: String) -> Bool {
        text.count == literal.utf8.count && text.elementsEqual(literal.utf8)
    }
}
