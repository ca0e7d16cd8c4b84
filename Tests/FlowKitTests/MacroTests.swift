import FlowKit
import Testing
import TestSupport
import FlowExpressions

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

    /// cel-go's bindings extension (spec §9 1.2): cel-spec's `bindings_ext` cases, as facts.
    @Test(arguments: [
        ("cel.bind(t, true, t)", Value.bool(true)),
        (#"cel.bind(msg, "hello", msg + msg + msg)"#, .string("hellohellohello")),
        ("cel.bind(t1, true, cel.bind(t2, true, t1 && t2))", .bool(true)),
        ("cel.bind(valid_elems, [1, 2, 3], [3, 4, 5].exists(e, e in valid_elems))", .bool(true)),
        ("cel.bind(valid_elems, [1, 2, 3], ![4, 5].exists(e, e in valid_elems))", .bool(true)),
        ("cel.bind(count, count + 1, cel.bind(count, count * 10, count)) + count", .int(32)),
    ])
    func bindGivesItsBodyWithTheNameBound(source: String, expected: Value) throws {
        #expect(try value(source) == expected, "\(source)")
    }

    @Test func theBoundNameHasTheInitialValuesType() throws {
        let checked = ExpressionChecker.check(try ExpressionParser.parse("cel.bind(n, size(tags), n * 2)").get(), in: Self.scope)
        #expect(checked.type == .int && checked.issues.isEmpty)
        #expect(try issues("cel.bind(n, tags, n + 1)") == ["'+' cannot combine list(string) and int"])
        #expect(try issues("cel.bind(n, 1, m)") == ["unknown name 'm'"])
        // The name is bound only in the body.
        #expect(try issues("cel.bind(n, n, 1)") == ["unknown name 'n'"])
    }

    /// A first argument that is no name is one `expression-syntax` issue at it, as cel-go
    /// refuses it when it expands the macro; the body is not checked.
    @Test func bindNeedsASimpleName() throws {
        let checked = ExpressionChecker.check(try ExpressionParser.parse("cel.bind(a.b, 1, b + 1)").get(), in: Self.scope)
        #expect(checked.issues.count == 1)
        let issue = try #require(checked.issues.first)
        #expect(issue.code == .expressionSyntax && issue.offset == 9 && issue.length == 3)
        #expect(issue.message == "cel.bind() binds a name: its first argument must be a simple identifier")
        let short = ExpressionChecker.check(try ExpressionParser.parse("1 + cel.bind(x, 1)").get(), in: Self.scope).issues
        #expect(short.map(\.message) == ["cel.bind() takes 3 arguments, a name, its value and an expression, not 2"])
        #expect(short.map(\.code) == [.expressionType] && short.first?.offset == 8 && short.first?.length == 4)
    }
}
