import FlowKit
import Testing

/// Fields and actions keep what most of them leave out (help, pattern, when, …) in
/// storage that copies share; each copy must still behave as a value of its own.
@Suite struct ModelDetailsTests {
    private let screen: Screen? = {
        let text = """
            version: 1
            flow: app
            start: home
            screens:
              home:
                fields:
                  - { id: name, help: "Your name", pattern: "[a-z]+", when: "true" }
                  - { id: plain }
                actions:
                  - { id: next, key: n, when: "true" }
                  - quit
            """
        return FlowLoader().load(Array(text.utf8), file: "app.yaml").document?.root.screens.first
    }()

    @Test func aFieldsDetailsAreReadAsWritten() throws {
        let fields = try #require(screen?.fields)
        #expect(fields[0].help?.value == "Your name")
        #expect(fields[0].pattern?.value == "[a-z]+")
        #expect(fields[0].when?.value == "true")
        #expect(fields[0].placeholder == nil && fields[0].min == nil && fields[0].options == nil)
        #expect(fields[1].help == nil && fields[1].pattern == nil && fields[1].when == nil)
    }

    @Test func changingACopysDetailsLeavesTheOriginalAlone() throws {
        let original = try #require(screen?.fields.first)
        var copy = original
        copy.help = nil
        copy.pattern = Located("[0-9]+", at: original.location)
        #expect(copy.help == nil && copy.pattern?.value == "[0-9]+" && copy.when?.value == "true")
        #expect(original.help?.value == "Your name" && original.pattern?.value == "[a-z]+")
    }

    @Test func detailsClearedOneByOneReadAsAbsent() throws {
        var field = try #require(screen?.fields.first)
        field.help = nil
        field.pattern = nil
        field.when = nil
        #expect(field.help == nil && field.pattern == nil && field.when == nil)
        field.message = Located("set again", at: field.location)
        #expect(field.message?.value == "set again" && field.help == nil)
    }

    @Test func anActionsDetailsBehaveAsValues() throws {
        let actions = try #require(screen?.actions)
        #expect(actions[0].key?.value == "n" && actions[0].when?.value == "true" && actions[0].validate == nil)
        #expect(actions[1].key == nil && actions[1].when == nil && !actions[1].validatesFields)
        var copy = actions[0]
        copy.key = nil
        copy.validate = Located(false, at: copy.id.location)
        #expect(copy.key == nil && copy.validatesFields == false)
        #expect(actions[0].key?.value == "n" && actions[0].validatesFields)
    }
}
