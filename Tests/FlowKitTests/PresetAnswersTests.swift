import FlowKit
import Testing

/// Answers given before a run are taken as written: a list stays a list, a
/// field is answered once per source, and answers never used are listed.
@Suite struct PresetAnswersTests {
    static let flow = """
    version: 1
    flow: t
    start: s
    variables: { extra: false }
    screens:
      s:
        fields:
          - { id: n, type: integer }
          - { id: tags, type: multichoice, options: [a, "b,c", d] }
          - { id: note, when: extra }
        actions: [done]
        on: { done: { finish: true } }
    """

    private func entries(_ yaml: String) throws(PresetAnswers.KeyError) -> [PresetAnswers.Entry] {
        try PresetAnswers.entries(ofFile: Array(yaml.utf8), file: "a.yaml")
    }

    @Test func aListIsTakenItemByItemAndTextAsATypedLine() throws {
        let taken = try entries("n: 3\ntags: [d, \"b,c\"]\nnote: null\n")
        #expect(taken.map(\.answer) == [.line("3"), .list(["d", "b,c"]), .clear], "null clears the field, as `/` does")
        #expect(taken.map(\.place) == ["a.yaml:1:1", "a.yaml:2:1", "a.yaml:3:1"])

        var driver = try SessionDriver(Self.flow)
        _ = driver.session.answer(.line("3"))
        let events = driver.session.answer(.list(["d", "b,c"]))
        #expect(events.contains(.answered(flow: "t", field: "tags", value: .list([.string("b,c"), .string("d")]))), "\(events)")
    }

    @Test func aTypedLineMayWriteAMultichoiceAsAFlowList() throws {
        var driver = try SessionDriver(Self.flow)
        _ = driver.session.answer("3")
        let events = driver.session.answer("[\"b,c\", 1]")
        #expect(events.contains(.answered(flow: "t", field: "tags", value: .list([.string("a"), .string("b,c")]))), "\(events)")
        var broken = try SessionDriver(Self.flow)
        _ = broken.session.answer("3")
        #expect(broken.session.answer("[a, b").contains(.refused("'[a, b' is not a list: write the options as [a, \"b,c\"], or separate them with commas.")))
    }

    @Test func aListForAFieldOfOneValueIsRefused() throws {
        let tree = try SessionDriver(Self.flow).session.tree
        var presets = PresetAnswers()
        #expect(throws: PresetAnswers.KeyError.self) { try presets.add(entries("n: [1, 2]\n"), tree: tree) }
        do throws(PresetAnswers.KeyError) {
            try presets.add(entries("n: [1, 2]\n"), tree: tree)
        } catch {
            #expect(error.description == "a.yaml:1:1: the answer for 'n' is a list, but only a multichoice field takes a list ('n' is of type integer)")
        }
    }

    @Test func aFieldNamedTwiceInOneSourceIsRefusedButALaterSourceReplaces() throws {
        let tree = try SessionDriver(Self.flow).session.tree
        var presets = PresetAnswers()
        do throws(PresetAnswers.KeyError) {
            try presets.add([.init(key: "n", answer: .line("1")), .init(key: "t.n", answer: .line("2"))], from: "--set", tree: tree)
            Issue.record("a field named twice was taken")
        } catch {
            #expect(error.entry == 1)
            #expect(error.description == "--set: 't.n' and 'n' both answer the field 't.n'; give each field one answer")
        }
        try presets.add([.init(key: "n", answer: .line("1"))], tree: tree)
        try presets.add([.init(key: "t.n", answer: .line("2"))], tree: tree)
        #expect(presets.take(flow: 0, field: "n")?.answer == .line("2"))
        #expect(presets.take(flow: 0, field: "n") == nil, "each answer is used once")
    }

    @Test func answersNeverTakenAreListedWithTheWhenThatSkippedThem() throws {
        let tree = try SessionDriver(Self.flow).session.tree
        var presets = PresetAnswers()
        try presets.add([.init(key: "note", answer: .line("secret text")), .init(key: "n", answer: .line("1"))], tree: tree)
        _ = presets.take(flow: 0, field: "n")
        #expect(presets.unused(in: tree).map(\.message) == ["the answer for 'note' was not used: the run did not ask that field; it is asked only when `extra` holds"])
    }

    @Test func theAnswersFilesOwnProblemsAreWordedForIt() throws {
        #expect(throws: PresetAnswers.KeyError.self) { try entries("n: 1\n---\nn: 2\n") }
        do throws(PresetAnswers.KeyError) {
            _ = try entries("n: 1\n---\nn: 2\n")
        } catch {
            #expect(error.description == "a.yaml:2:1: an answers file holds one YAML document, but a second one starts here")
        }
    }
}
