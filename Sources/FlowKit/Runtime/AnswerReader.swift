import FlowYAML
import FlowExpressions

/// Reads a typed line as a field's value, by cli.md's plain-mode rules: what holds for
/// every field here, each type's own reading in its `FieldKind`.
enum AnswerReader {
    /// The value the text stands for; `nil` for an empty line (no answer). A refusal's
    /// message never repeats the text of a secret, and quotes other text on one line.
    static func read(_ text: String, for field: ResponderTree.FieldNode,
                     options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard !text.isEmpty else { return .success(nil) }
        if let refusal = AnswerConstraints.nulRefusal(of: .string(text)) { return .failure(AnswerRefusal(refusal)) }
        if field.type.kind.hasOptions, options.isEmpty { return .failure(AnswerRefusal("There are no options to choose from.")) }
        let shown = MessageText.naming(text, hidden: field.type == .secret)
        return field.type.kind.read(text, shown: shown, for: field, options: options)
    }

    /// A multichoice field's value from the items chosen, each an option's value or its
    /// 1-based number; an option named twice is refused (spec §6 1.2), not merged.
    static func read(items: [String], for field: ResponderTree.FieldNode,
                     options: [FieldPrompt.Option]) -> Result<Value, AnswerRefusal> {
        guard field.type.kind.takesList else {
            return .failure(AnswerRefusal("A list answers only a multichoice field."))
        }
        if options.isEmpty { return .failure(AnswerRefusal("There are no options to choose from.")) }
        var chosen: [Int] = []
        for item in items {
            guard let position = optionIndex(item, in: options) else {
                return .failure(AnswerRefusal("\(MessageText.quoted(item)) is not one of the options (\(listed(options)))."))
            }
            guard !chosen.contains(position) else {
                return .failure(AnswerRefusal("\(MessageText.quoted(item)) names an option already chosen: name each option once."))
            }
            chosen.append(position)
        }
        return .success(.list(chosen.sorted().map { options[$0].value }))
    }

    /// The option whose value reads as `text`, or whose 1-based number it is.
    static func optionIndex(_ text: String, in options: [FieldPrompt.Option]) -> Int? {
        if let exact = options.firstIndex(where: { ValueFormatting.render($0.value) == text }) { return exact }
        if let number = Int(text), options.indices.contains(number - 1) { return number - 1 }
        return nil
    }

    /// The options by number and value; an option computed from a secret by its mask.
    static func listed(_ options: [FieldPrompt.Option]) -> String {
        options.enumerated().map { "\($0 + 1). \($1.isSecret ? $1.label : ValueFormatting.render($1.value))" }.joined(separator: ", ")
    }
}

/// Why an answer was refused, in words for the person answering.
struct AnswerRefusal: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmed: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
