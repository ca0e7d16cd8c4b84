/// The id syntax of spec §4: `[A-Za-z_][A-Za-z0-9_-]*`.
enum Identifier {
    static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetterOrUnderscore(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { isLetterOrUnderscore($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A handler key: an action id, or `flowid.done` for a child flow finishing.
    static func isValidAction(_ text: String) -> Bool {
        if text.hasSuffix(".done") { return isValid(String(text.dropLast(".done".count))) }
        return isValid(text)
    }

    /// An assignment target: `name` or `flowid.name`.
    static func isValidTarget(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { isValid(String($0)) }
    }

    private static func isLetterOrUnderscore(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
