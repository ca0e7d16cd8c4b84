import FlowKit
import Testing
import FlowYAML

/// Line and column arithmetic agrees with libyaml's, whatever the line breaks.
@Suite struct SourceTextTests {
    @Test(arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func lineBreaksCountAsLibyamlCountsThem(lineBreak: String) throws {
        let bytes = Array(("a: 1 # note" + lineBreak + "b: *nowhere\n").utf8)
        let result = YAMLParser().parse(bytes, file: "f")
        let error = try #require(result.diagnostics.first)
        #expect(error.start == Mark(line: 2, column: 4))
        #expect(SourceText(bytes).line(error.start.line) == "b: *nowhere")
    }

    @Test(arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func lineBreaksAreFoundAtEveryOffset(lineBreak: String) {
        // The index skips eight bytes at a time where no break can begin: put one at
        // every position in and across those words, after ASCII and multi-byte text.
        for width in 0..<24 {
            let first = String(repeating: "a", count: width) + String(repeating: "é", count: width % 3)
            let source = SourceText(Array((first + lineBreak + "second line" + lineBreak + "third").utf8))
            #expect(source.line(1) == first)
            #expect(source.line(2) == "second line")
            #expect(source.line(3) == "third")
            #expect(source.line(4) == nil)
        }
    }

    @Test func aByteOrderMarkTakesNoColumn() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("key: value\nb: *nowhere\n".utf8)
        let valid = YAMLParser().parse(Array(bytes.prefix(14)), file: "f")
        #expect(valid.tree.documents.first?.mapping?.first?.value.start == Mark(line: 1, column: 6))
        let result = YAMLParser().parse(bytes, file: "f")
        let source = SourceText(bytes)
        #expect(source.line(1) == "key: value")
        #expect(source.mark(atByteOffset: 3) == Mark(line: 1, column: 1))
        #expect(result.diagnostics.first?.start == Mark(line: 2, column: 4))
    }

    @Test func marksAndByteOffsetsConvertBothWays() {
        let source = SourceText(Array("naïve: 日本\nx: y".utf8))
        for (offset, mark) in [(0, Mark(line: 1, column: 1)), (7, Mark(line: 1, column: 7)),
                               (8, Mark(line: 1, column: 8)), (15, Mark(line: 2, column: 1))] {
            #expect(source.mark(atByteOffset: offset) == mark)
            #expect(source.byteOffset(of: mark) == offset)
        }
        #expect(source.byteOffset(of: Mark(line: 9, column: 1)) == nil)
    }

    @Test func aScannerErrorNamesTheCharacterAfterMultiByteText() throws {
        let result = YAMLParser().parse(Array("title: café\nkey: `bad`\n".utf8), file: "f")
        let error = try #require(result.diagnostics.first)
        #expect(error.start == Mark(line: 2, column: 6))
        #expect(error.message.contains("'`'"))
    }
}
