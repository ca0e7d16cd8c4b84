import FlowKit
import Testing
import TestSupport
import FlowYAML

/// Plain scalars resolve by the YAML 1.2 core schema; tags override it.
@Suite struct CoreSchemaTests {
    private func values(_ key: String) throws -> [ScalarValue?] {
        let fixture = try AnnotatedFixture.load("YAML/core-schema.yaml")
        let root = try #require(YAMLParser().parse(fixture.bytes, file: fixture.name).tree.documents.first)
        return try #require(root[key]?.sequence).map(\.scalarValue)
    }

    @Test func yesNoOnOffAndOtherNonCoreSpellingsStayStrings() throws {
        #expect(try values("strings") == ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "1_000", "0b101",
                                          "true", "null", "12:30", ".5.5", "+.5e", "abc"].map { .string($0) })
    }

    @Test func nulls() throws {
        let nulls = try values("nulls")
        #expect(Array(nulls.prefix(4)) == Array(repeating: .null, count: 4))
        // The fifth entry is the mapping `{empty: }`, whose value is empty.
        let fixture = try AnnotatedFixture.load("YAML/core-schema.yaml")
        let root = try #require(YAMLParser().parse(fixture.bytes, file: fixture.name).tree.documents.first)
        #expect(root["nulls"]?.sequence?.last?["empty"]?.scalarValue == .null)
    }

    @Test func booleans() throws {
        #expect(try values("bools") == [true, true, true, false, false, false].map { .bool($0) })
    }

    @Test func integersInDecimalOctalAndHex() throws {
        #expect(try values("ints") == [0, -12, 12, 12, 15, 31, Int.max].map { .int($0) })
    }

    @Test func floatsIncludingInfinityAndNaN() throws {
        let floats = try values("floats")
        #expect(Array(floats.prefix(8)) == [1.5, 0.5, -1, 1000, 0.015, .infinity, -.infinity, .infinity].map { .float($0) })
        guard case .float(let nan) = floats[8] else { Issue.record("expected .nan to be a float"); return }
        #expect(nan.isNaN)
        #expect(floats[9] == .float(9223372036854775808))
    }

    @Test func explicitTagsAreHonoured() throws {
        #expect(try values("tagged") == [.string("true"), .int(42), .float(1), .bool(false), .null,
                                         .string("12"), .string("12"), .string("12")])
    }

    @Test func aTagThatDoesNotFitItsScalarIsATypeMismatch() {
        let result = YAMLParser().parse(Array("count: !!int twelve\n".utf8), file: "f")
        #expect(result.diagnostics.map(\.code) == [.typeMismatch])
        #expect(result.diagnostics.first?.start == Mark(line: 1, column: 8))
    }
}
