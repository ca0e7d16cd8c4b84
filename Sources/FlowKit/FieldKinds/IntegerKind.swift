import FlowYAML
import FlowExpressions

/// `integer`: a whole number, `min`/`max` on its value.
struct IntegerKind: FieldKind {
    var bounds: FieldBounds.Measure? { .value }
    var answerNoun: String { "a whole number" }

    func valueType(of field: Field) -> ExpressionType { .int }

    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard let value = Int(text.trimmed) else { return .failure(AnswerRefusal("\(shown) is not a whole number.")) }
        return .success(.int(value))
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        guard case .int(let number) = value else { return mismatch }
        return FieldBounds.violation(Double(number), .value, field)
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        guard case .int(let value)? = node.scalarValue else { return "must be a whole number" }
        return FieldBounds.defaultProblem(Double(value), .value, of: field)
    }

    /// The numbers the flow compares with, the bounds, 0 and 1.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        pool.numbers + [prompt.field.min, prompt.field.max].compactMap { $0 }.map { String(Int($0)) } + ["0", "1"]
    }
}
