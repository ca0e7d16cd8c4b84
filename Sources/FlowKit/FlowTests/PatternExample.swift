import FlowExpressions

/// A text that a pattern matches, made from the pattern's own syntax, for `test
/// --generate` to try at a field with a `pattern` or where a condition calls `matches`.
/// It reads the subset of RE2 that flows use (literals, `.`, classes with ranges and `^`,
/// `\d` `\w` `\s`, groups with `|`, the quantifiers `* + ? {n} {n,} {n,m}` and anchors)
/// and takes the first choice of each; the matcher checks the result, so a pattern
/// outside the subset gives none rather than a wrong one.
enum PatternExample {
    /// A text of the pattern whose length lies within `min`…`max` (in Unicode scalars),
    /// repeating what may repeat more to reach `min`; nil when none is found.
    static func matching(_ pattern: String, min: Double? = nil, max: Double? = nil) -> String? {
        guard case .success(let regex) = RegexPattern.compile(pattern) else { return nil }
        let scalars = Array(pattern.unicodeScalars)
        for repeats in [1, 4, 8, 20] {
            var reader = Reader(scalars: scalars, repeats: repeats)
            guard let text = reader.alternatives(), reader.position == scalars.count else { return nil }
            let length = Double(text.unicodeScalars.count)
            if regex.matches(text, whole: true) == true, length >= (min ?? 0), length <= (max ?? .infinity) { return text }
        }
        return nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        /// How many times a `*`, `+` or open `{n,}` repeats, at least.
        let repeats: Int
        var position = 0

        private var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        /// `a|b`: the first alternative's text; the others are read and left.
        mutating func alternatives() -> String? {
            guard let first = sequence() else { return nil }
            while next == "|" {
                position += 1
                guard sequence() != nil else { return nil }
            }
            return first
        }

        private mutating func sequence() -> String? {
            var text = ""
            while let scalar = next, scalar != "|", scalar != ")" {
                guard let atom = atom(), let count = quantifier() else { return nil }
                text += String(repeating: atom, count: count)
            }
            return text
        }

        private mutating func atom() -> String? {
            guard let scalar = next else { return nil }
            position += 1
            switch scalar {
            case "^", "$": return ""
            case ".": return "a"
            case "(":
                // `(?:…)` and `(?P<name>…)` read as plain groups.
                if next == "?" {
                    while let skipped = next, skipped != ":", skipped != ">" { position += 1 }
                    position += 1
                }
                guard let inner = alternatives(), next == ")" else { return nil }
                position += 1
                return inner
            case "[": return characterClass()
            case "\\":
                guard let escaped = next else { return nil }
                position += 1
                return Self.escape(escaped).first.map { String($0) }
            case "*", "+", "?", "{", ")", "|": return nil
            default: return String(scalar)
            }
        }

        /// `* + ? {n} {n,} {n,m}`: how many times the atom before is written.
        private mutating func quantifier() -> Int? {
            guard let scalar = next else { return 1 }
            var count: Int
            switch scalar {
            case "*": count = repeats
            case "+": count = Swift.max(1, repeats)
            case "?": count = 1
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else { return nil }
                let bounds = String(String.UnicodeScalarView(scalars[(position + 1)..<close])).split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(bounds[0]), bounds.count <= 2 else { return nil }
                let high = bounds.count == 2 ? (bounds[1].isEmpty ? Int.max : Int(bounds[1])) : low
                guard let high else { return nil }
                position = close
                count = Swift.min(Swift.max(low, Swift.min(repeats, high)), high)
            default: return 1
            }
            position += 1
            // A lazy or possessive mark changes nothing here.
            if next == "?" || next == "+" { position += 1 }
            return count
        }

        /// `[…]`: its first member, or for `[^…]` the first of a few common letters and
        /// digits it leaves out.
        private mutating func characterClass() -> String? {
            let negated = next == "^"
            if negated { position += 1 }
            var members: [ClosedRange<Unicode.Scalar>] = []
            var first = true
            while let scalar = next, scalar != "]" || first {
                first = false
                position += 1
                var low = scalar
                if scalar == "\\" {
                    guard let escaped = next else { return nil }
                    position += 1
                    let set = Self.escape(escaped)
                    if set.count != 1 {
                        members += set.map { $0...$0 }
                        continue
                    }
                    low = set[0]
                }
                if next == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    let high = scalars[position + 1]
                    position += 2
                    guard low <= high else { return nil }
                    members.append(low...high)
                } else {
                    members.append(low...low)
                }
            }
            guard next == "]" else { return nil }
            position += 1
            if !negated { return members.first.map { String($0.lowerBound) } }
            return Self.common.first { scalar in !members.contains { $0.contains(scalar) } }.map { String($0) }
        }

        /// The characters an escape stands for, the likeliest first.
        private static func escape(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
            switch scalar {
            case "d": Array("0123456789".unicodeScalars)
            case "w": Array("a0_".unicodeScalars)
            case "s": [" "]
            case "n": ["\n"]
            case "t": ["\t"]
            case "D", "W", "S": []
            default: [scalar]
            }
        }

        private static let common = Array("ax0_-. ".unicodeScalars)
    }
}
