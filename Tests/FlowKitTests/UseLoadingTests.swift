import FlowKit
import Foundation
import Testing
import TestSupport

/// Loading used files (spec §3 1.1): a file used in several places is read and checked
/// once, a use that loops is an `include-cycle`, a missing one `include-not-found`, and
/// an instance entry holds only `use`, `with` and `title`.
@Suite struct UseLoadingTests {
    private func report(_ files: KeyValuePairs<String, String>) throws -> FileReport {
        let directory = try FlowrunProcess.temporaryDirectory()
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try Validator().validate(fileAt: directory.appendingPathComponent(files.first?.key ?? "").path)
    }

    @Test func aUseThatLoopsIsACycleAndAMissingFileIsNotFound() throws {
        let found = try report([
            "a.yaml": """
            version: 1
            flow: a
            start: s
            flows:
              again: { use: b.yaml }
              gone: { use: nowhere.yaml }
            screens:
              s:
                actions: [again, gone, quit]
                on: { again: { push: again }, gone: { push: gone } }
            """,
            "b.yaml": """
            version: 1
            flow: b
            start: s
            flows: { back_to_a: { use: a.yaml } }
            screens:
              s:
                actions: [back_to_a, back]
                on: { back_to_a: { push: back_to_a } }
            """,
        ])
        let messages = found.diagnostics.map { "\($0.code.rawValue): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("include-cycle: using 'a.yaml' makes a cycle:") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("include-not-found: cannot use 'nowhere.yaml'") }, "\(messages)")
        #expect(found.diagnostics.count == 2, "\(messages)")
    }

    @Test func anInstanceEntryHoldsOnlyUseWithAndTitle() throws {
        let found = try report([
            "a.yaml": """
            version: 1
            flow: a
            start: s
            flows:
              c: { use: c.yaml, start: s, with: { nope: 1 } }
            screens:
              s:
                actions: [c, quit]
                on: { c: { push: c } }
            """,
            "c.yaml": "version: 1\nflow: c\nstart: s\nparams: { n: 0 }\nscreens: { s: { actions: [back] } }\n",
        ])
        let messages = found.diagnostics.map { "\($0.code.rawValue): \($0.message)" }
        #expect(messages.contains("unknown-key: 'start' is not a key of a use"), "\(messages)")
        #expect(messages.contains("unknown-name: flow 'c' has no param 'nope': it has the params 'n'"), "\(messages)")
    }

    @Test func aWithValueIsTypedAsItsParam() throws {
        let found = try report([
            "a.yaml": """
            version: 1
            flow: a
            start: s
            flows:
              c: { use: c.yaml, with: { n: '"three"' } }
            screens:
              s:
                actions: [c, quit]
                on: { c: { push: { to: c, with: { n: 2.5 } } } }
            """,
            "c.yaml": "version: 1\nflow: c\nstart: s\nparams: { n: 0 }\nscreens: { s: { actions: [back] } }\n",
        ])
        #expect(found.diagnostics.map(\.code) == [.expressionType, .expressionType], "\(found.diagnostics.map(\.message))")
        #expect(found.diagnostics.first?.message == "'n' holds int values, but this gives string values")
    }
}
