#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A compiled `matches` or field `pattern`.
///
/// CEL specifies RE2 syntax; flowrun uses the standard library's `Regex`, whose syntax
/// covers RE2's common ground (classes, `\d`, `\w`, `\pL`, groups, `(?i)`, anchors,
/// counted repetition). Matching works on Unicode scalars, as RE2 works on code points,
/// not on grapheme clusters. Unlike RE2 the engine backtracks, so a pattern such as
/// `(a+)+b` can take exponential time on a hostile answer; and it cannot be stopped from
/// outside. So a match runs on a thread of its own (`BoundedMatch`), and is given up
/// after `timeLimit`, or at once when the user interrupts (`Interruption`).
struct RegexPattern {
    /// The pattern as written; compiled again where it is matched (`BoundedMatch`), as a
    /// `Regex` cannot cross threads.
    let source: String

    /// How long a match may take before it is given up.
    static let timeLimit = 1.0

    /// How a match ended.
    enum Match: Equatable {
        case found, notFound
        /// It ran past `timeLimit`, or the user interrupted it: nothing is known.
        case abandoned
    }

    /// Why a pattern does not compile (in the engine's words), or nil when it compiles.
    ///
    /// Remembered per pattern for the whole process: a repository repeats a few patterns
    /// (e-mail, PIN) in file after file, and parsing one costs about 50,000 instructions,
    /// 6% of `validate --strict` on `Benchmarks/repository.sh`'s 2,000 files. Files are
    /// checked on several threads, hence the lock; the table keeps at most 1,000 patterns.
    static func syntaxProblem(_ pattern: String) -> String? {
        if let known = checked.withLock({ $0[pattern] }) { return known.problem }
        let problem: String?
        do {
            _ = try Regex(pattern)
            problem = nil
        } catch {
            problem = MessageText.sanitized("\(error)")
        }
        checked.withLock { table in
            if table.count >= 1_000 { table.removeAll() }
            table[pattern] = CheckedPattern(problem: problem)
        }
        return problem
    }

    private struct CheckedPattern {
        let problem: String?
    }

    private static let checked = Mutex<[String: CheckedPattern]>([:])

    /// The pattern, once it compiles, or why it does not (in the engine's words);
    /// whether it compiles is remembered (`syntaxProblem`).
    static func compile(_ pattern: String) -> Result<RegexPattern, PatternError> {
        if let problem = syntaxProblem(pattern) { return .failure(PatternError(reason: problem)) }
        return .success(RegexPattern(source: pattern))
    }

    /// Whether the pattern matches anywhere in `text` (CEL: "matches succeed if they
    /// match a substring of the argument"; anchor with `^…$` for the whole string), or
    /// all of it (a field's `pattern`, spec §6).
    func match(_ text: String, whole: Bool = false) -> Match {
        BoundedMatch.run(pattern: source, text: text, whole: whole, timeLimit: Self.timeLimit)
    }

    struct PatternError: Error {
        var reason: String
    }
}
