import FlowYAML
import FlowExpressions

/// `choice`: one of the options, typed as its value or its 1-based number; asked as a list.
struct ChoiceKind: FieldKind {
    var hasOptions: Bool { true }
    var answerNoun: String { "one of the options" }
    var widget: FieldWidget { .list }

    /// The options' type, joined.
    func valueType(of field: Field) -> ExpressionType { field.optionType }

    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard let position = AnswerReader.optionIndex(text.trimmed, in: options) else {
            return .failure(AnswerRefusal("\(shown) is not one of the options (\(AnswerReader.listed(options)))."))
        }
        return .success(options[position].value)
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        options.contains(where: { $0.value == value }) ? nil : "That is not one of the options."
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        guard let value = node.scalarValue, node.kind == .scalar else { return "must be one of the options" }
        if let options, !options.contains(value) { return "'\(node.string ?? "")' is not one of the options" }
        return nil
    }

    /// Each option by number.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        prompt.options.indices.prefix(InputCandidates.perField).map { String($0 + 1) }
    }

    func listItems(of prompt: FieldPrompt) -> [String] { prompt.options.map(\.label) }

    func listEntry(of value: Value?, in prompt: FieldPrompt) -> Int? {
        prompt.options.firstIndex { $0.value == value }
    }
}
