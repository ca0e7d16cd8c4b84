/// A field's own constraints (spec §6): `bad-bounds`, `empty-options` (and
/// `missing-key` for a choice without options), `bad-pattern`, `bad-default`.
enum FieldCheck: Check {
    static let codes: [DiagnosticCode] = [.badBounds, .emptyOptions, .missingKey, .badPattern, .badDefault]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in context.index.flows {
            for screen in entry.flow.screens {
                for field in screen.fields { diagnostics += check(field) }
            }
        }
        return diagnostics
    }

    static func check(_ field: Field) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let type = field.type.value
        if type.boundsMeaning == nil {
            for bound in [field.min, field.max] {
                guard let bound else { continue }
                diagnostics.append(Diagnostic(.badBounds, "a \(type.rawValue) field has no bounds; min and max apply to text, secret, integer, number and multichoice fields",
                                              at: bound.location))
            }
        }
        if let min = field.min, let max = field.max, min.value > max.value, type.boundsMeaning != nil {
            diagnostics.append(Diagnostic(.badBounds, "min (\(format(min.value))) is greater than max (\(format(max.value)))", at: min.location,
                                          notes: [Diagnostic.Note("max is set here", at: max.location)]))
        }
        var pattern: RegexPattern?
        if let source = field.pattern {
            if let problem = RegexPattern.syntaxProblem(source.value) {
                diagnostics.append(Diagnostic(.badPattern, "the pattern does not compile: \(problem)", at: source.location))
            } else if field.defaultValue != nil {
                // Compiled only where a default is checked against it.
                pattern = try? RegexPattern.compile(source.value).get()
            }
        }
        let optionValues = checkOptions(field, into: &diagnostics)
        if let value = field.defaultValue, let problem = defaultProblem(value, field: field, pattern: pattern, options: optionValues) {
            diagnostics.append(Diagnostic(.badDefault, "the default \(problem)", at: SourceLocation(value)))
        }
        return diagnostics
    }

    /// The listed option values, or nil when options are computed (or absent).
    private static func checkOptions(_ field: Field, into diagnostics: inout [Diagnostic]) -> [ScalarValue]? {
        guard field.type.value.hasOptions else { return nil }
        guard let options = field.options else {
            diagnostics.append(Diagnostic(.missingKey, "a \(field.type.value.rawValue) field needs 'options'", at: field.id.location))
            return nil
        }
        guard case .list(let list, let location) = options else { return nil }
        if list.isEmpty {
            diagnostics.append(Diagnostic(.emptyOptions, "a \(field.type.value.rawValue) field needs at least one option", at: location))
        }
        let values = list.compactMap { option in option.value.scalarValue.map { (value: $0, node: option.value) } }
        var firstListed: [ScalarValue: Node] = [:]
        for (value, node) in values {
            guard let first = firstListed[value] else {
                firstListed[value] = node
                continue
            }
            diagnostics.append(Diagnostic(.emptyOptions, "the option '\(node.string ?? "")' is listed twice",
                                          at: SourceLocation(node), notes: [Diagnostic.Note("first listed here", at: SourceLocation(first))]))
        }
        return values.map(\.value)
    }

    /// Why a literal default does not satisfy its field, or nil if it does (or is a template).
    private static func defaultProblem(_ node: Node, field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        if node.kind == .scalar, node.scalarKind == .string, node.string?.contains("{{") == true { return nil }
        let min = field.min?.value, max = field.max?.value
        func outOfBounds(_ measure: Double, _ what: String) -> String? {
            if let min, measure < min { return "is below min \(format(min)) (\(what) \(format(measure)))" }
            if let max, measure > max { return "is above max \(format(max)) (\(what) \(format(measure)))" }
            return nil
        }
        switch field.type.value {
        case .text, .secret:
            guard node.kind == .scalar, node.scalarKind != .null, let text = node.string else { return "must be text" }
            if let pattern, pattern.matches(text, whole: true) == false { return "'\(text)' does not match the field's pattern" }
            return outOfBounds(Double(text.unicodeScalars.count), "length")
        case .integer:
            guard case .int(let value)? = node.scalarValue else { return "must be a whole number" }
            return outOfBounds(Double(value), "value")
        case .number:
            switch node.scalarValue {
            case .int(let value)?: return outOfBounds(Double(value), "value")
            case .float(let value)?: return outOfBounds(value, "value")
            default: return "must be a number"
            }
        case .boolean:
            guard case .bool? = node.scalarValue else { return "must be true or false" }
            return nil
        case .choice:
            guard let value = node.scalarValue, node.kind == .scalar else { return "must be one of the options" }
            if let options, !options.contains(value) { return "'\(node.string ?? "")' is not one of the options" }
            return nil
        case .multichoice:
            guard let values = node.sequence else { return "must be a list of options" }
            if let options, let stray = values.first(where: { !options.contains($0.scalarValue ?? .null) }) {
                return "lists '\(stray.string ?? "")', which is not one of the options"
            }
            return outOfBounds(Double(values.count), "choices")
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
