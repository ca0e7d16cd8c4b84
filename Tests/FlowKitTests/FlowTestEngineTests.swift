import FlowKit
import Testing
import TestSupport
import FlowYAML

/// The engine behind `flowrun test`: reading test files, running cases, generating
/// cases by searching a session's states.
@Suite struct FlowTestEngineTests {
    static let counter = """
    version: 1
    flow: counter
    start: ask
    variables: { tries: 0 }
    on:
      again:
        - when: tries + 1 >= 5
          set: { tries: tries + 1 }
          say: Five!
          replace: done
        - set: { tries: tries + 1 }
    screens:
      ask:
        fields:
          - { id: word, required: true }
        actions:
          - { id: again }
          - id: check
            when: word == "open sesame"
        on:
          check: { say: Opened., replace: done }
      done:
        terminal: true
    """

    private func compiled(_ yaml: String) throws -> ResponderTree {
        try ResponderTree(try #require(FlowLoader().load(Array(yaml.utf8), file: "counter.yaml").document))
    }

    @Test func generationFindsBranchesBehindRepetitionAndLiterals() throws {
        let tree = try compiled(Self.counter)
        let universe = CoverageUniverse(tree: tree)
        let generated = TestGenerator(universe: universe).generate()
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let runner = FlowTestRunner(tree: tree)
        let exercised = generated.cases.reduce(into: Set<CoverageItem>()) { $0.formUnion(runner.play($1.input).exercised) }
        #expect(Set(universe.items).isSubset(of: exercised))
        // The fifth `again` is the shortest way to the first branch; the literal opens `check`.
        #expect(generated.cases.contains { $0.input.filter { $0 == "again" }.count == 5 })
        #expect(generated.cases.contains { $0.input.contains("open sesame") && $0.input.contains("check") })
    }

    /// Spec §11 1.2: a flow test's line of input over 1 MiB is refused, as on stdin, and
    /// the next line answers the same question.
    @Test func anInputLineOverOneMebibyteIsRefused() throws {
        let tree = try compiled(Self.counter)
        let long = String(repeating: "a", count: (1 << 20) + 1)
        let source = """
        flow: counter.yaml
        cases:
          - name: long
            input: [\(long), "open sesame", check]
            expect: { status: finished }
        """
        let file = try #require(FlowTestReader().read(Array(source.utf8), file: "t.yaml").file)
        let result = FlowTestRunner(tree: tree).run(file.cases[0])
        #expect(result.failures.isEmpty, "\(result.failures.map(\.message))")
        #expect(result.refusals.map(\.reason) == ["That line is longer than 1 MiB, the limit of a line of input."])
    }

    @Test func aBoundedSearchSaysWhatItDidNotReach() throws {
        let tree = try compiled(Self.counter)
        let generated = TestGenerator(universe: CoverageUniverse(tree: tree), maxStates: 5).generate()
        #expect(generated.unreached.contains { $0.describe(in: tree).hasPrefix("branch flow 'counter' on again #1") })
    }

    @Test func writtenTestsReadBackAndPass() throws {
        let tree = try compiled(Self.counter)
        let generated = TestGenerator(universe: CoverageUniverse(tree: tree)).generate()
        let runner = FlowTestRunner(tree: tree)
        let played = generated.cases.map { (name: $0.name, played: runner.play($0.input)) }
        let text = FlowTestWriter(tree: tree).write(flow: "counter.yaml", cases: played, command: "test")
        let read = FlowTestReader().read(Array(text.utf8), file: "counter.flowtest.yaml")
        let file = try #require(read.file, "\(read.diagnostics.map(\.message))")
        #expect(file.cases.count == generated.cases.count)
        let results = file.cases.map(runner.run)
        let messages = results.flatMap(\.failures).map(\.message)
        #expect(messages.isEmpty, "\(messages)")
        #expect(text.contains("said:") && text.contains("\"Five!\""))
    }

    /// Values any YAML reader could misread are written so that the test reads them back.
    @Test func writtenValuesReadBackAsTheyWere() throws {
        let tree = try compiled("""
        version: 1
        flow: tricky
        start: s
        variables: { stamp: "", merge: "", equal: "", word: "", big: 0.0, list: [] }
        screens:
          s:
            actions: [go]
            on:
              go:
                set: { stamp: '"2026-11-25T10:00:00Z"', merge: '"<<"', equal: '"="', word: '"yes"', big: '1.0e16', list: '["1:20", "~"]' }
                replace: done
          done:
            terminal: true
        """)
        let generated = TestGenerator(universe: CoverageUniverse(tree: tree)).generate()
        let runner = FlowTestRunner(tree: tree)
        let text = FlowTestWriter(tree: tree).write(flow: "tricky.yaml", cases: generated.cases.map { (name: $0.name, played: runner.play($0.input)) },
                                                    command: "test")
        #expect(text.contains(#""stamp": "2026-11-25T10:00:00Z""#) && text.contains(#""big": 1.0e+16"#) && text.contains(#""list": ["1:20", "~"]"#), "\(text)")
        let file = try #require(FlowTestReader().read(Array(text.utf8), file: "tricky.flowtest.yaml").file)
        let messages = file.cases.map(runner.run).flatMap(\.failures).map(\.message)
        #expect(messages.isEmpty, "\(messages)")
    }

    @Test func presetAnswersAreUsedAndABadKeyFailsAtIt() throws {
        let tree = try compiled(Self.counter)
        let source = """
        flow: counter.yaml
        cases:
          - name: preset
            answers: { word: open sesame }
            input: [check]
            expect: { status: finished, said: [Opened.] }
          - name: bad key
            answers: { wrod: x }
            expect: { status: finished }
        """
        let file = try #require(FlowTestReader().read(Array(source.utf8), file: "t.yaml").file)
        let results = file.cases.map(FlowTestRunner(tree: tree).run)
        #expect(results[0].passed, "\(results[0].failures.map(\.message))")
        let failure = try #require(results[1].failures.first)
        #expect(failure.message.contains("'wrod' names no field of the flow; did you mean 'word'?"))
        #expect(failure.location.range.start == Mark(line: 8, column: 16))
    }

    /// An answer the run never used fails the case at its key, as left-over input lines do.
    @Test func anAnswerTheRunNeverUsedFailsTheCase() throws {
        let tree = try compiled("""
        version: 1
        flow: f
        start: s
        variables: { extra: false }
        screens:
          s:
            fields: [{ id: note, when: extra }, { id: name }]
            actions: [done]
            on: { done: { finish: true } }
        """)
        let source = """
        flow: f.yaml
        cases:
          - name: unused
            answers: { name: Ada, note: hi }
            input: [done]
            expect: { status: finished }
        """
        let file = try #require(FlowTestReader().read(Array(source.utf8), file: "t.yaml").file)
        let result = FlowTestRunner(tree: tree).run(file.cases[0])
        #expect(result.failures.map(\.message) == ["answers: the answer for 'note' was not used: the run did not ask that field; it is asked only when `extra` holds"])
        #expect(result.failures.first?.location.range.start == Mark(line: 4, column: 27))
    }

    /// A case's `answers` are refused as `--answers` refuses them: a list for a field of
    /// one value, and a field named twice, each fail the case at the key at fault.
    @Test func aListForATextFieldOrAFieldNamedTwiceFailsTheCase() throws {
        let tree = try compiled(Self.counter)
        let source = """
        flow: counter.yaml
        cases:
          - name: list
            answers: { word: [open, sesame] }
            expect: { status: finished }
          - name: twice
            answers: { word: open, counter.word: sesame }
            expect: { status: finished }
        """
        let file = try #require(FlowTestReader().read(Array(source.utf8), file: "t.yaml").file)
        let results = file.cases.map(FlowTestRunner(tree: tree).run)
        let list = try #require(results[0].failures.first)
        #expect(list.message.contains("only a multichoice field takes a list"), "\(list.message)")
        #expect(list.location.range.start == Mark(line: 4, column: 16))
        let twice = try #require(results[1].failures.first)
        #expect(twice.message.contains("'counter.word' and 'word' both answer the field"), "\(twice.message)")
        #expect(twice.location.range.start == Mark(line: 7, column: 28))
    }

    @Test(arguments: [
        ("cases: []\n", "missing-key", Mark(line: 1, column: 1)),
        ("flow: f.yaml\ncases: { a: 1 }\n", "type-mismatch", Mark(line: 2, column: 8)),
        ("flow: f.yaml\ncases:\n  - name: a\n    input: quit\n    expect: {}\n", "type-mismatch", Mark(line: 4, column: 12)),
        ("flow: f.yaml\ncases:\n  - name: a\n    expect: {}\n  - name: a\n    expect: {}\n", "duplicate-id", Mark(line: 5, column: 11)),
        ("flow: f.yaml\ncases:\n  - name: a\n    expect: { status: done }\n", "type-mismatch", Mark(line: 4, column: 23)),
        ("flow: f.yaml\ncases:\n  - name: a\n", "missing-key", Mark(line: 3, column: 5)),
    ])
    func malformedTestFilesAreDiagnosedInPlace(source: String, code: String, at mark: Mark) {
        let read = FlowTestReader().read(Array(source.utf8), file: "t.flowtest.yaml")
        #expect(read.file == nil)
        #expect(read.diagnostics.contains { $0.code.rawValue == code && $0.start == mark }, "\(read.diagnostics.map { "\($0.start) \($0.code.rawValue) \($0.message)" })")
    }
}
