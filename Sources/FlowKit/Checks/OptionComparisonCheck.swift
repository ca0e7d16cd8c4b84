import FlowYAML
import FlowExpressions

/// `not-an-option` (spec §12 1.1): a choice or multichoice field compared (`==`, `!=`,
/// `in`) with a string literal that is none of its listed options, so the comparison
/// always gives the same answer. The nearest option is suggested.
enum OptionComparisonCheck {
    static let codes: [DiagnosticCode] = [.notAnOption]

    static func issues(in expression: Expression, scope: FlowScope) -> [ExpressionIssue] {
        guard scope.tables.hasListedOptions else { return [] }
        var issues: [ExpressionIssue] = []
        let source = Array(expression.source.unicodeScalars)
        expression.root.forEachNode { node in
            guard case .binary(let operation, let lhs, let rhs) = node.kind else { return }
            let compared: [(field: ExpressionNode, literals: [ExpressionNode])]
            switch operation {
            case .equal, .notEqual: compared = [(lhs, [rhs]), (rhs, [lhs])]
            // `"x" in multichoice`, and `choice in ["a", "b"]`.
            case .in:
                if case .list(let elements) = rhs.kind { compared = [(lhs, elements)] } else { compared = [(rhs, [lhs])] }
            default: return
            }
            for (field, literals) in compared {
                guard let (name, options) = scope.fieldOptions(read: field) else { continue }
                for literal in literals {
                    guard case .literal(.string(let text)) = literal.kind, !options.contains(text) else { continue }
                    issues.append(issue(text, literal: literal, field: name, options: options, source: source))
                }
            }
        }
        return issues
    }

    private static func issue(_ text: String, literal: ExpressionNode, field: String, options: [String], source: [Unicode.Scalar]) -> ExpressionIssue {
        let listed = options.prefix(8).joined(separator: ", ") + (options.count > 8 ? ", …" : "")
        let fix = options.first { $0.lowercased() == text.lowercased() } ?? NearestName.suggest(text, among: options)
        // The replacement keeps the literal's own quotes.
        let quote = source.indices.contains(literal.token.offset) ? String(source[literal.token.offset]) : "\""
        return ExpressionIssue(.notAnOption, "\(MessageText.quoted(text)) is not an option of '\(field)' (\(listed)), so this comparison always gives the same answer",
                               at: literal.token, fix: fix.map { Diagnostic.Fix("did you mean '\($0)'?", replacement: quote + $0 + quote) })
    }
}
