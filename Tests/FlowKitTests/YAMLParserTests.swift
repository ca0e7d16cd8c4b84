import FlowKit
import Testing
import TestSupport
import FlowYAML

/// The YAML layer: positions, keys, aliases, merge keys, documents, errors.
@Suite struct YAMLParserTests {
    private func parse(_ fixture: AnnotatedFixture, limits: YAMLLimits = .default) -> YAMLParseResult {
        YAMLParser(limits: limits).parse(fixture.bytes, file: fixture.name)
    }

    private func mark(_ marker: AnnotatedFixture.Marker) -> Mark {
        Mark(line: marker.line, column: marker.column)
    }

    /// Every key, value and alias position in the tree, labelled as the fixtures label them.
    private func positions(in node: Node) -> [String: Mark] {
        var found: [String: Mark] = [:]
        var pending = [node]
        while let node = pending.popLast() {
            if let pairs = node.mapping {
                for (key, value) in pairs {
                    let name = key.string ?? "?"
                    found["key:\(name)"] = key.aliasRange?.start ?? key.start
                    found["value:\(name)"] = value.aliasRange?.start ?? value.start
                    if value.aliasRange != nil { found["alias:\(name)"] = value.start }
                    pending.append(value)
                }
            } else if let elements = node.sequence {
                pending += elements
            }
        }
        return found
    }

    @Test func keysValuesAndAliasUsesHaveExactPositions() throws {
        let fixture = try AnnotatedFixture.load("YAML/positions.yaml")
        let result = parse(fixture)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.tree.documents.first)
        let found = positions(in: root)
        #expect(fixture.markers.count == 13)
        for marker in fixture.markers {
            #expect(found[marker.label] == mark(marker), "\(marker.label)")
        }
    }

    @Test func aliasResolvesToItsAnchorAndRemembersTheUse() throws {
        let fixture = try AnnotatedFixture.load("YAML/positions.yaml")
        let login = try #require(parse(fixture).tree.documents.first?["flows"]?["login"])
        let copy = try #require(login["copy"])
        let base = try #require(login["base"])
        #expect(copy.kind == .mapping)
        #expect(copy["label"]?.string == "User")
        #expect(copy.range == base.range)
        #expect(copy.aliasRange?.start == mark(try fixture.marker("value:copy")))
        #expect(base.aliasRange == nil)
    }

    @Test func nodesHaveEndPositions() throws {
        let result = YAMLParser().parse(Array("key: value\nlist: [a, b]\n".utf8), file: "f")
        let root = try #require(result.tree.documents.first)
        #expect(root["key"]?.end == Mark(line: 1, column: 11))
        #expect(root["list"]?.end == Mark(line: 2, column: 13))
        #expect(root.end == Mark(line: 3, column: 1))
    }

    @Test func duplicateKeysAreReportedWithANoteAtTheFirst() throws {
        let fixture = try AnnotatedFixture.load("YAML/duplicate-keys.yaml")
        let diagnostics = parse(fixture).diagnostics
        #expect(diagnostics.map(\.code) == [.duplicateKey, .duplicateKey])
        let top = try #require(diagnostics.first { $0.start.line == (try? fixture.marker("duplicate-key"))?.line })
        #expect(top.start == mark(try fixture.marker("duplicate-key")))
        #expect(top.notes.map(\.start) == [mark(try fixture.marker("note"))])
        #expect(top.severity == .error)
        let nested = try #require(diagnostics.first { $0 != top })
        #expect(nested.start == mark(try fixture.marker("nested-duplicate-key")))
        #expect(nested.notes.map(\.start) == [mark(try fixture.marker("nested-note"))])
    }

    @Test func duplicateKeysInLargeMappings() throws {
        // Beyond 16 keys the check hashes; the positions come from the generator.
        var lines = (0..<40).map { "key\($0): \($0)" }
        lines.append("key7: again")
        let result = YAMLParser().parse(Array(lines.joined(separator: "\n").utf8), file: "big")
        #expect(result.diagnostics.map(\.code) == [.duplicateKey])
        #expect(result.diagnostics.first?.start == Mark(line: 41, column: 1))
        #expect(result.diagnostics.first?.notes.first?.start == Mark(line: 8, column: 1))
    }

    @Test func keysCompareByBytesNotCanonicalEquivalence() {
        // "café" spelled precomposed and decomposed are different YAML keys, in small and large mappings.
        for padding in [0, 20] {
            let lines = (0..<padding).map { "k\($0): x" } + ["caf\u{E9}: 1", "cafe\u{301}: 2"]
            let result = YAMLParser().parse(Array(lines.joined(separator: "\n").utf8), file: "f")
            #expect(result.diagnostics.isEmpty, "\(padding) extra keys")
        }
    }

    @Test func extremeLimitsDoNotTrap() throws {
        let fixture = try AnnotatedFixture.load("YAML/alias-ratio.yaml")
        let relaxed = parse(fixture, limits: YAMLLimits(maxFileSize: .max, maxDepth: .max, maxAliasNodes: .max, maxAliasRatio: .max))
        #expect(relaxed.diagnostics.isEmpty)
        let strict = parse(fixture, limits: YAMLLimits(maxFileSize: -1, maxDepth: -1, maxAliasNodes: -1, maxAliasRatio: -1))
        #expect(strict.diagnostics.map(\.code) == [.fileTooLarge])
        let noAliases = parse(fixture, limits: YAMLLimits(maxAliasNodes: -1))
        #expect(noAliases.diagnostics.map(\.code) == [.yamlAliasBomb])
    }

    @Test func keysOfDifferentTypesAreDistinct() {
        let result = YAMLParser().parse(Array("1: a\n\"1\": b\ntrue: c\n\"true\": d\n".utf8), file: "f")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func mergeKeysMergeWithExplicitKeysWinningAndEarlierSourcesFirst() throws {
        let fixture = try AnnotatedFixture.load("YAML/merge-keys.yaml")
        let result = parse(fixture)
        #expect(result.diagnostics.isEmpty)
        let field = try #require(result.tree.documents.first?["field"]?.mapping)
        // Merged pairs take the place of the `<<` entry; the written `label` overrides both merged ones.
        #expect(field.map { $0.key.string } == ["required", "help", "label", "id"])
        let byKey = Dictionary(uniqueKeysWithValues: field.map { ($0.key.string ?? "", $0) })
        #expect(byKey["label"]?.value.string == "Own")
        #expect(byKey["label"]?.key.start == mark(try fixture.marker("own-label")))
        let required = try #require(byKey["required"])
        #expect(required.value.scalarValue == .bool(true))
        #expect(required.key.start == mark(try fixture.marker("base-required")))
        #expect(required.key.aliasRange?.start == mark(try fixture.marker("use-base")))
        let help = try #require(byKey["help"])
        #expect(help.key.aliasRange?.start == mark(try fixture.marker("use-more")))
        #expect(help.key.start == mark(try fixture.marker("more-help")))
    }

    @Test func mergeOfANonMappingIsATypeMismatch() throws {
        let fixture = try AnnotatedFixture.load("YAML/merge-not-mapping.yaml")
        let diagnostics = parse(fixture).diagnostics
        #expect(diagnostics.map(\.code) == [.typeMismatch])
        #expect(diagnostics.first?.start == mark(try fixture.marker("type-mismatch")))
    }

    @Test func aStreamWithSeveralDocumentsIsParsedWhole() throws {
        let fixture = try AnnotatedFixture.load("YAML/multiple-documents.yaml")
        let result = parse(fixture)
        #expect(result.diagnostics.map(\.code) == [.yamlMultipleDocuments, .yamlSyntax])
        #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-multiple-documents")))
        #expect(result.diagnostics.last?.start == mark(try fixture.marker("yaml-syntax")))
        #expect(result.tree.documents.count == 2)
    }

    @Test func invalidUTF8IsASyntaxErrorAtTheByte() throws {
        let fixture = try AnnotatedFixture.load("YAML/invalid-utf8.yaml")
        // The fixture shows U+FFFD where the file has the byte 0xFF.
        var bytes: [UInt8] = []
        for scalar in fixture.text.unicodeScalars {
            if scalar == "\u{FFFD}" { bytes.append(0xFF) } else { bytes += Array(String(scalar).utf8) }
        }
        let result = YAMLParser().parse(bytes, file: fixture.name)
        #expect(result.diagnostics.map(\.code) == [.yamlSyntax])
        #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-syntax")))
        #expect(result.diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func aBrokenMultiByteCharacterIsReportedAtTheByteThatBreaksIt() {
        // 0xC3 starts a two-byte character; "!" cannot continue it. libyaml points at the "!".
        let bytes = Array("ñame: ab".utf8) + [0xC3] + Array("!\n".utf8)
        let result = YAMLParser().parse(bytes, file: "f")
        #expect(result.diagnostics.map(\.code) == [.yamlSyntax])
        let bang = bytes.firstIndex(of: UInt8(ascii: "!")) ?? 0
        #expect(result.diagnostics.first?.start == SourceText(bytes).mark(atByteOffset: bang))
        #expect(result.diagnostics.first?.start == Mark(line: 1, column: 10))
    }

    @Test func syntaxErrorsKeepLibyamlsPositionsAndContext() throws {
        let fixture = try AnnotatedFixture.load("YAML/syntax-error.yaml")
        let result = parse(fixture)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.code == .yamlSyntax)
        #expect(error.start == SourceText(fixture.bytes).mark(atByteOffset: fixture.bytes.count))
        #expect(error.message == "the file ends inside the quoted scalar")
        #expect(error.notes.map(\.start) == [mark(try fixture.marker("note"))])
    }

    @Test func deepNestingIsRefusedWithoutRecursion() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = YAMLParser().parse(Array(text.utf8), file: "deep")
        #expect(result.diagnostics.map(\.code) == [.yamlTooDeep])
        #expect(result.diagnostics.first?.start == Mark(line: 1, column: 513))
    }

    @Test func deepBlockNestingIsRefusedAtTheCollectionThatExceedsTheLimit() {
        let lines = (0..<600).map { String(repeating: " ", count: $0) + "k\($0):" }
        let result = YAMLParser().parse(Array(lines.joined(separator: "\n").utf8), file: "deep")
        #expect(result.diagnostics.map(\.code) == [.yamlTooDeep])
        // The 513th mapping starts at its first key, on line 513.
        #expect(result.diagnostics.first?.start == Mark(line: 513, column: 513))
    }

    @Test func nestingThroughAnAliasCounts() throws {
        let fixture = try AnnotatedFixture.load("YAML/alias-too-deep.yaml")
        let result = parse(fixture, limits: YAMLLimits(maxDepth: 12))
        #expect(result.diagnostics.map(\.code) == [.yamlTooDeep])
        #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-too-deep")))
        #expect(parse(fixture, limits: YAMLLimits(maxDepth: 13)).diagnostics.isEmpty)
    }

    @Test func billionLaughsIsRefusedWithoutExpanding() throws {
        let fixture = try AnnotatedFixture.load("YAML/billion-laughs.yaml")
        let result = parse(fixture)
        #expect(result.diagnostics.map(\.code) == [.yamlAliasBomb])
        #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-alias-bomb")))
        // Parsing stopped at the bomb and no alias was copied: the tree holds only what the file spells out.
        #expect(result.tree.nodeCount < 100)
    }

    @Test func aliasesStandingForTenTimesTheFileAreRefused() throws {
        let fixture = try AnnotatedFixture.load("YAML/alias-ratio.yaml")
        let result = parse(fixture)
        #expect(result.diagnostics.map(\.code) == [.yamlAliasBomb])
        #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-alias-bomb")))
        #expect(parse(fixture, limits: YAMLLimits(maxAliasRatio: 20)).diagnostics.isEmpty)
    }

    @Test func undefinedAndRecursiveAliasesAreSyntaxErrors() throws {
        for name in ["YAML/undefined-alias.yaml", "YAML/recursive-alias.yaml"] {
            let fixture = try AnnotatedFixture.load(name)
            let result = parse(fixture)
            #expect(result.diagnostics.map(\.code) == [.yamlSyntax], "\(name)")
            #expect(result.diagnostics.first?.start == mark(try fixture.marker("yaml-syntax")), "\(name)")
        }
    }

    @Test func emptyAndCommentOnlyFilesHaveNoDocuments() throws {
        let comment = try AnnotatedFixture.load("YAML/comment-only.yaml")
        for (bytes, name) in [([UInt8](), "empty"), (comment.bytes, comment.name)] {
            let result = YAMLParser().parse(bytes, file: name)
            #expect(result.diagnostics.isEmpty)
            #expect(result.tree.documents.isEmpty)
        }
    }

    @Test func fileSizeLimitIsCheckedBeforeParsing() {
        let result = YAMLParser(limits: YAMLLimits(maxFileSize: 8)).parse(Array("key: value\n".utf8), file: "f")
        #expect(result.diagnostics.map(\.code) == [.fileTooLarge])
        #expect(result.diagnostics.first?.start == Mark.start)
        #expect(result.tree.documents.isEmpty)
    }
}
