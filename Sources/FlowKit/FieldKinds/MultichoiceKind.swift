import FlowYAML
import FlowExpressions

/// `multichoice`: a list of options, typed as values or numbers separated by commas, or
/// as a YAML flow list (`[a, "b,c"]`, for options that hold a comma), kept in the
/// options' order; `min`/`max` on how many. Asked as a checklist.
struct MultichoiceKind: FieldKind {
    var hasOptions: Bool { true }
    var bounds: FieldBounds.Measure? { .count }
    var takesList: Bool { true }
    var answerNoun: String { "a list of options" }
    var widget: FieldWidget { .checklist }

    /// A list of the options' type, joined.
    func valueType(of field: Field) -> ExpressionType { .list(field.optionType) }

    func read(_ text: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard text.trimmed.hasPrefix("[") else {
            let items = text.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
            return AnswerReader.read(items: items, for: field, options: options).map(Optional.some)
        }
        guard let items = Self.flowList(text) else {
            return .failure(AnswerRefusal("\(shown) is not a list: write the options as [a, \"b,c\"], or separate them with commas."))
        }
        return AnswerReader.read(items: items, for: field, options: options).map(Optional.some)
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        guard case .list(let chosen) = value else { return mismatch }
        if chosen.contains(where: { item in !options.contains { $0.value == item } }) {
            return "That is not one of the options."
        }
        // As a typed answer may not name one twice (spec §6 1.2): a restored or preset list neither.
        for (position, item) in chosen.enumerated() where chosen[..<position].contains(item) {
            return "An option is chosen more than once; choose each option once."
        }
        return FieldBounds.violation(Double(chosen.count), .count, field)
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        guard let values = node.sequence else { return "must be a list of options" }
        if let options, let stray = values.first(where: { !options.contains($0.scalarValue ?? .null) }) {
            return "lists '\(stray.string ?? "")', which is not one of the options"
        }
        return FieldBounds.defaultProblem(Double(values.count), .count, of: field)
    }

    /// Each option alone by number, then all of them.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        prompt.options.indices.prefix(InputCandidates.perField - 2).map { String($0 + 1) }
            + [prompt.options.indices.map { String($0 + 1) }.joined(separator: ",")]
    }

    func listItems(of prompt: FieldPrompt) -> [String] { prompt.options.map(\.label) }

    /// The items of a YAML flow list of scalars, as written (`[a, "b,c", 3]`); nil for
    /// anything else.
    private static func flowList(_ text: String) -> [String]? {
        let parsed = YAMLParser().parse(Array(text.utf8), file: "")
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }),
              let node = parsed.tree.documents.first, node.sequence != nil,
              case .list(let items)? = PresetAnswer(node) else { return nil }
        return items
    }
}
