/// A compiled `matches` pattern.
///
/// CEL specifies RE2 syntax; flowrun uses the standard library's `Regex`, whose syntax
/// covers RE2's common ground (classes, `\d`, `\w`, `\pL`, groups, `(?i)`, anchors,
/// counted repetition). Matching works on Unicode scalars, as RE2 works on code points,
/// not on grapheme clusters. Unlike RE2 the engine backtracks, so a pattern such as
/// `(a+)+$` can take exponential time on a hostile answer.
struct RegexPattern {
    let regex: Regex<AnyRegexOutput>

    /// The pattern compiled, or why it does not compile (in the engine's words).
    static func compile(_ pattern: String) -> Result<RegexPattern, PatternError> {
        do {
            let regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
            return .success(RegexPattern(regex: regex))
        } catch {
            return .failure(PatternError(reason: MessageText.sanitized("\(error)")))
        }
    }

    /// Whether the pattern matches anywhere in `text` (CEL: "matches succeed if they
    /// match a substring of the argument"; anchor with `^…$` for the whole string).
    func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }

    struct PatternError: Error {
        var reason: String
    }
}
