@testable import FlowKit
import Foundation
import Testing
@testable import FlowYAML
@testable import FlowExpressions

/// The one YAML writer: when a string goes plain (both a YAML 1.2 and a YAML 1.1 reader
/// read it back as that string), how doubles and escapes are spelled, and the flow style
/// that generated tests and test reports use.
@Suite struct YAMLWriterTests {
    /// Strings a YAML 1.2 or a YAML 1.1 reader takes for something else, or cannot read plain.
    static let quoted = [
        // Null, and YAML 1.1's booleans in every case.
        "", "~", "null", "Null", "NULL", "true", "True", "FALSE",
        "y", "Y", "n", "N", "yes", "Yes", "YES", "yEs", "no", "NO", "on", "On", "ON", "off", "Off", "OFF",
        // Numbers of either version.
        "1", "-1", "+1", "1.0", "1.", ".5", "+.5", "1e5", "1.0e+16", "012", "0o12", "0x1F", "0b101", "1_000",
        "1:20", "-1:20:30", "1:20.5", ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "1.2.3",
        // Timestamps: a date, and a date with a time.
        "2026-11-25", "2026-11-25T10:00:00Z", "2026-11-25t10:00:00", "2026-11-25 10:00:00",
        "2026-1-5 1:02:03.25 +01:00", "2026-11-25T10:00:00.123-5", "2026-11-25 10:00:00 Z",
        // The merge key and the value key.
        "<<", "=",
        // Syntax: spaces at an end, indicators, comments, breaks and escapes.
        " padded", "padded ", "-", "?", ":", "- x", "? x", ": x", "a: b", "a #b", "key:", "#hash",
        "[a]", "{a}", ",a", "&anchor", "*alias", "!tag", "|", ">", "'q'", "\"q\"", "%x", "@x", "`x",
        "one\ntwo", "tab\there", "del\u{7F}", "nel\u{85}", "ls\u{2028}", "bom\u{FEFF}", "rlo\u{202E}x", "non\u{FFFE}",
    ]

    /// Strings both readers read back as themselves when written plain.
    static let plain = [
        "mars", "a b", "b:c", "a#b", "?x", ":x", "x-", "x?", "app/s", "don't", "say \"hi\"",
        "yess", "nope", "onn", "tRUE", "nulll", "<", "<<<", "==", "a=b", "Infinity", "x1", "0 x",
        "2026-11-25T10:00", "2026-11-25 at 10:00:00", "2026-11-25T10:00:00ZZ", "12026-11-25T10:00:00Z",
        "😀", "ünïcødé", "日本", "1 2",
    ]

    @Test(arguments: quoted)
    func aStringEitherReaderMisreadsIsQuoted(text: String) {
        #expect(!YAMLPlainScalar.isSafe(text))
        #expect(YAMLWriter.block([("k", .string(text))]) == "k: \(YAMLWriter.doubleQuoted(text))\n")
    }

    @Test(arguments: plain)
    func aStringBothReadersReadBackIsPlain(text: String) {
        #expect(YAMLPlainScalar.isSafe(text))
        #expect(YAMLWriter.block([(text, .string(text))]) == "\(text): \(text)\n")
    }

    /// A double always has a `.`, so that a YAML 1.2 reader does not take it for an int,
    /// nor PyYAML (whose floats need one) for a string.
    @Test func doublesReadBackAsFloatsUnderBothVersions() {
        let spelled: [(Double, String)] = [
            (1, "1.0"), (-0.0, "-0.0"), (0.25, "0.25"), (1e16, "1.0e+16"), (1.5e300, "1.5e+300"),
            (0.00001, "1.0e-05"), (.leastNonzeroMagnitude, "5.0e-324"), (.infinity, ".inf"), (-.infinity, "-.inf"), (.nan, ".nan"),
        ]
        for (double, text) in spelled {
            #expect(YAMLWriter.number(double) == text)
            #expect(YAMLWriter.flow(.double(double)) == text)
            #expect(YAMLWriter.block([("d", .double(double))]) == "d: \(text)\n")
        }
    }

    @Test func escapesAreWrittenAsJSONAndYAMLReadThem() {
        #expect(YAMLWriter.doubleQuoted("a\"b\\c\nd\te") == #""a\"b\\c\nd\te""#)
        #expect(YAMLWriter.doubleQuoted("\u{1B}[2J\u{202E}\u{85}\u{2028}\u{FEFF}\u{FFFF}") == #""\u001B[2J\u202E\u0085\u2028\uFEFF\uFFFF""#)
        #expect(YAMLWriter.doubleQuoted("😀 é") == "\"😀 é\"", "printable text stays as it is")
    }

    @Test func blockStyleNestsAndSortsAsBefore() {
        let value = Value.map(["z": .list([.int(1), .map(["b": .string("yes"), "a": .list([])])]), "a": .map([:])])
        #expect(YAMLWriter.block([("root", value), ("none", .null)]) == """
        root:
          a: {}
          z:
            - 1
            - a: []
              b: "yes"
        none: null

        """)
    }

    /// Flow style quotes every string, so any reader takes it as JSON would.
    @Test func flowStyleIsJSON() throws {
        let strings = Self.quoted + Self.plain
        let value = Value.map(["list": .list(strings.map(Value.string)), "n": .null, "b": .bool(true), "i": .int(-3), "d": .double(1e16),
                               "keys": .map(Dictionary(uniqueKeysWithValues: strings.map { ($0, Value.string($0)) }))])
        let text = YAMLWriter.flow(value)
        #expect(!text.contains("\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["list"] as? [String] == strings)
        #expect(json["keys"] as? [String: String] == Dictionary(uniqueKeysWithValues: strings.map { ($0, $0) }))
        #expect(json["d"] as? Double == 1e16)
        let parsed = YAMLParser().parse(Array(text.utf8), file: "flow.yaml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.tree.documents.first?["list"]?.sequence?.compactMap(\.string) == strings)
    }
}
