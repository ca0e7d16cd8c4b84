import FlowKit
import Testing
import TestSupport

/// CEL's macros (spec §9 1.1) where flow expressions meet them: their checking, and
/// `has` on a flow's exposed names. cel-spec's data pins their values
/// (`CELConformanceTests`).
@Suite struct MacroTests {
    static let scope = ExpressionTestScope(values: ["tags": .list([.string("a"), .string("b")]), "count": .int(2)],
                                           flows: ["login": ["username": .string("ada")]])

    private func issues(_ source: String) throws -> [String] {
        ExpressionChecker.check(try ExpressionParser.parse(source).get(), in: Self.scope).issues.map(\.message)
    }

    private func value(_ source: String) throws -> Value {
        try Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: Self.scope).get()
    }

    @Test func theBoundNameHasTheElementsTypeAndConditionsAreBools() throws {
        #expect(try issues(#"tags.all(t, size(t) > 0) && tags.exists(t, t == "a")"#).isEmpty)
        #expect(try issues("tags.all(t, t)") == ["the condition of all() must be a bool, not string"])
        #expect(try issues("count.exists(c, true)") == ["exists() ranges over a list or a map's keys, not int"])
        #expect(try issues("tags.map(t, t + 1)") == ["'+' cannot combine string and int"])
        let mapped = ExpressionChecker.check(try ExpressionParser.parse("tags.map(t, size(t))").get(), in: Self.scope)
        #expect(mapped.type == .list(.int))
    }

    @Test func theBoundNameShadowsAVariableOnlyInsideTheMacro() throws {
        #expect(try value("tags.filter(count, count != 'a') + [string(count)]") == .list([.string("b"), .string("2")]))
    }

    @Test func aMisspeltMacroIsSuggested() throws {
        let checked = ExpressionChecker.check(try ExpressionParser.parse("tags.exist(t, t == 'a')").get(), in: Self.scope)
        #expect(checked.issues.first?.fix?.replacement == "exists")
    }

    @Test func hasTestsAMapsKeyOrAFlowsName() throws {
        #expect(try value(#"has({"a": 1}.a) && !has({"a": 1}.b)"#) == .bool(true))
        #expect(try value("has(login.username) && !has(login.password)") == .bool(true))
        #expect(try issues("has(count)") == ["has() takes a selection, as in has(m.key)"])
    }
}
