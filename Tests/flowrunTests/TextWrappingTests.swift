import FlowKit
import Testing
import FlowYAML

/// Screen text is wrapped to the terminal's width, wide characters counting two columns.
@Suite struct TextWrappingTests {
    @Test func wrapsAtWordsWithinTheWidth() {
        #expect(TextWrapping.wrap("one two three four five six", width: 20) == "one two three four\nfive six")
    }

    @Test func wideCharactersCountTwoColumns() {
        // Eight CJK characters are 16 columns: two such words do not fit in 20.
        let word = String(repeating: "日", count: 8)
        #expect(TextWrapping.wrap("\(word) \(word)", width: 20) == "\(word)\n\(word)")
        #expect(TextWrapping.wrap("abcdefgh abcdefgh", width: 20) == "abcdefgh abcdefgh")
    }

    @Test func keepsTheTextsOwnLineBreaks() {
        #expect(TextWrapping.wrap("a\n\nb", width: 40) == "a\n\nb")
    }

    @Test func continuationsKeepTheLinesIndentationAndSpacingInsideIsKept() {
        #expect(TextWrapping.wrap("  submit  flow 'login': when username_is_long == 1", width: 24)
                == "  submit  flow 'login':\n  when username_is_long\n  == 1")
    }

    @Test func aWordLongerThanTheWidthIsNeverCut() {
        let word = String(repeating: "x", count: 30)
        #expect(TextWrapping.wrap("a \(word) b", width: 20) == "a\n\(word)\nb")
    }
}

