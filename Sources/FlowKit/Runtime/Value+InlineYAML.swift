extension Value {
    /// The value as one line of YAML flow style, which JSON readers also take for
    /// everything but non-finite doubles: `"alice"`, `3`, `[1, "a"]`, `{"k": true}`.
    /// Test files are written with it, and test failures show values with it.
    public var inlineYAML: String {
        switch self {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): double.isFinite ? String(double) : double.isNaN ? ".nan" : double < 0 ? "-.inf" : ".inf"
        case .string(let string): ResultDocument.quoted(string)
        case .list(let elements): "[" + elements.map(\.inlineYAML).joined(separator: ", ") + "]"
        case .map(let entries): "{" + entries.keys.sorted().map { "\(ResultDocument.quoted($0)): \((entries[$0] ?? .null).inlineYAML)" }.joined(separator: ", ") + "}"
        }
    }
}
