import FlowYAML
import FlowExpressions

/// One field type, whole (spec §6): the type of the value it sets, how a typed line
/// reads, the constraints an answer keeps, what a valid `default` is, the lines a
/// generated test tries, the widget that asks it in the terminal and how a form's row
/// shows its answer (masking aside, `FieldPrompt+Shown`). Each type is one
/// unit in this folder, found through `FieldType.kind`; the places that need a type's
/// rule ask its kind rather than switching on the type.
protocol FieldKind: Sendable {
    /// Whether its answers are chosen from `options`.
    var hasOptions: Bool { get }
    /// What `min` and `max` bound, if anything.
    var bounds: FieldBounds.Measure? { get }
    /// Whether `pattern` applies to its answers.
    var takesPattern: Bool { get }
    /// Whether a preset answer may be a list.
    var takesList: Bool { get }
    /// Whether a literal `default` is its text, as written (`default: 12345` is "12345").
    var takesDefaultAsText: Bool { get }
    /// What an answer is, in the words a refusal uses ("a whole number").
    var answerNoun: String { get }
    /// What plain mode writes after the prompt, for how to type the answer.
    var typingHint: String? { get }
    /// The widget that asks it in the terminal.
    var widget: FieldWidget { get }

    /// The expression type of the value the field sets.
    func valueType(of field: Field) -> ExpressionType
    /// The value a typed line (not empty, no NUL) stands for, or why it is refused;
    /// `shown` names the line in a refusal (masked for a secret).
    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal>
    /// Why `value` breaks the field's constraints, or nil if it keeps them; the message
    /// quotes the value only when `hidden` is false.
    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String?
    /// Why a literal `default` does not satisfy the field, or nil if it does (`bad-default`).
    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String?
    /// The lines a generated test tries at the field, besides no answer.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String]
    /// An answer (not null, not secret) as a form's row shows it.
    func shown(_ value: Value, in prompt: FieldPrompt) -> String
    /// The entries of its list widget, "(no answer)" aside.
    func listItems(of prompt: FieldPrompt) -> [String]
    /// The entry of its list widget that stands for `value`, if any.
    func listEntry(of value: Value?, in prompt: FieldPrompt) -> Int?
    /// The line plain mode reads for an entry of its list widget.
    func listAnswer(_ entry: Int) -> String
}

extension FieldKind {
    var hasOptions: Bool { false }
    var bounds: FieldBounds.Measure? { nil }
    var takesPattern: Bool { false }
    var takesList: Bool { false }
    var takesDefaultAsText: Bool { false }
    var typingHint: String? { nil }
    var widget: FieldWidget { .line }
    func listItems(of prompt: FieldPrompt) -> [String] { [] }

    /// An option's label, a list's options' labels, or the value's text, escaped.
    func shown(_ value: Value, in prompt: FieldPrompt) -> String {
        let label = { (value: Value) in prompt.options.first { $0.value == value }?.label ?? TerminalText.line(ValueFormatting.render(value)) }
        guard case .list(let values) = value, !prompt.options.contains(where: { $0.value == value }) else { return label(value) }
        return values.map(label).joined(separator: ", ")
    }
    func listEntry(of value: Value?, in prompt: FieldPrompt) -> Int? { nil }
    func listAnswer(_ entry: Int) -> String { String(entry + 1) }

    /// The refusal of a value of another type.
    var mismatch: String { "The answer is not \(answerNoun)." }
}
