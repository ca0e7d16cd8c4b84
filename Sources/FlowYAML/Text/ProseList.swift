extension Array where Element == String {
    /// The items as a sentence lists them: "a, b and c" with `and`, "a or b" with `or`.
    package func prose(_ conjunction: String) -> String {
        dropLast().joined(separator: ", ") + (count > 1 ? " \(conjunction) " : "") + (last ?? "")
    }
}
