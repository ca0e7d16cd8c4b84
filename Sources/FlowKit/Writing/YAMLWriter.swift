import FlowYAML
import FlowExpressions

/// Every YAML flowrun writes, in two styles. Block style is `--output yaml`'s: mappings
/// and sequences one entry a line, strings plain wherever `YAMLPlainScalar` allows.
/// Flow style is one line with every string double-quoted, which JSON readers take too:
/// the flow tests `test --generate` writes, and values and lines in test reports.
///
/// Written by hand rather than by libyaml's emitter, which writes bidirectional controls
/// such as U+202E raw, escapes 😀 as `\U0001F600` and does not indent a sequence under
/// its key (docs/security.md).
enum YAMLWriter {
    /// A block mapping of `entries` in the order given (nested mappings in key order), one
    /// line each, ending with a line break.
    static func block(_ entries: [(key: String, value: Value)]) -> String {
        lines(entries, indent: "").joined(separator: "\n") + "\n"
    }

    /// `value` as one line of flow style: `"alice"`, `3`, `[1, "a"]`, `{"k": true}`, keys in
    /// order; JSON too, but for non-finite doubles.
    static func flow(_ value: Value) -> String {
        switch value {
        case .string(let string): doubleQuoted(string)
        case .list(let elements): "[" + elements.map(flow).joined(separator: ", ") + "]"
        case .map(let entries): "{" + entries.keys.sorted().map { "\(doubleQuoted($0)): \(flow(entries[$0] ?? .null))" }.joined(separator: ", ") + "}"
        default: scalar(value)
        }
    }

    /// A double-quoted scalar. Besides `"` and `\`, every character `isEscaped` picks is
    /// written `\uXXXX`, an escape JSON and YAML read alike; a line feed and a tab are
    /// `\n` and `\t`.
    static func doubleQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: quoted += "\\\""
            case 0x5C: quoted += "\\\\"
            case 0x0A: quoted += "\\n"
            case 0x09: quoted += "\\t"
            case _ where isEscaped(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Whether a character is written escaped: one YAML does not allow as it is (C0 and C1
    /// controls, DEL, U+FFFE, U+FFFF), reads as a line break (NEL, LS, PS) or drops (BOM),
    /// or one that could drive or reorder a terminal (`TerminalText`: bidirectional marks too).
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.isUnsafe(scalar) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
    }

    /// A double as YAML 1.2 and YAML 1.1 readers both read a float back: always with a `.`
    /// (`1.0`, `1.0e+16`), since a 1.2 reader takes `1` for an int and PyYAML takes
    /// `1e+16` for a string.
    static func number(_ double: Double) -> String {
        if double.isNaN { return ".nan" }
        if double.isInfinite { return double < 0 ? "-.inf" : ".inf" }
        let text = ValueFormatting.format(double)
        if text.contains(".") { return text }
        guard let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text + ".0" }
        return String(text[..<exponent]) + ".0" + text[exponent...]
    }

    // MARK: - Block style

    /// `key: value` lines at `indent`, a mapping's entries in the order given.
    private static func lines(_ entries: [(key: String, value: Value)], indent: String) -> [String] {
        entries.flatMap { entry in lines(entry.value, lead: indent + text(entry.key) + ":", indent: indent) }
    }

    /// A value after `lead` (`key:` or `-`), with what nests under it indented past `indent`.
    private static func lines(_ value: Value, lead: String, indent: String) -> [String] {
        let inner = indent + "  "
        switch value {
        case .map(let entries) where !entries.isEmpty:
            return [lead] + lines(sorted(entries), indent: inner)
        case .list(let elements) where !elements.isEmpty:
            // A list under a key is indented one step, as people write it.
            return [lead] + elements.flatMap { element in sequenceItem(element, indent: inner) }
        case .string(let string):
            return ["\(lead) \(text(string))"]
        case .semver(let version):
            return ["\(lead) \(text(version.description))"]
        default:
            return ["\(lead) \(scalar(value))"]
        }
    }

    /// One `- item`: a mapping's first entry on the dash's line, the rest under it.
    private static func sequenceItem(_ value: Value, indent: String) -> [String] {
        switch value {
        case .map(let entries) where !entries.isEmpty:
            var nested = lines(sorted(entries), indent: indent + "  ")
            nested[0] = indent + "- " + nested[0].dropFirst(indent.count + 2)
            return nested
        default:
            return lines(value, lead: indent + "-", indent: indent)
        }
    }

    private static func sorted(_ entries: [String: Value]) -> [(key: String, value: Value)] {
        entries.keys.sorted().map { (key: $0, value: entries[$0] ?? .null) }
    }

    /// A string plain where it reads back as the same string, double-quoted otherwise.
    private static func text(_ string: String) -> String {
        YAMLPlainScalar.isSafe(string) ? string : doubleQuoted(string)
    }

    /// A scalar, or an empty list or map, in either style; strings double-quoted.
    private static func scalar(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): number(double)
        case .string(let string): doubleQuoted(string)
        case .semver(let version): doubleQuoted(version.description)
        case .list: "[]"
        case .map: "{}"
        }
    }
}
