/// Suggestions for misspelled names ("did you mean 'title'?") for unknown keys and
/// unknown names in expressions.
public enum NearestName {
    /// The candidate closest to `name` by Damerau–Levenshtein distance (optimal string
    /// alignment, counted in Unicode scalars), if it is close enough to be a plausible
    /// typo: at most `max(2, name.count / 3)` edits, and fewer edits than the longer of the
    /// two has scalars (so `x` never suggests `y`). Ties go to the candidate listed first.
    /// An exact match is not a suggestion.
    ///
    /// - Complexity: O(n · m) per candidate, skipped when the lengths alone rule it out.
    public static func suggest(_ name: String, among candidates: [String]) -> String? {
        let target = Array(name.unicodeScalars)
        let limit = max(2, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other)
            guard distance <= limit, distance < max(target.count, other.count) else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// "; did you mean 'candidate'?" for the candidate `suggest` finds, to end a message;
    /// empty when none is close.
    public static func hint(for name: String, among candidates: [String]) -> String {
        suggest(name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Edits (insert, delete, substitute, swap two neighbours) turning `a` into `b`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows suffice: the swap looks back two rows.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
