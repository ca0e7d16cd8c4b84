import FlowKit
import Foundation
import Testing
import FlowYAML

/// The one JSON writer: Foundation's layout and number spelling (so documents read as
/// they did when Foundation's encoder wrote them), keys sorted by their UTF-8 bytes, and
/// every character that could drive a terminal escaped.
@Suite struct JSONValueTests {
    @Test func aDocumentIsLaidOutAsFoundationLaysItOut() {
        let value: JSONValue = [
            "list": [1, "two", .double(3.25), true, .null, [], [:]],
            "map": ["é": 1, "a2": 2, "a10": 3, "_u": 4, "Zed": 5, "Beta": [:]],
            "empty": [],
        ]
        #expect(value.document == """
            {
              "empty" : [

              ],
              "list" : [
                1,
                "two",
                3.25,
                true,
                null,
                [

                ],
                {

                }
              ],
              "map" : {
                "Beta" : {

                },
                "Zed" : 5,
                "_u" : 4,
                "a10" : 3,
                "a2" : 2,
                "é" : 1
              }
            }

            """)
        #expect(value.line == #"{"empty":[],"list":[1,"two",3.25,true,null,[],{}],"map":{"Beta":{},"Zed":5,"_u":4,"a10":3,"a2":2,"é":1}}"#)
    }

    @Test func numbersAreSpelledAsFoundationSpellsThem() {
        let numbers: JSONValue = [.int(9_007_199_254_740_993), .int(-7), .double(2), .double(1.5), .double(1e20), .double(0.1), .double(.nan), .double(-.infinity)]
        #expect(numbers.line == "[9007199254740993,-7,2,1.5,1e+20,0.1,null,null]")
    }

    /// RFC 8259's short escapes, `\u00XX` for the other C0 controls, and the terminal's
    /// unsafe characters (DEL, C1, bidirectional overrides) too; slashes and emoji stay.
    @Test func stringsEscapeWhatCouldDriveATerminal() {
        let text: JSONValue = "q\" b\\ s/ t\t n\n r\r b\u{8} f\u{C} esc\u{1B} nul\u{0} del\u{7F} csi\u{9B} rlo\u{202E} lri\u{2066} 😀 é"
        #expect(text.line == #""q\" b\\ s/ t\t n\n r\r b\b f\f esc\u001b nul\u0000 del\u007f csi\u009b rlo\u202e lri\u2066 😀 é""#)
    }

    @Test func textAlreadyWrittenIsPutInPlaceAsItsOwnParts() {
        let value: JSONValue = ["id": 1, "result": .encoded([Array("[1,".utf8), Array("2]".utf8)])]
        let parts = value.encodedParts()
        #expect(parts.contains(Array("[1,".utf8)) && parts.contains(Array("2]".utf8)))
        #expect(String(decoding: value.encoded(), as: UTF8.self) == #"{"id":1,"result":[1,2]}"#)
    }

    @Test func decodingKeepsWholeNumbersWhole() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"id":7,"x":1.5,"s":"a","n":null,"b":false,"l":[1]}"#.utf8))
        #expect(value == ["id": 7, "x": .double(1.5), "s": "a", "n": .null, "b": false, "l": [1]])
        #expect(value["id"]?.int == 7 && value["x"]?.int == nil && value["s"]?.string == "a" && value["l"]?.array == [1])
    }
}
