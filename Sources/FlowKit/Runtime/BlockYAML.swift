/// Values written as idiomatic block YAML (cli.md 1.1, `--output yaml`): mappings and
/// sequences in block style, scalars plain wherever a YAML 1.2 parser reads them back
/// as the same value, and double-quoted only where needed (`"yes"`, `"1.0"` as text, a
/// `: ` inside, a line break, a control character).
enum BlockYAML {
    /// `key: value` lines at `indent` (a mapping's entries, keys in the order given).
    static func lines(_ entries: [(key: String, value: Value)], indent: String = "") -> [String] {
        entries.flatMap { entry in lines(entry.value, lead: indent + key(entry.key) + ":", indent: indent) }
    }

    /// A value after `lead` (`key:` or `-`), with what nests under it indented past `indent`.
    private static func lines(_ value: Value, lead: String, indent: String) -> [String] {
        let inner = indent + "  "
        switch value {
        case .map(let entries) where !entries.isEmpty:
            let sorted = entries.keys.sorted().map { (key: $0, value: entries[$0] ?? .null) }
            return [lead] + lines(sorted, indent: inner)
        case .list(let elements) where !elements.isEmpty:
            // A list under a key is indented one step, as people write it.
            return [lead] + elements.flatMap { element in sequenceItem(element, indent: inner) }
        default:
            return ["\(lead) \(scalar(value))"]
        }
    }

    /// One `- item`: a mapping's first entry on the dash's line, the rest under it.
    private static func sequenceItem(_ value: Value, indent: String) -> [String] {
        switch value {
        case .map(let entries) where !entries.isEmpty:
            let sorted = entries.keys.sorted().map { (key: $0, value: entries[$0] ?? .null) }
            var nested = lines(sorted, indent: indent + "  ")
            nested[0] = indent + "- " + nested[0].dropFirst(indent.count + 2)
            return nested
        default:
            return lines(value, lead: indent + "-", indent: indent)
        }
    }

    static func scalar(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): number(double)
        case .string(let string): text(string)
        case .list: "[]"
        case .map: "{}"
        }
    }

    /// A double as YAML 1.2's core schema reads a float back: always with a `.` or an
    /// exponent, so `1.0` does not come back an int.
    private static func number(_ double: Double) -> String {
        if double.isNaN { return ".nan" }
        if double.isInfinite { return double < 0 ? "-.inf" : ".inf" }
        let text = String(double)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    static func key(_ key: String) -> String { text(key) }

    /// Text plain where it reads back as the same string, double-quoted otherwise.
    static func text(_ string: String) -> String {
        isPlainSafe(string) ? string : ResultDocument.quoted(string)
    }

    /// Whether `string` written plain is read back as this string by YAML 1.2 parsers, and
    /// by YAML 1.1 ones too (so `yes`, `on` and `y` are quoted).
    private static func isPlainSafe(_ string: String) -> Bool {
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last,
              first != " ", last != " ", !resolvesToAnotherType(string) else { return false }
        // An indicator cannot start a plain scalar (`-`, `?` and `:` can only before a non-space).
        if "[]{},#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if "-?:".unicodeScalars.contains(first) && (string.unicodeScalars.count == 1 || string.unicodeScalars.dropFirst().first == " ") { return false }
        if string.contains(": ") || string.contains(" #") || last == ":" { return false }
        return string.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return !TerminalText.isUnsafe(scalar) && value != 0x2028 && value != 0x2029 && value != 0xFEFF
        }
    }

    /// Whether a plain scalar spelled `string` resolves to a null, bool or number under
    /// the core schema, or under YAML 1.1's wider booleans and numbers.
    private static func resolvesToAnotherType(_ string: String) -> Bool {
        if CoreSchema.kind(ofPlain: string) != .string { return true }
        let yaml11Words: Set<String> = ["y", "yes", "n", "no", "on", "off", "~"]
        if yaml11Words.contains(string.lowercased()) { return true }
        // YAML 1.1 numbers: 0b1, 0x1F, 017, 1_000, 1:30 (sexagesimal), +.5, 1.
        return string.first.map { $0.isNumber || "+-.".contains($0) } == true
            && string.allSatisfy { $0.isNumber || "+-._:xXoObBeEaAcCdDfF".contains($0) }
    }
}
