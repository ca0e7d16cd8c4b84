import FlowKit
import Testing
import FlowYAML

/// The clang-shaped rendering: safe on hostile lines, exact on wide ones.
@Suite struct DiagnosticFormatterTests {
    private func render(_ line: String, at column: Int, end: Int? = nil) -> [String] {
        let diagnostic = Diagnostic(.yamlSyntax, "problem", file: "f", at: Mark(line: 1, column: column),
                                    end: end.map { Mark(line: 1, column: $0) })
        let formatter = DiagnosticFormatter(sources: ["f": SourceText(Array(line.utf8))])
        return formatter.format(diagnostic).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func controlCharactersAreNotPrinted() {
        let lines = render("key: \u{1B}]0;pwned\u{7}", at: 6)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(!lines.joined().contains("\u{7}"))
        #expect(lines[1] == "    1 | key: \u{FFFD}]0;pwned\u{FFFD}")
    }

    @Test func messagesAndFileNamesCannotDriveTheTerminalOrBreakLines() {
        let diagnostic = Diagnostic(.duplicateKey, "duplicate key 'a\u{1B}[31mX\nY\r'", file: "f\u{9B}.yaml",
                                    at: Mark(line: 1, column: 1),
                                    notes: [.init("first 'a\u{7}' here", file: "f\u{9B}.yaml", at: .start)],
                                    fix: .init("did you mean '\u{0}'?", replacement: "b\u{1B}c"))
        let formatter = DiagnosticFormatter(sources: ["f\u{9B}.yaml": SourceText(Array("a: 1\n".utf8))])
        let lines = formatter.format(diagnostic).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == #"f\u{9b}.yaml:1:1: error: duplicate key 'a\u{1b}[31mX\u{a}Y\u{d}' [duplicate-key]"#)
        #expect(lines[3] == #"      | b\u{1b}c"#)
        #expect(lines[4] == #"f\u{9b}.yaml:1:1: note: first 'a\u{7}' here"#)
        #expect(lines.last == #"f\u{9b}.yaml:1:1: note: did you mean '\u{0}'?"#)
    }

    @Test func longLinesAreCutAroundTheCaret() {
        let line = String(repeating: "a", count: 5_000) + "X" + String(repeating: "b", count: 5_000)
        let lines = render(line, at: 5_001)
        #expect(lines[1].count < 200)
        #expect(lines[1].contains("…a") && lines[1].contains("Xb") && lines[1].hasSuffix("b…"))
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let x = lines[1].firstIndex(of: "X").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        #expect(caret == x)
    }

    @Test func wideCharactersAreUnderlinedByTheirWidth() {
        let lines = render("k: 日本 x", at: 4, end: 6)
        #expect(lines[2] == "      |    ^~~~")
    }

    @Test func columnZeroDoesNotTrap() {
        #expect(render("key: value", at: 0, end: 3)[2] == "      | ^~~")
    }
}
