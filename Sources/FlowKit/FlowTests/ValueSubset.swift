import FlowExpressions

/// How a flow test's `values` match (cli.md `test` 1.2): an expected map is a subset of
/// the actual one at every depth, maps inside list elements too; a list matches a list of
/// the same length whose elements match in order; a semantic version matches its canonical
/// text (`1.2.0`), as results show it; any other value matches as expressions compare (`3`
/// matches `3.0`).
enum ValueSubset {
    /// Where an actual value first departs from the expected one.
    struct Difference: Equatable {
        /// The way down to it from the variable: `.user.roles[1]`, empty for the variable itself.
        var path: String
        /// What the report says differs there.
        var description: String
    }

    /// The first place, depth first in key order, where `actual` does not match
    /// `expected`; nil when it matches.
    static func firstDifference(expected: Value, actual: Value, at path: String = "") -> Difference? {
        switch (expected, actual) {
        case (.map(let wanted), .map(let entries)):
            for key in wanted.keys.sorted() {
                let inner = path + segment(key)
                guard let value = MapLookup.value(for: key, in: entries) else {
                    return Difference(path: inner, description: "expected \(YAMLWriter.flow(wanted[key] ?? .null)), but there is no such key")
                }
                if let difference = firstDifference(expected: wanted[key] ?? .null, actual: value, at: inner) { return difference }
            }
            return nil
        case (.list(let wanted), .list(let elements)):
            guard wanted.count == elements.count else {
                return Difference(path: path, description: "expected \(wanted.count) element(s), got \(elements.count): \(YAMLWriter.flow(actual))")
            }
            for (index, (element, value)) in zip(wanted, elements).enumerated() {
                if let difference = firstDifference(expected: element, actual: value, at: path + "[\(index)]") { return difference }
            }
            return nil
        case (.string(let text), .semver(let version)) where text == version.description:
            return nil
        default:
            return expected == actual ? nil : Difference(path: path, description: "expected \(YAMLWriter.flow(expected)), got \(YAMLWriter.flow(actual))")
        }
    }

    /// A map key as a step of a path: `.name` for what an expression reads as a name,
    /// else `["a key"]`.
    private static func segment(_ key: String) -> String {
        let scalars = key.unicodeScalars
        let isName = scalars.first.map(Lexer.isIdentifierStart) == true
            && scalars.allSatisfy { Lexer.isIdentifierStart($0) || Lexer.isDigit($0) }
        return isName ? "." + key : "[" + YAMLWriter.doubleQuoted(key) + "]"
    }
}
