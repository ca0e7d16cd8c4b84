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
    static func firstMissing(_ wanted: [Located<String>], in list: [String],
                             matching matches: (String, String) -> Bool = { $0 == $1 }) -> Located<String>? {
        var position = list.startIndex
        for element in wanted {
            guard let found = list[position...].firstIndex(where: { matches(element.value, $0) }) else { return element }
            position = found + 1
        }
        return nil
    }
}
