/// The id syntax of spec §4: `[A-Za-z_][A-Za-z0-9_-]*`. Every character an id may hold
/// is ASCII, so ids are checked byte by byte.
enum Identifier {
    static func isValid(_ text: String) -> Bool { isValid(text.utf8[...]) }

    /// A handler key: an action id, or `flowid.done` for a child flow finishing.
    static func isValidAction(_ text: String) -> Bool {
        if text.hasSuffix(".done") { return isValid(text.utf8.dropLast(".done".utf8.count)) }
        return isValid(text)
    }

    /// An assignment target: `name` or `flowid.name`.
    static func isValidTarget(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy(isValid)
    }

    /// An environment variable's name, as a shell writes one: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isEnvironmentName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetterOrUnderscore(first) else { return false }
        return text.utf8.dropFirst().allSatisfy { isLetterOrUnderscore($0) || isDigit($0) }
    }

    private static func isValid(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, isLetterOrUnderscore(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLetterOrUnderscore($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
