/// A field's own constraints on an answer (spec §6): `pattern` (the whole answer),
/// `min`/`max` (value, length or count by type), and membership of the options.
/// Constraints apply only to an answer that was given.
enum AnswerConstraints {
    /// Why `value` breaks the field's constraints, or nil if it keeps them. The message
    /// quotes the value unless the field is a secret or `hidingAnswer` (a default
    /// computed from a secret).
    static func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option],
                          hidingAnswer: Bool = false) -> String? {
        if let refusal = nulRefusal(of: value) { return refusal }
        if field.type.hasOptions, options.isEmpty { return "There are no options to choose from." }
        switch (field.type, value) {
        case (.text, .string(let text)), (.secret, .string(let text)):
            if let pattern = field.pattern, case .success(let regex) = RegexPattern.compile(pattern), regex.matches(text, whole: true) != true {
                return "\(MessageText.naming(text, hidden: field.type == .secret || hidingAnswer)) does not have the expected form."
            }
            // Lengths count Unicode scalars, as CEL's size() does.
            return bounds(Double(text.unicodeScalars.count), field, what: "characters")
        case (.integer, .int(let number)):
            return bounds(Double(number), field, what: nil)
        case (.number, .double(let number)):
            return bounds(number, field, what: nil)
        case (.number, .int(let number)):
            return bounds(Double(number), field, what: nil)
        case (.choice, let chosen):
            return options.contains(where: { $0.value == chosen }) ? nil : "That is not one of the options."
        case (.multichoice, .list(let chosen)):
            if chosen.contains(where: { item in !options.contains { $0.value == item } }) {
                return "That is not one of the options."
            }
            // As a typed answer may not name one twice (spec §6 1.2): a restored or preset list neither.
            for (position, item) in chosen.enumerated() where chosen[..<position].contains(item) {
                return "An option is chosen more than once; choose each option once."
            }
            return bounds(Double(chosen.count), field, what: "choices")
        case (.boolean, .bool):
            return nil
        default:
            return "The answer is not \(kind(of: field.type))."
        }
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

    /// What an answer of each type is, in the words the typed-line refusals use.
    private static func kind(of type: FieldType) -> String {
        switch type {
        case .text, .secret: "text"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "yes or no"
        case .choice: "one of the options"
        case .multichoice: "a list of options"
        }
    }

    private static func bounds(_ measure: Double, _ field: ResponderTree.FieldNode, what unit: String?) -> String? {
        let suffix = unit.map { " \($0)" } ?? ""
        if let min = field.min, measure < min { return "Must be at least \(format(min))\(suffix)." }
        if let max = field.max, measure > max { return "Must be at most \(format(max))\(suffix)." }
        return nil
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
