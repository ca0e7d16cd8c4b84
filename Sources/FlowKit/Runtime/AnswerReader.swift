/// Reads a typed line as a field's value, by cli.md's plain-mode rules: booleans as
/// y/yes/true/n/no/false (any case), a choice by value or 1-based number, a
/// multichoice as values or numbers separated by commas (kept in the options' order).
enum AnswerReader {
    /// The value the text stands for; `nil` for an empty line (no answer). A refusal's
    /// message never repeats the text of a secret.
    static func read(_ text: String, for field: ResponderTree.FieldNode,
                     options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard !text.isEmpty else { return .success(nil) }
        if field.type.hasOptions, options.isEmpty { return .failure(AnswerRefusal("There are no options to choose from.")) }
        let shown = field.type == .secret ? "the answer" : "'\(text)'"
        switch field.type {
        case .text, .secret:
            return .success(.string(text))
        case .integer:
            guard let value = Int(text.trimmed) else { return .failure(AnswerRefusal("\(shown) is not a whole number.")) }
            return .success(.int(value))
        case .number:
            guard let value = Double(text.trimmed), value.isFinite else { return .failure(AnswerRefusal("\(shown) is not a number.")) }
            return .success(.double(value))
        case .boolean:
            switch text.trimmed.lowercased() {
            case "y", "yes", "true": return .success(.bool(true))
            case "n", "no", "false": return .success(.bool(false))
            default: return .failure(AnswerRefusal("\(shown) is not yes or no (y/yes/true, n/no/false)."))
            }
        case .choice:
            guard let option = option(text.trimmed, in: options) else {
                return .failure(AnswerRefusal("\(shown) is not one of the options (\(listed(options)))."))
            }
            return .success(option)
        case .multichoice:
            var chosen: [Int] = []
            for item in text.split(separator: ",").map({ String($0).trimmed }) where !item.isEmpty {
                guard let position = optionIndex(item, in: options) else {
                    return .failure(AnswerRefusal("'\(item)' is not one of the options (\(listed(options)))."))
                }
                if !chosen.contains(position) { chosen.append(position) }
            }
            return .success(.list(chosen.sorted().map { options[$0].value }))
        }
    }

    private static func option(_ text: String, in options: [FieldPrompt.Option]) -> Value? {
        optionIndex(text, in: options).map { options[$0].value }
    }

    /// The option whose value reads as `text`, or whose 1-based number it is.
    private static func optionIndex(_ text: String, in options: [FieldPrompt.Option]) -> Int? {
        if let exact = options.firstIndex(where: { ValueFormatting.render($0.value) == text }) { return exact }
        if let number = Int(text), options.indices.contains(number - 1) { return number - 1 }
        return nil
    }

    private static func listed(_ options: [FieldPrompt.Option]) -> String {
        options.enumerated().map { "\($0 + 1). \(ValueFormatting.render($1.value))" }.joined(separator: ", ")
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
