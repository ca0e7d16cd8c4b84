import FlowKit
import Testing

/// What a field or an action may leave out (help, pattern, when, key, …) is read as
/// written, and absent where it is not written.
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

    @Test func anActionsDetailsAreReadAsWritten() throws {
        let actions = try #require(screen?.actions)
        #expect(actions[0].key?.value == "n" && actions[0].when?.value == "true" && actions[0].validate == nil)
        #expect(actions[0].validatesFields)
        #expect(actions[1].key == nil && actions[1].when == nil && !actions[1].validatesFields)
    }
}
