@testable import FlowKit
import Testing
@testable import FlowYAML

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

    /// The values a flow keeps (its variables', its fields' defaults and options) hold a copy
    /// of their own nodes, aliases kept, all in one tree, and not the file's whole tree, which
    /// can go once the model is built.
    @Test func valuesKeptByTheModelHoldOnlyTheirOwnNodes() throws {
        let text = """
            version: 1
            flow: app
            start: home
            variables:
              base: &base { size: 2, tags: [a, b] }
              copy: *base
            screens:
              home:
                fields:
                  - { id: size, type: choice, options: [small, { value: large, label: Large }], default: small }
            """
        let root = try #require(FlowLoader().load(Array(text.utf8), file: "app.yaml").document?.root)
        let base = root.variables[0].value
        // The base's 7 nodes, the alias standing for it, the two options and the default.
        #expect(base.tree.nodeCount == 11)
        #expect(base["size"]?.scalarValue == .int(2))
        #expect(base["tags"]?.sequence?.map(\.string) == ["a", "b"])
        #expect(base.range.start == Mark(line: 5, column: 9))
        let copy = root.variables[1].value
        #expect(copy.tree === base.tree)
        #expect(copy.aliasRange?.start == Mark(line: 6, column: 9))
        #expect(copy["tags"]?.sequence?.count == 2)
        let field = try #require(root.screens.first?.fields.first)
        guard case .list(let options, _)? = field.options else {
            Issue.record("the options are not read as a list")
            return
        }
        #expect(options.allSatisfy { $0.value.tree === base.tree })
        #expect(options.map { $0.value.string } == ["small", "large"])
        #expect(field.defaultValue?.tree === base.tree)
        #expect(field.defaultValue?.string == "small")
    }
}
