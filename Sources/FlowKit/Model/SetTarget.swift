import FlowExpressions
import FlowYAML

/// A `set` key (spec §7), read: the name it starts with, then each step into the value
/// (1.2): `accounts[user]`, `items[2]`, `a.b[k]`, `flowid.name[k]`. The one place a key
/// is parsed; which flow the first name belongs to is `split(namingFlow:)`'s rule.
public struct SetTarget: Sendable {
    /// One step into a value.
    public enum Step: Sendable {
        /// `.name`: a map's key (or, right after a flow id, that flow's variable); `span`
        /// is the name's place in the key.
        case member(String, span: ExpressionSpan)
        /// `[expression]`: a map's key or a list's position. The expression is parsed on
        /// its own, so its offsets start at `offset`, its place in the key; `bracket` is
        /// the `[`.
        case index(FlowExpressions.Expression, offset: Int, bracket: ExpressionSpan)
    }

    /// The first name: a variable, or a flow id.
    public let root: String
    public let steps: [Step]

    /// The key read as a target, or nil when it is none: a name, `flowid.name` (names as
    /// ids are written, `-` included), or an expression made only of a name, `.member`s
    /// and `[index]`es, read by the expression parser.
    public static func parse(_ text: String) -> SetTarget? {
        if Identifier.isValidTarget(text) {
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            let member = parts.dropFirst().map { Step.member($0, span: ExpressionSpan(offset: parts[0].unicodeScalars.count + 1, length: $0.unicodeScalars.count)) }
            return SetTarget(root: parts[0], steps: member)
        }
        guard case .success(let parsed) = ExpressionParser.parse(text) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var steps: [Step] = []
        var node = parsed.root
        while true {
            switch node.kind {
            case .identifier(let name):
                return SetTarget(root: name, steps: steps.reversed())
            case .select(let operand, let field):
                steps.append(.member(field, span: node.token))
                node = operand
            case .index(let operand, let index):
                let span = index.span
                guard span.end <= scalars.count else { return nil }
                guard case .success(let own) = ExpressionParser.parse(String(scalars: scalars[span.offset..<span.end])) else { return nil }
                steps.append(.index(own, offset: span.offset, bracket: node.token))
                node = operand
            default:
                return nil
            }
        }
    }

    /// The variable the key assigns and the steps into it: when the first step is a
    /// member and the first name `namingFlow` (the handling flow or an ancestor), that
    /// flow's variable (`flowid.name`, as before 1.2); otherwise the handling flow's
    /// variable `root`.
    public func split(namingFlow: (String) -> Bool) -> (flow: String?, variable: String, steps: ArraySlice<Step>) {
        if case .member(let name, _)? = steps.first, namingFlow(root) { return (root, name, steps.dropFirst()) }
        return (nil, root, steps[...])
    }
}
