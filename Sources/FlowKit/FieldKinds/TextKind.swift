import FlowYAML
import FlowExpressions

/// `text`: any line, as typed; `pattern` and `min`/`max` on its length in Unicode
/// scalars, as CEL's size() counts. `SecretKind` shares its rules.
struct TextKind: FieldKind {
    var bounds: FieldBounds.Measure? { .length }
    var takesPattern: Bool { true }
    var takesDefaultAsText: Bool { true }
    var answerNoun: String { "text" }

    func valueType(of field: Field) -> ExpressionType { .string }

    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        .success(.string(text))
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        guard case .string(let text) = value else { return mismatch }
        if let pattern = field.pattern, case .success(let regex) = RegexPattern.compile(pattern), regex.matches(text, whole: true) != true {
            return "\(MessageText.naming(text, hidden: hidden)) does not have the expected form."
        }
        return FieldBounds.violation(Double(text.unicodeScalars.count), .length, field)
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        guard node.kind == .scalar, node.scalarKind != .null, let text = node.string else { return "must be text" }
        if let pattern, pattern.matches(text, whole: true) == false { return "'\(text)' does not match the field's pattern" }
        return FieldBounds.defaultProblem(Double(text.unicodeScalars.count), .length, of: field)
    }

    /// The texts the flow compares with or holds, the placeholder, a text the pattern
    /// matches when fewer than two of those do (a condition may tell two apart), and a
    /// filler that fits the bounds.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        var lines = pool.strings.filter { !$0.isEmpty }
        if let placeholder = prompt.placeholder { lines.append(placeholder) }
        if let pattern = prompt.field.pattern, case .success(let regex) = RegexPattern.compile(pattern),
           Set(lines.filter { regex.matches($0, whole: true) == true }).count < 2,
           let example = PatternExample.matching(pattern, min: prompt.field.min, max: prompt.field.max) {
            lines.append(example)
        }
        lines.append(InputCandidates.filler(min: prompt.field.min, max: prompt.field.max))
        return lines
    }
}
