/// How values become text, for `string(x)` and for template parts (spec §9).
package enum ValueFormatting {
    /// A double in its shortest round-trip form, as Swift's `description` writes it, so a
    /// whole number keeps its `.0` (`1.0`, `-0.0`, `1e+16`, `0.0045`) and reads back as a
    /// double. CEL leaves the spelling to implementations (cel-java writes `1.0` too).
    /// Infinities and NaN take the names CEL's JSON mapping gives them.
    package static func format(_ double: Double) -> String {
        if double.isNaN { return "NaN" }
        if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
        return double.description
    }

    /// A value as a template shows it: strings as they are, numbers as `string()` writes
    /// them, `null` as nothing, a list's elements joined by `, `, a map as `{k: v, …}`
    /// with its keys in code-point order, a semantic version as its canonical text.
    package static func render(_ value: Value) -> String {
        switch value {
        case .null: ""
        case .list(let elements): elements.map(renderNested).joined(separator: ", ")
        default: renderNested(value)
        }
    }

    /// A value inside a list or map: like `render`, except that `null` shows as `null`
    /// (so `[1, null]` does not lose an element) and nested lists keep their brackets.
    private static func renderNested(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): format(double)
        case .string(let string): string
        case .semver(let version): version.description
        case .list(let elements): "[" + elements.map(renderNested).joined(separator: ", ") + "]"
        case .map(let entries):
            "{" + entries.sorted { CodePointOrder.precedes($0.key, $1.key) }
                .map { "\($0.key): \(renderNested($0.value))" }
                .joined(separator: ", ") + "}"
        }
    }
}

/// CEL orders strings by their code points, not by Swift's canonical ordering of
/// `String`, which normalizes first.
package enum CodePointOrder {
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }
}
