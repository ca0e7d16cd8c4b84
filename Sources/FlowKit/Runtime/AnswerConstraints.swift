import FlowExpressions

/// A field's own constraints on an answer (spec §6): `pattern` (the whole answer),
/// `min`/`max` (value, length or count by type), and membership of the options.
/// Constraints apply only to an answer that was given.
enum AnswerConstraints {
    /// Why a required field's empty answer is refused, wherever it is asked (`message` is
    /// for the constraints, spec §6: a missing answer keeps its own).
    static let required = "An answer is required."

    /// Why `value` breaks the field's constraints, or nil if it keeps them. The message
    /// quotes the value unless the field is a secret or `hidingAnswer` (a default
    /// computed from a secret). Each type's own constraints are in its `FieldKind`.
    static func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option],
                          hidingAnswer: Bool = false) -> String? {
        if let refusal = nulRefusal(of: value) { return refusal }
        if field.type.kind.hasOptions, options.isEmpty { return "There are no options to choose from." }
        return field.type.kind.violation(of: value, for: field, options: options, hidden: hidingAnswer)
    }

    /// Why an answer holding U+0000 is refused (cli.md 1.2), typed, preset or restored:
    /// a program's argument or environment would be cut there. Nil for any other answer.
    static func nulRefusal(of value: Value) -> String? {
        switch value {
        case .string(let text) where text.unicodeScalars.contains("\u{0}"):
            "The answer holds a NUL character (U+0000), which no answer may hold."
        case .list(let items):
            items.lazy.compactMap(nulRefusal(of:)).first
        default:
            nil
        }
    }
}
