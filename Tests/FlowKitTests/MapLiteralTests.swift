import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// Map literals (spec §9 1.1): `{"k": v}`, keyed by strings as flow values are.
@Suite struct MapLiteralTests {
    private func evaluate(_ source: String) throws -> Result<Value, EvaluationError> {
        Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: ExpressionTestScope(values: ["name": .string("ada")]))
    }

    @Test func aMapIsBuiltReadAndCompared() throws {
        #expect(try evaluate(#"{"user": name, "age": 3}"#).get() == .map(["user": .string("ada"), "age": .int(3)]))
        #expect(try evaluate(#"{"a": 1}.a + {"b": 2}["b"]"#).get() == .int(3))
        #expect(try evaluate(#""a" in {"a": 1} && size({}) == 0"#).get() == .bool(true))
    }

    @Test func aRepeatedKeyIsAnErrorAndKeysAreStrings() throws {
        guard case .failure(let repeated) = try evaluate(#"{"a": 1, "a": 2}"#) else { Issue.record("a repeated key"); return }
        #expect(repeated.message == "the map repeats the key 'a'")
        let checked = ExpressionChecker.check(try ExpressionParser.parse("{1: 'one'}").get(), in: ExpressionTestScope(values: [:]))
        #expect(checked.issues.map(\.message) == ["map keys are strings in flow expressions, not int"])
        #expect(ExpressionChecker.check(try ExpressionParser.parse(#"{"a": 1, "b": 2.5}"#).get(), in: ExpressionTestScope(values: [:])).type == .map(.dyn))
    }
}
