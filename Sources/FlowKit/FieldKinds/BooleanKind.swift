import FlowYAML
import FlowExpressions

/// `boolean`: y/yes/true or n/no/false, in any case; asked as a Yes/No list.
struct BooleanKind: FieldKind {
    var answerNoun: String { "yes or no" }
    var typingHint: String? { " (y/n)" }
    var widget: FieldWidget { .list }

    func valueType(of field: Field) -> ExpressionType { .bool }

    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        switch text.trimmed.lowercased() {
        case "y", "yes", "true": .success(.bool(true))
        case "n", "no", "false": .success(.bool(false))
        default: .failure(AnswerRefusal("\(shown) is not yes or no (y/yes/true, n/no/false)."))
        }
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        guard case .bool = value else { return mismatch }
        return nil
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        guard case .bool? = node.scalarValue else { return "must be true or false" }
        return nil
    }

    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] { ["y", "n"] }

    func listItems(of prompt: FieldPrompt) -> [String] { ["Yes", "No"] }

    /// As its list names it.
    func shown(_ value: Value, in prompt: FieldPrompt) -> String {
        guard case .bool(let yes) = value else { return TerminalText.line(ValueFormatting.render(value)) }
        return listItems(of: prompt)[yes ? 0 : 1]
    }

    /// "No" for false; "Yes" for any other value, nothing for none.
    func listEntry(of value: Value?, in prompt: FieldPrompt) -> Int? {
        value.map { $0 == .bool(false) ? 1 : 0 }
    }

    func listAnswer(_ entry: Int) -> String { entry == 0 ? "y" : "n" }
}
