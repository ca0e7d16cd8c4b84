import FlowYAML

/// The one place that decides whether flowrun writes a string plain or double-quoted
/// (`YAMLWriter`): plain only where a YAML 1.2 reader (ruamel.yaml, flowrun's own) and a
/// YAML 1.1 reader (PyYAML) both read it back as this very string (cli.md 1.2).
enum YAMLPlainScalar {
    /// Whether `text`, written plain in block style (a mapping key, or a value after `: `
    /// or `- `), reads back as `text` under both resolvers.
    static func isSafe(_ text: String) -> Bool {
        hasPlainSyntax(text) && resolvesToString(text)
    }

    /// Whether `text` can be a plain scalar at all: not empty, no space at either end, no
    /// indicator where it would start a structure or a comment, and nothing to escape.
    private static func hasPlainSyntax(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, first != " ", last != " " else { return false }
        if "[]{},#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        // `-`, `?` and `:` start a plain scalar only before a non-space.
        if "-?:".unicodeScalars.contains(first) && (scalars.count == 1 || scalars.dropFirst().first == " ") { return false }
        if text.contains(": ") || text.contains(" #") || last == ":" { return false }
        return !scalars.contains(where: YAMLWriter.isEscaped)
    }

    /// Whether a plain `text` is a string to both resolvers: not a null, bool, int, float,
    /// timestamp, merge key or value key of YAML 1.2's core schema or of YAML 1.1.
    private static func resolvesToString(_ text: String) -> Bool {
        CoreSchema.kind(ofPlain: text) == .string
            && !yaml11Words.contains(text.lowercased())
            && !isNumberLike(text)
            && !isTimestamp(text)
            // The merge key and the value key: PyYAML fails on a plain `=`, and both read `<<` as a merge.
            && text != "<<" && text != "="
    }

    /// YAML 1.1's booleans beyond `true` and `false`, in any case: PyYAML reads `yes`,
    /// `Yes`, `YES`, `on` and `off` so, and the 1.1 spec (and ruamel.yaml's 1.1) `y` and `n` too.
    private static let yaml11Words: Set<String> = ["y", "yes", "n", "no", "on", "off"]

    /// Text spelled like a number: it starts with a digit, a sign or a point and holds only
    /// digits and number punctuation. This takes in both readers' numbers beyond the 1.2 core
    /// schema (`0o17`, `017`, `0b1`, `0x1F`, `1_000`, sexagesimal `1:30`, `+.5`, `1.`) and
    /// dates (`2026-11-25`), and errs towards quoting (`1.2.3`).
    private static func isNumberLike(_ text: String) -> Bool {
        text.first.map { $0.isNumber || "+-.".contains($0) } == true
            && text.allSatisfy { $0.isNumber || "+-._:xXoObBeEaAcCdDfF".contains($0) }
    }

    /// The `timestamp` type both readers resolve (YAML 1.1's, which ruamel.yaml keeps for
    /// 1.2): `2026-11-25`, or a date with a time, `2026-11-25T10:00:00Z`,
    /// `2026-1-5 10:00:00.25 +01:00`.
    private static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        /// Consumes `least` to `most` ASCII digits; false if there are fewer than `least`.
        func digits(_ least: Int, _ most: Int) -> Bool {
            let start = index
            while index < bytes.count, index - start < most, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start >= least
        }
        /// Consumes one byte of `set`, if next.
        func take(_ set: String) -> Bool {
            guard index < bytes.count, set.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard digits(4, 4), take("-"), digits(1, 2) else { return false }
        let monthDigits = index
        guard take("-"), digits(1, 2) else { return false }
        if index == bytes.count { return monthDigits == 7 && index == 10 }
        if !take("Tt") {
            guard take(" \t") else { return false }
            while take(" \t") {}
        }
        guard digits(1, 2), take(":"), digits(2, 2), take(":"), digits(2, 2) else { return false }
        if take(".") { _ = digits(0, .max) }
        // A zone, `Z` or `+01:00`, perhaps after spaces.
        let beforeZone = index
        while take(" \t") {}
        if !take("Z") {
            if take("+-") {
                guard digits(1, 2) else { return false }
                if take(":"), !digits(2, 2) { return false }
            } else {
                index = beforeZone
            }
        }
        return index == bytes.count
    }
}
