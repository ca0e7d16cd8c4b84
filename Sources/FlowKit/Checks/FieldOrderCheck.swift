import FlowYAML
import FlowExpressions

/// `read-before-asked` (spec §12 1.1): a screen asks its fields in order, so a field's
/// `when`, label, help, default or rule that reads a field asked after it on the same
/// screen reads that field's old value (`null` the first time).
enum FieldOrderCheck {
    static let codes: [DiagnosticCode] = [.readBeforeAsked]

    /// The reads in `expression` of `later` fields (by id) of the flow `flowID`, bare or
    /// as `flowID.field`, for the field `reader`.
    static func issues(in expression: Expression, reader: String, later: Set<String>, flowID: String) -> [ExpressionIssue] {
        guard !later.isEmpty else { return [] }
        var issues: [ExpressionIssue] = []
        expression.root.forEachNode { node in
            let read: String
            switch node.kind {
            case .identifier(let name) where later.contains(name): read = name
            case .select(let operand, let member) where later.contains(member):
                guard case .identifier(flowID) = operand.kind else { return }
                read = member
            default: return
            }
            issues.append(ExpressionIssue(
                .readBeforeAsked, "'\(read)' is asked after '\(reader)' on this screen, so this reads its old value (null the first time)",
                at: node.token, fix: Diagnostic.Fix("ask '\(read)' before '\(reader)', or read it on a later screen")))
        }
        return issues
    }
}
