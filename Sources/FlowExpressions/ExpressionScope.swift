import FoundationEssentials

/// The names an expression may use, as the checker asks for them.
///
/// Names resolve along the chain of flows (spec §9): a bare identifier is a variable of
/// the current flow or one of its ancestors; `flowid.name` reads a named flow's
/// variables (or its declared `result` names); `env.NAME` reads an environment variable
/// listed in some enclosing flow's `env`. A variable shadows a flow of the same name.
public protocol ExpressionScope {
    /// The type of the variable `name` in scope, or nil when no such variable is visible.
    func variableType(_ name: String) -> ExpressionType?
    /// Whether `name` is the id of a flow in the tree.
    func isFlow(_ name: String) -> Bool
    /// The type of `flow.member` as read from outside the flow, or nil when the flow
    /// exposes no such name.
    func flowMemberType(flow: String, member: String) -> ExpressionType?
    /// The names `flow` exposes, for suggestions.
    func flowMemberNames(flow: String) -> [String]
    /// Whether some enclosing flow lists `name` in its `env`.
    func isVisibleEnvironmentVariable(_ name: String) -> Bool
    /// Every variable in scope, for suggestions.
    var variableNames: [String] { get }
}

/// The values an expression reads at run time: `ExpressionScope` with values.
public protocol ValueScope {
    /// The value of the variable `name` in scope, or nil when there is none.
    func variable(_ name: String) -> Value?
    /// Whether `name` is the id of a flow in the tree.
    func isFlow(_ name: String) -> Bool
    /// The value of `flow.member`, or nil when the flow exposes no such name.
    func flowMember(flow: String, member: String) -> Value?
    /// The value of a visible environment variable, or nil when it is unset (or not
    /// visible: the checker has refused those already). An unset one reads as `null`.
    func environmentVariable(_ name: String) -> String?
    /// What `now()` and `today()` read: the time of the run, or the time a flow test fixes.
    var now: Date { get }
    /// Whether a signal (`Interruption`) ends a long evaluation in this scope; false for
    /// values read after the run stopped (the result document), which are bounded anyway.
    var stopsOnInterruption: Bool { get }
}

extension ValueScope {
    public var now: Date { Date() }
    public var stopsOnInterruption: Bool { true }
}
