import FlowYAML
import FlowExpressions

/// A field's own constraints (spec §6): `bad-bounds`, `empty-options` (and
/// `missing-key` for a choice without options), `bad-pattern`, `bad-default`.
enum FieldCheck: Check {
    static let codes: [DiagnosticCode] = [.badBounds, .emptyOptions, .missingKey, .badPattern, .badDefault]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let flows = context.index.flows
        for flow in flows.indices {
            for screen in flows[flow].flow.screens.indices {
                let fields = flows[flow].flow.screens[screen].fields
                for field in fields.indices { diagnostics += check(fields[field]) }
            }
        }
        return diagnostics
    }

    static func check(_ field: Field) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let type = field.type.value
        if type.kind.bounds == nil {
            for bound in [field.min, field.max] {
                guard let bound else { continue }
                diagnostics.append(Diagnostic(.badBounds, "a \(type.rawValue) field has no bounds; min and max apply to \(FieldType.listed { $0.bounds != nil }) fields",
                                              at: bound.location))
            }
        }
        if let min = field.min, let max = field.max, min.value > max.value, type.kind.bounds != nil {
            diagnostics.append(Diagnostic(.badBounds, "min (\(FieldBounds.format(min.value))) is greater than max (\(FieldBounds.format(max.value)))", at: min.location,
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
        if let value = field.defaultValue, field.defaultTemplate == nil,
           let problem = field.type.value.kind.defaultProblem(value, for: field, pattern: pattern, options: optionValues) {
            diagnostics.append(Diagnostic(.badDefault, "the default \(problem)", at: SourceLocation(value)))
        }
        return diagnostics
    }

    /// The listed option values, or nil when options are computed (or absent).
    private static func checkOptions(_ field: Field, into diagnostics: inout [Diagnostic]) -> [ScalarValue]? {
        guard field.type.value.kind.hasOptions else { return nil }
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
}
