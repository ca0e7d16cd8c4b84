import FlowYAML

/// One check of a flow tree, as a SwiftLint rule is one unit: it declares the codes of
/// spec §12 it reports, finds them, and is listed in `CheckRegistry.checks`.
protocol Check {
    /// Every code the check reports. Each code's fixture (`Fixtures/Diagnostics/<code>.yaml`)
    /// shows it, and `CheckRegistryTests` holds the list to what the check finds there.
    static var codes: [DiagnosticCode] { get }

    static func check(_ context: CheckContext) -> [Diagnostic]
}

extension Check {
    /// Whether the check can find only warnings: it runs only when the validator
    /// `findsWarnings`, which `run`, `chain`, `graph` and `test` turn off.
    static var findsOnlyWarnings: Bool { codes.allSatisfy { $0.severity == .warning } }
}

/// What a check reads: the flow tree, its compiled responder tree and text, and what
/// the checks listed before it found.
struct CheckContext {
    let index: FlowIndex
    let tree: ResponderTree
    /// Where each action is used, for the checks of handlers nothing reaches.
    let uses: ActionUses
    /// The files' text, by path.
    let sources: [String: SourceText]
    var found: [Diagnostic] = []

    init(index: FlowIndex, tree: ResponderTree, sources: [String: SourceText]) {
        self.index = index
        self.tree = tree
        uses = ActionUses(tree)
        self.sources = sources
    }
}
