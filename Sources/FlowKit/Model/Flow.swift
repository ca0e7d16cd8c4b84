import FlowYAML

/// A parsed flow file: the root flow and the file's version.
public struct FlowDocument: Sendable {
    public var root: Flow
    /// Every file the document was read from, the root file first, then included files.
    public var files: [String]
}

/// A flow controller (spec §4): screens, child flows, variables, and handlers.
public struct Flow: Sendable {
    public var id: Located<String>
    public var title: Located<String>?
    /// A screen of this flow or a child flow, entered when the flow starts.
    public var start: Located<String>?
    public var variables: [Variable] = []
    /// Environment variables this flow may read as `env.NAME`.
    public var environment: [Located<String>] = []
    public var screens: [Screen] = []
    public var flows: [Flow] = []
    public var handlers: [Handler] = []
    /// The names readable from outside once the flow finishes; nil when undeclared.
    public var result: [NamedExpression]?
    /// Derived values (spec §4 1.1), read-only, evaluated whenever they are read.
    public var computed: [NamedExpression] = []
    /// The flow's inputs (spec §4 1.1) with their defaults; a `null` default means required.
    public var params: [Variable] = []
    /// Notifications the flow observes (spec §7 1.1): handlers whose action is the
    /// notification's name, and whose branches make no transition.
    public var observers: [Handler] = []
    /// For an instance of a used file (spec §3 1.1): the values its entry's `with` gives
    /// the params, evaluated in the parent flow when the instance starts.
    public var arguments: [NamedExpression] = []
    /// For an instance of a used file: the file, as its entry names it.
    public var usedFile: Located<String>?
    /// For an included flow: the file, as its `include` names it.
    public var includedFile: Located<String>?
    /// Where the key naming the flow is written (the `flows:` key, or 1:1 for the root).
    public var location: SourceLocation
    /// Set for a flow whose include failed: it stands in, empty, so names of it resolve.
    public var isPlaceholder = false
}

extension Flow {
    /// The params that must be given a value: those whose default is `null`.
    public var requiredParams: [Located<String>] {
        params.filter { $0.value.kind == .scalar && $0.value.scalarKind == .null }.map(\.name)
    }
}

/// An initial value of a flow variable (`variables:`), kept as its YAML node.
public struct Variable: Sendable {
    public var name: Located<String>
    public var value: Node
}

/// A name and the expression that computes it: an entry of a flow's `result`, of its
/// `computed`, or of a `with`.
public struct NamedExpression: Sendable {
    public var name: Located<String>
    public var expression: Located<String>
}
