import FoundationEssentials
import FlowYAML

/// CEL's macros (spec §9 1.1): `has(a.b)`, and over a list's elements or a map's keys
/// `l.all(x, p)`, `l.exists(x, p)`, `l.exists_one(x, p)`, `l.map(x, e)`,
/// `l.map(x, p, e)` and `l.filter(x, p)`; **(1.2)** `cel.bind(x, init, e)`, cel-go's
/// bindings extension. They are written as calls, but their first argument names a
/// variable bound in the others, so the checker and the evaluator treat them apart from
/// functions.
package enum Macro: String, CaseIterable, Sendable {
    case has
    case all
    case exists
    case existsOne = "exists_one"
    case map
    case filter
    /// `cel.bind(name, init, expr)`: `expr` with `name` bound to `init`'s value.
    case bind

    /// The macro a call spells, if its shape is one: `has` with one argument and no
    /// receiver; `bind` on the receiver `cel`, whatever its arguments (so that a wrong
    /// count, or a first argument that is no name, is reported as such); the others on a
    /// receiver, with a bound name and the right count.
    package init?(call name: String, receiver: ExpressionNode?, arguments: [ExpressionNode]) {
        guard let macro = Macro(rawValue: name) else { return nil }
        switch macro {
        case .has:
            guard receiver == nil, arguments.count == 1 else { return nil }
        case .bind:
            guard case .identifier("cel")? = receiver?.kind else { return nil }
        case .map:
            guard receiver != nil, arguments.count == 2 || arguments.count == 3, arguments[0].boundName != nil else { return nil }
        default:
            guard receiver != nil, arguments.count == 2, arguments[0].boundName != nil else { return nil }
        }
        self = macro
    }
}

extension ExpressionNode {
    /// The name a macro binds, when this node is a bare identifier.
    var boundName: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }
}

/// A checker's scope with one more variable: a macro's bound name, which shadows any
/// variable of that name.
struct BoundTypes: ExpressionScope {
    let base: ExpressionScope
    let name: String
    let type: ExpressionType

    func variableType(_ variable: String) -> ExpressionType? { variable == name ? type : base.variableType(variable) }
    func isFlow(_ flow: String) -> Bool { flow != name && base.isFlow(flow) }
    func flowMemberType(flow: String, member: String) -> ExpressionType? { base.flowMemberType(flow: flow, member: member) }
    func flowMemberNames(flow: String) -> [String] { base.flowMemberNames(flow: flow) }
    func isVisibleEnvironmentVariable(_ variable: String) -> Bool { base.isVisibleEnvironmentVariable(variable) }
    var variableNames: [String] { [name] + base.variableNames }
}

/// An evaluation's scope with a macro's bound name set to the element at hand.
struct BoundValues: ValueScope {
    let base: ValueScope
    let name: String
    let value: Value

    func variable(_ variable: String) -> Value? { variable == name ? value : base.variable(variable) }
    func isFlow(_ flow: String) -> Bool { flow != name && base.isFlow(flow) }
    func flowMember(flow: String, member: String) -> Value? { base.flowMember(flow: flow, member: member) }
    func environmentVariable(_ variable: String) -> String? { base.environmentVariable(variable) }
    var now: Date { base.now }
    var stopsOnInterruption: Bool { base.stopsOnInterruption }
}

extension Macro {
    /// How it is written: `cel.bind`, `exists_one`.
    package var spelling: String { self == .bind ? "cel.bind" : rawValue }

    /// How to call it, with what it gives, in Markdown: for the language server's hover.
    package var summary: String {
        switch self {
        case .has: "`has(a.b)` → bool: whether map `a` has the key `b`"
        case .all, .exists, .existsOne: "`l.\(rawValue)(x, p)` → bool, with `x` each element of `l` (a map's keys)"
        case .map: "`l.map(x, e)`, `l.map(x, p, e)` → list, with `x` each element of `l` (a map's keys)"
        case .filter: "`l.filter(x, p)` → list, the elements `x` of `l` for which `p` holds"
        case .bind: "`cel.bind(x, init, e)` → `e`, with `x` bound to the value of `init`"
        }
    }

    /// The name `cel.bind(arguments)` binds, or why it cannot: too few or many arguments
    /// (`expression-type` at the call, as for a function), or a first one that is no
    /// simple name (`expression-syntax` at it, as cel-go refuses it when it expands the
    /// macro).
    static func boundName(ofBind arguments: [ExpressionNode]) -> Result<String, BindProblem> {
        guard arguments.count == 3 else {
            return .failure(BindProblem(code: .expressionType, message: "cel.bind() takes 3 arguments, a name, its value and an expression, not \(arguments.count)", span: nil))
        }
        guard let name = arguments[0].boundName else {
            return .failure(BindProblem(code: .expressionSyntax, message: "cel.bind() binds a name: its first argument must be a simple identifier", span: arguments[0].span))
        }
        return .success(name)
    }

    struct BindProblem: Error {
        let code: DiagnosticCode
        let message: String
        /// Where it is, when not the whole call.
        let span: ExpressionSpan?
    }
}
