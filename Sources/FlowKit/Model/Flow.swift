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
    public var variables: [Variable]
    /// Environment variables this flow may read as `env.NAME`.
    public var environment: [Located<String>]
    public var screens: [Screen]
    public var flows: [Flow]
    public var handlers: [Handler]
    /// The names readable from outside once the flow finishes; nil when undeclared.
    public var result: [ResultEntry]?
    /// Derived values (spec §4 1.1), read-only, evaluated whenever they are read.
    public var computed: [ResultEntry] = []
    /// Where the key naming the flow is written (the `flows:` key, or 1:1 for the root).
    public var location: SourceLocation
    /// Set for a flow whose include failed: it stands in, empty, so names of it resolve.
    public var isPlaceholder = false
}

/// An initial value of a flow variable (`variables:`), kept as its YAML node.
public struct Variable: Sendable {
    public var name: Located<String>
    public var value: Node
}

/// A name and the expression that computes it: an entry of a flow's `result`, or of
/// its `computed`.
public struct ResultEntry: Sendable {
    public var name: Located<String>
    public var expression: Located<String>
}
