@testable import FlowKit
import Foundation
import Testing
import TestSupport

/// A large file's child flows have their expressions checked as soon as each is built,
/// while the rest of the file is parsed (`FlowLoader.earlyCheck`); the check of the whole
/// tree then leaves out the flows that passed. A flow may pass only if nothing outside it
/// can change what its expressions mean.
@Suite struct EarlyCheckTests {
    static func child(_ id: String, in text: String) throws -> Flow {
        let loaded = FlowLoader().load(Array(text.utf8), file: "app.yaml")
        return try #require(loaded.document?.root.child(id))
    }

    static let app = """
        version: 1
        flow: app
        start: own
        variables: { greeting: hi, count: 1 }
        flows:
          own:
            start: s
            variables: { attempts: 0 }
            on: { go: { when: 'attempts < 3', set: { attempts: attempts + 1 }, push: s } }
            screens: { s: { title: "Try {{ attempts + 1 }}", actions: [go] } }
            flows:
              inner:
                start: t
                screens: { t: { text: "{{ attempts }} so far", fields: [{ id: note, when: 'attempts > 0' }] } }
          reads_root: { start: s, screens: { s: { text: "{{ greeting }}" } } }
          reads_env: { start: s, env: [HOME], screens: { s: { text: "{{ env.HOME }}" } } }
          reads_flow: { start: s, screens: { s: { text: "{{ own.attempts }}" } } }
          reads_child:
            start: s
            screens: { s: { text: "{{ kid.k }}" } }
            flows: { kid: { start: t, variables: { k: 1 }, screens: { t: { text: x } } } }
          sets_root: { start: s, on: { go: { set: { app.count: 2 } } }, screens: { s: { actions: [go] } } }
          mistyped: { start: s, variables: { n: 1 }, screens: { s: { text: "{{ n + 'a' }}" } } }
        """

    @Test func aFlowWhoseNamesAreAllItsOwnPasses() throws {
        #expect(ExpressionCheck.passesAlone(try Self.child("own", in: Self.app)))
    }

    /// Reading a flow by id depends on the flows above too: one of them may have the
    /// same id (`duplicate-id`), and the first in the tree is the one read.
    @Test(arguments: ["reads_root", "reads_env", "reads_flow", "reads_child", "sets_root", "mistyped"])
    func aFlowThatDependsOnWhatIsAboveItOrHasAProblemDoesNot(id: String) throws {
        #expect(!ExpressionCheck.passesAlone(try Self.child(id, in: Self.app)))
    }

    /// A file large enough to be loaded with early checks: filler flows that pass, one
    /// that reads the root's variable (valid), and one with a misspelled name.
    static func largeFile() -> (text: String, typo: Mark) {
        var lines = ["version: 1", "flow: big", "start: f0", "variables: { greeting: hi }", "flows:"]
        for index in 0..<400 {
            lines += ["  f\(index):", "    start: s", "    variables: { attempts: 0 }",
                      "    on: { go: { when: 'attempts < 100', set: { attempts: attempts + 1 }, push: s } }",
                      "    screens: { s: { title: \"Step {{ attempts + 1 }} of flow \(index)\", actions: [go, back] } }"]
        }
        lines += ["  reads_root: { start: s, screens: { s: { text: \"{{ greeting }}\", actions: [back] } } }",
                  "  typo:", "    start: s", "    variables: { attempts: 0 }"]
        let typoLine = "    on: { go: { when: 'atempts < 100', push: s } }"
        let typo = Mark(line: lines.count + 1, column: typoLine.distance(of: "atempts") + 1)
        lines += [typoLine, "    screens: { s: { actions: [go, back] } }"]
        return (lines.joined(separator: "\n") + "\n", typo)
    }

    @Test func aLargeFileReportsWhatItWouldWithoutEarlyChecks() throws {
        let (text, typo) = Self.largeFile()
        #expect(text.utf8.count >= FlowLoader().handoffMinimumBytes)
        let early = Validator().validate(Array(text.utf8), file: "big.yaml")
        var late = Validator()
        late.loader.handoffMinimumBytes = .max
        #expect(early.diagnostics == late.validate(Array(text.utf8), file: "big.yaml").diagnostics)
        let unknown = early.diagnostics.filter { $0.code == .unknownName }
        #expect(unknown.map(\.start) == [typo])
    }

    @Test func aLargeFilesFlowsThatPassAreListed() throws {
        let (text, _) = Self.largeFile()
        let loaded = Validator().loader.load(Array(text.utf8), file: "big.yaml")
        let root = try #require(loaded.document?.root)
        let passed = Set(root.flows.filter { loaded.passedEarlyCheck.contains($0.location) }.map(\.id.value))
        #expect(passed == Set((0..<400).map { "f\($0)" }))
    }
}

private extension String {
    /// The offset in characters of the first occurrence of `word`.
    func distance(of word: String) -> Int {
        distance(from: startIndex, to: range(of: word)?.lowerBound ?? endIndex)
    }
}
