/// Reads a typed line as a field's value, by cli.md's plain-mode rules: booleans as
/// y/yes/true/n/no/false (any case), a choice by value or 1-based number, a
/// multichoice as values or numbers separated by commas, or as a YAML flow list
/// (`[a, "b,c"]`, for options that hold a comma), kept in the options' order.
enum AnswerReader {
    /// The value the text stands for; `nil` for an empty line (no answer). A refusal's
    /// message never repeats the text of a secret, and quotes other text on one line.
    static func read(_ text: String, for field: ResponderTree.FieldNode,
                     options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        guard !text.isEmpty else { return .success(nil) }
        if let refusal = AnswerConstraints.nulRefusal(of: .string(text)) { return .failure(AnswerRefusal(refusal)) }
        if field.type.hasOptions, options.isEmpty { return .failure(AnswerRefusal("There are no options to choose from.")) }
        let shown = MessageText.naming(text, hidden: field.type == .secret)
        switch field.type {
        case .text, .secret:
            return .success(.string(text))
        case .integer:
            guard let value = Int(text.trimmed) else { return .failure(AnswerRefusal("\(shown) is not a whole number.")) }
            return .success(.int(value))
        case .number:
            return number(text.trimmed, shown: shown)
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
            guard text.trimmed.hasPrefix("[") else {
                let items = text.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
                return read(items: items, for: field, options: options).map(Optional.some)
            }
            guard let items = flowList(text) else {
                return .failure(AnswerRefusal("\(shown) is not a list: write the options as [a, \"b,c\"], or separate them with commas."))
            }
            return read(items: items, for: field, options: options).map(Optional.some)
        }
    }

    /// A multichoice field's value from the items chosen, each an option's value or its
    /// 1-based number; an option named twice is refused (spec §6 1.2), not merged.
    static func read(items: [String], for field: ResponderTree.FieldNode,
                     options: [FieldPrompt.Option]) -> Result<Value, AnswerRefusal> {
        guard field.type == .multichoice else {
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

    /// A `number` answer (spec §6 1.2): a decimal literal, taken only when it keeps its
    /// value as a double: hexadecimal, `inf` and `nan` are refused, and so is a value
    /// that would round to 0 or to infinity, rather than silently becoming another number.
    private static func number(_ text: String, shown: String) -> Result<Value?, AnswerRefusal> {
        guard isDecimalLiteral(text), let value = Double(text) else {
            return .failure(AnswerRefusal("\(shown) is not a number (write it in decimal, as 12, -0.5 or 1.5e3)."))
        }
        guard value.isFinite else { return .failure(AnswerRefusal("\(shown) is too large for a number.")) }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        if value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) {
            return .failure(AnswerRefusal("\(shown) is too small for a number: it would round to 0."))
        }
        return .success(.double(value))
    }

    /// `[+-]digits[.digits][e[+-]digits]`, with digits on at least one side of the point.
    private static func isDecimalLiteral(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Int {
            let count = rest.prefix { ("0"..."9").contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        var mantissa = digits()
        if rest.first == "." {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }

    /// The items of a YAML flow list of scalars, as written (`[a, "b,c", 3]`); nil for
    /// anything else.
    private static func flowList(_ text: String) -> [String]? {
        let parsed = YAMLParser().parse(Array(text.utf8), file: "")
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }),
              let node = parsed.tree.documents.first, node.sequence != nil,
              case .list(let items)? = PresetAnswer(node) else { return nil }
        return items
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

    /// The options by number and value; an option computed from a secret by its mask.
    private static func listed(_ options: [FieldPrompt.Option]) -> String {
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
