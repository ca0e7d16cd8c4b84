import FlowYAML
import FlowExpressions

/// `secret`: text never shown, saved or logged (spec §6), with the rules of `text`.
/// Its masking is decided where a field's values are shown (`FieldPrompt.isSecret`).
struct SecretKind: FieldKind {
    private let text = TextKind()

    var bounds: FieldBounds.Measure? { text.bounds }
    var takesPattern: Bool { text.takesPattern }
    var takesDefaultAsText: Bool { text.takesDefaultAsText }
    var answerNoun: String { text.answerNoun }

    func valueType(of field: Field) -> ExpressionType { text.valueType(of: field) }

    func read(_ line: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        text.read(line, shown: shown, for: field, options: options)
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        text.violation(of: value, for: field, options: options, hidden: true)
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        text.defaultProblem(node, for: field, pattern: pattern, options: options)
    }

    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        text.candidates(at: prompt, from: pool)
    }
}
