/// CEL's string functions, on Unicode scalars (code points) rather than on Swift's
/// grapheme clusters: `"e\u{301}".contains("e")` is true, as in CEL.
enum StringFunctions {
    /// Code points, as CEL's `size(string)` counts them.
    static func size(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    static func startsWith(_ text: String, _ prefix: String) -> Bool {
        text.unicodeScalars.starts(with: prefix.unicodeScalars)
    }

    static func endsWith(_ text: String, _ suffix: String) -> Bool {
        text.unicodeScalars.reversed().starts(with: suffix.unicodeScalars.reversed())
    }

    /// Whether `needle` occurs in `text`, by Knuth–Morris–Pratt.
    ///
    /// - Complexity: O(n + m), so a long answer cannot make `contains` quadratic.
    static func contains(_ text: String, _ needle: String) -> Bool {
        let pattern = Array(needle.unicodeScalars)
        if pattern.isEmpty { return true }
        // failure[i]: length of the longest proper prefix of pattern[0...i] that is also
        // its suffix.
        var failure = [Int](repeating: 0, count: pattern.count)
        var matched = 0
        for i in pattern.indices.dropFirst() {
            while matched > 0 && pattern[i] != pattern[matched] { matched = failure[matched - 1] }
            if pattern[i] == pattern[matched] { matched += 1 }
            failure[i] = matched
        }
        matched = 0
        for scalar in text.unicodeScalars {
            while matched > 0 && scalar != pattern[matched] { matched = failure[matched - 1] }
            if scalar == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }

    /// ASCII letters to lower case; everything else unchanged (CEL strings extension).
    static func lowerAscii(_ text: String) -> String {
        mapScalars(text) { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) : nil }
    }

    /// ASCII letters to upper case; everything else unchanged (CEL strings extension).
    static func upperAscii(_ text: String) -> String {
        mapScalars(text) { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32) : nil }
    }

    /// Without leading and trailing white space, as Unicode's `White_Space` property
    /// defines it (CEL strings extension).
    static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        return String(scalars[first...last])
    }

    private static func mapScalars(_ text: String, _ transform: (Unicode.Scalar) -> Unicode.Scalar?) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(transform(scalar) ?? scalar)
        }
        return String(result)
    }
}
