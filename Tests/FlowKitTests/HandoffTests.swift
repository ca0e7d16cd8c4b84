@testable import FlowKit
import Foundation
import Testing
import TestSupport

/// Large files have their child flows built while the rest of the file is parsed
/// (`SubtreeHandoff`, `HandedOffFlows`). That must change nothing a user sees: the same
/// model, the same diagnostics in the same order, for every file.
@Suite struct HandoffTests {
    /// Records the keys of the values handed to it.
    final class KeyRecorder: SubtreeReceiver {
        var keys: [String] = []
        var nodeCounts: [Int] = []

        func receive(value: Node, key: Node) -> UInt32 {
            keys.append(key.string ?? "?")
            nodeCounts.append(value.tree.nodeCount)
            return UInt32(keys.count - 1)
        }
    }

    /// Each child flow that may be handed off is named `yes…`; each that may not, `no…`.
    static let mixedFlows = """
        version: 1
        flow: app
        start: yes_plain
        flows:
          yes_plain:
            start: s
            variables: { count: 1, tags: [a, { b: 2 }] }
            screens:
              s:
                fields:
                  - { id: size, type: choice, options: [small, { value: 2, label: Two }], default: small }
                actions: [done]
            flows:
              inner: { start: t, screens: { t: { text: inside } } }
          no_anchor:
            start: s
            screens: { s: &shared { text: shared } }
          no_alias:
            start: s
            screens: { s: *shared }
          no_scalar: 42
          "yes_quoted": { start: s, screens: { s: { text: quoted } } }
          no_merge:
            <<: { start: s }
            screens: { s: { text: merged } }
          yes_include: { include: missing.yaml }
          yes_wrong_keys: { start: s, colour: blue, screens: { s: { text: x, nope: 1 } } }
        screens:
          root: { text: "not a child flow" }
        """

    @Test func onlyValuesThatReferToNothingOutsideThemAreHandedOff() {
        let recorder = KeyRecorder()
        let parsed = YAMLParser().parse(Array(Self.mixedFlows.utf8), file: "mixed.yaml",
                                        handoff: SubtreeHandoff(key: "flows", receiver: recorder))
        #expect(parsed.diagnostics.isEmpty)
        #expect(recorder.keys == ["yes_plain", "yes_quoted", "yes_include", "yes_wrong_keys"])
        let flows = parsed.tree.documents.first?["flows"]
        let handedOff = flows?.mapping?.filter { $0.value.handoff != nil }.compactMap(\.key.string)
        #expect(handedOff == recorder.keys)
        // The file's tree keeps one placeholder for each flow handed off, not its nodes.
        let unparsed = YAMLParser().parse(Array(Self.mixedFlows.utf8), file: "mixed.yaml")
        #expect(parsed.tree.nodeCount == unparsed.tree.nodeCount - recorder.nodeCounts.map { $0 - 2 }.reduce(0, +))
    }

    @Test func aSecondDocumentHandsNothingOff() {
        let recorder = KeyRecorder()
        let text = "a: 1\n---\nflows:\n  f: { start: s }\n"
        _ = YAMLParser().parse(Array(text.utf8), file: "two.yaml", handoff: SubtreeHandoff(key: "flows", receiver: recorder))
        #expect(recorder.keys.isEmpty)
    }

    /// Loads `path` as small files load and as large files load.
    static func loadBothWays(_ path: String) throws -> (whole: FlowLoadResult, handedOff: FlowLoadResult) {
        var whole = FlowLoader()
        whole.handoffMinimumBytes = .max
        var handingOff = FlowLoader()
        handingOff.handoffMinimumBytes = 0
        return (try whole.load(fileAt: path), try handingOff.load(fileAt: path))
    }

    static func expectSame(_ results: (whole: FlowLoadResult, handedOff: FlowLoadResult), _ name: String) {
        #expect(results.handedOff.diagnostics == results.whole.diagnostics, "\(name)")
        #expect(results.handedOff.document?.files == results.whole.document?.files, "\(name)")
        #expect(results.handedOff.sources.keys.sorted() == results.whole.sources.keys.sorted(), "\(name)")
        let (whole, handedOff) = (ModelDump.lines(results.whole.document as Any), ModelDump.lines(results.handedOff.document as Any))
        #expect(handedOff == whole, "\(name): first difference \(zip(handedOff, whole).first { $0 != $1 }.map { "\($0) ≠ \($1)" } ?? "in length")")
    }

    static var corpus: [String] {
        let folders: [String] = [DiagnosticFixtureTests.cleanedFolder?.path, Fixtures.url("Graph", besides: #filePath).path,
                       Fixtures.packageRoot.appendingPathComponent("Flows").path].compactMap { $0 }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test func everyFixtureAndExampleLoadsTheSameHandedOff() throws {
        let corpus = Self.corpus
        #expect(corpus.count > 40)
        for path in corpus { Self.expectSame(try Self.loadBothWays(path), path) }
    }

    @Test func mixedFlowsWithAnIncludeLoadTheSameHandedOff() throws {
        let folder = try FlowrunProcess.temporaryDirectory()
        let path = folder.appendingPathComponent("mixed.yaml").path
        try Self.mixedFlows.replacingOccurrences(of: "missing.yaml", with: "part.yaml")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try "version: 1\nflow: yes_include\nstart: p\nvariables: { n: [1, 2] }\nscreens: { p: { text: part } }\n"
            .write(to: folder.appendingPathComponent("part.yaml"), atomically: true, encoding: .utf8)
        let results = try Self.loadBothWays(path)
        #expect(results.whole.document?.files.count == 2)
        #expect(results.whole.diagnostics.contains { $0.code == .unknownKey })
        Self.expectSame(results, path)
    }

    @Test func aSyntaxErrorAfterHandedOffFlowsReportsOnlyItself() throws {
        let folder = try FlowrunProcess.temporaryDirectory()
        let path = folder.appendingPathComponent("broken.yaml").path
        try (Self.mixedFlows + "\n  bad: [unclosed\n").write(toFile: path, atomically: true, encoding: .utf8)
        let results = try Self.loadBothWays(path)
        #expect(results.handedOff.diagnostics.map(\.code) == [.yamlSyntax])
        #expect(results.handedOff.document == nil)
        Self.expectSame(results, path)
    }

    /// A handed-off flow keeps its literals in a tree of their own, so the tree it was
    /// built from is freed: that tree held every node of the flow.
    @Test func aHandedOffFlowKeepsOnlyItsLiterals() throws {
        let folder = try FlowrunProcess.temporaryDirectory()
        let path = folder.appendingPathComponent("mixed.yaml").path
        try Self.mixedFlows.write(toFile: path, atomically: true, encoding: .utf8)
        let flow = try #require(Self.loadBothWays(path).handedOff.document?.root.child("yes_plain"))
        let literals = flow.variables.map(\.value) + flow.screens.flatMap(\.fields).flatMap { field -> [Node] in
            guard case .list(let options, _)? = field.options else { return [field.defaultValue].compactMap { $0 } }
            return options.map(\.value) + [field.defaultValue].compactMap { $0 }
        }
        #expect(literals.count == 5)
        // count: 1 · tags: [a, {b: 2}], five nodes · small · {value: 2, label: Two}'s value · small.
        #expect(literals.allSatisfy { $0.tree === literals[0].tree })
        #expect(literals[0].tree.nodeCount == 9)
        #expect(literals.map { Value(literal: $0) }
            == [.int(1), .list([.string("a"), .map(["b": .int(2)])]), .string("small"), .int(2), .string("small")])
    }
}
