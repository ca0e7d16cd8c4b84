import FlowYAML

/// A line diff of two short lists, as test failures show an expected and an actual
/// path: `  same`, `- expected only`, `+ actual only`, from a longest common subsequence.
enum ListDiff {
    /// Past this many cells the table costs too much; both lists are shown whole instead.
    static let maxCells = 1_000_000

    static func lines(expected: [String], actual: [String]) -> [String] {
        guard expected.count * actual.count <= maxCells else {
            return expected.map { "- \($0)" } + actual.map { "+ \($0)" }
        }
        // common[i][j]: the length of the longest common subsequence of expected[i...] and actual[j...].
        var common = Array(repeating: Array(repeating: 0, count: actual.count + 1), count: expected.count + 1)
        for i in expected.indices.reversed() {
            for j in actual.indices.reversed() {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < expected.count || j < actual.count {
            if i < expected.count, j < actual.count, expected[i] == actual[j] {
                lines.append("  \(expected[i])")
                i += 1
                j += 1
            } else if j < actual.count, i == expected.count || common[i][j + 1] >= common[i + 1][j] {
                lines.append("+ \(actual[j])")
                j += 1
            } else {
                lines.append("- \(expected[i])")
                i += 1
            }
        }
        return lines
    }

    /// Whether `wanted` appears in `list` in order, other elements allowed between; if
    /// not, the first element of `wanted` that could not be matched.
    static func firstMissing(_ wanted: [Located<String>], in list: [String]) -> Located<String>? {
        var position = list.startIndex
        for element in wanted {
            guard let found = list[position...].firstIndex(where: { $0 == element.value }) else { return element }
            position = found + 1
        }
        return nil
    }

    /// Whether each of `wanted` is part of one of `texts`, in order, others allowed
    /// between: the next one is looked for from where the one before it ended, further
    /// along the same text first (cli.md `test` 1.2). If not, the first that is missing.
    static func firstMissing(_ wanted: [Located<String>], alongTexts texts: [String]) -> Located<String>? {
        var position = texts.startIndex
        var from = texts.first?.startIndex
        for element in wanted {
            while true {
                guard position < texts.endIndex else { return element }
                let text = texts[position]
                if let found = text[(from ?? text.startIndex)...].firstRange(of: element.value) {
                    from = found.upperBound
                    break
                }
                position += 1
                from = nil
            }
        }
        return nil
    }
}
