internal import CRE2
import Synchronization
import FlowYAML

/// A compiled `matches` or field `pattern`, in RE2's syntax as CEL specifies (spec §6):
/// no back-references or look-around, named groups as `(?P<name>…)`, `\d` and `\w`
/// ASCII. RE2 matches code points, not grapheme clusters, and never backtracks: a match
/// takes time linear in the text, so no pattern and no answer can make it slow.
/// Owns the compiled RE2 object, freed with it.
package final class RegexPattern {
    private let compiled: OpaquePointer

    private init(compiled: OpaquePointer) {
        self.compiled = compiled
    }

    deinit {
        flowrun_regex_free(compiled)
    }

    /// Why a pattern does not compile (in RE2's words, escaped), or nil when it compiles.
    ///
    /// Remembered per pattern for the whole process: a repository repeats a few patterns
    /// (e-mail, PIN) in file after file. Files are checked on several threads, hence the
    /// lock; the table keeps at most 1,000 patterns.
    package static func syntaxProblem(_ pattern: String) -> String? {
        if let known = checked.withLock({ $0[pattern] }) { return known.problem }
        let problem: String?
        switch compile(pattern) {
        case .success: problem = nil
        case .failure(let error): problem = error.reason
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

    /// The pattern compiled, or why it does not compile (in RE2's words, escaped).
    package static func compile(_ pattern: String) -> Result<RegexPattern, PatternError> {
        var source = pattern
        guard let compiled = source.withUTF8({ flowrun_regex_compile($0.baseAddress, $0.count) }) else {
            return .failure(PatternError(reason: "there is not enough memory to compile it"))
        }
        if let error = flowrun_regex_error(compiled) {
            let reason = MessageText.sanitized(String(cString: error))
            flowrun_regex_free(compiled)
            return .failure(PatternError(reason: reason))
        }
        return .success(RegexPattern(compiled: compiled))
    }

    /// Whether the pattern matches anywhere in `text` (CEL: "matches succeed if they
    /// match a substring of the argument"; anchor with `^…$` for the whole string), or
    /// all of it (a field's `pattern`, spec §6); nil when memory ran out while matching.
    package func matches(_ text: String, whole: Bool = false) -> Bool? {
        var text = text
        switch text.withUTF8({ flowrun_regex_match(compiled, $0.baseAddress, $0.count, whole ? 1 : 0) }) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    package struct PatternError: Error {
        var reason: String
    }
}

/// The patterns `matches()` compiled in one evaluation, by their exact code points (UTF-8
/// bytes, not Swift's canonical equivalence, as RE2 matches code points): a macro calling
/// it on each of a million elements compiles its pattern once, not a million times. A
/// class, so the evaluations of a macro's elements share it; at most 64 patterns are kept.
final class CompiledPatterns {
    private var known: [[UInt8]: Result<RegexPattern, RegexPattern.PatternError>] = [:]

    static let most = 64

    func compiled(_ pattern: String) -> Result<RegexPattern, RegexPattern.PatternError> {
        let key = Array(pattern.utf8)
        if let compiled = known[key] { return compiled }
        let compiled = RegexPattern.compile(pattern)
        if known.count >= Self.most { known.removeAll() }
        known[key] = compiled
        return compiled
    }
}
