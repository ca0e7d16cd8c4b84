/// `env-name-clash` (spec §12 1.2): two values that `--output env` would write under one
/// shell name, or one such name that is also an environment variable the tree reads, which
/// `eval` of the output would overwrite. Names come from `EnvOutputName`, as the output's do.
enum EnvNameCheck: Check {
    static let codes: [DiagnosticCode] = [.envNameClash]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let flows = context.index.flows.map(\.flow).filter { !$0.isPlaceholder }
        var read: [String: Located<String>] = [:]
        for name in flows.flatMap(\.environment) where read[name.value] == nil { read[name.value] = name }
        var written: [String: Located<String>] = [:]
        var seenFlows = Set<String>()
        var diagnostics: [Diagnostic] = []
        // The result document keeps the first flow of an id, and a variable once per flow.
        for flow in flows where seenFlows.insert(flow.id.value).inserted {
            var seenNames = Set<String>()
            for name in writtenNames(of: flow) where seenNames.insert(name.value).inserted && EnvOutputName.isWritten(name.value) {
                let shellName = EnvOutputName.of(flow: flow.id.value, variable: name.value)
                if EnvOutputName.outcome.contains(shellName) {
                    diagnostics.append(Diagnostic(.envNameClash, "--output env writes '\(flow.id.value).\(name.value)' as \(shellName), the name it gives the run's outcome",
                                                  at: name.location))
                } else if let first = written[shellName] {
                    diagnostics.append(Diagnostic(.envNameClash, "--output env writes '\(flow.id.value).\(name.value)' as \(shellName), as it writes another value",
                                                  at: name.location, notes: [Diagnostic.Note("also written as \(shellName)", at: first.location)]))
                } else {
                    written[shellName] = name
                    if let environment = read[shellName] {
                        diagnostics.append(Diagnostic(.envNameClash, "--output env writes '\(flow.id.value).\(name.value)' as \(shellName), an environment variable the flow reads, so eval would overwrite it",
                                                      at: name.location, notes: [Diagnostic.Note("read here", at: environment.location)]))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The names of a flow's values in the result document: variables, params, fields and
    /// computed values.
    private static func writtenNames(of flow: Flow) -> [Located<String>] {
        flow.variables.map(\.name) + flow.params.map(\.name) + flow.screens.flatMap { $0.fields.map(\.id) } + flow.computed.map(\.name)
    }
}
