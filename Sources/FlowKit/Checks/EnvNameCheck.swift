import FlowYAML
import FlowExpressions

/// `env-name-clash` (spec §12 1.2): two values that `--output env` would write under one
/// shell name, or one such name that is also an environment variable the tree reads, which
/// `eval` of the output would overwrite. Names come from `EnvOutputName`, as the output's do.
enum EnvNameCheck: Check {
    static let codes: [DiagnosticCode] = [.envNameClash]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let entries = context.index.flows
        let flows = entries.indices.lazy.filter { !entries[$0].flow.isPlaceholder }.map { entries[$0].flow }
        let suspects = sharedFingerprints(entries)
        guard !suspects.isEmpty else { return [] }
        var read: [String: Located<String>] = [:]
        for flow in flows { for name in flow.environment where read[name.value] == nil { read[name.value] = name } }
        var written: [String: Located<String>] = [:]
        var seenFlows = Set<String>()
        var diagnostics: [Diagnostic] = []
        // The result document keeps the first flow of an id, and a variable once per flow.
        for flow in flows where seenFlows.insert(flow.id.value).inserted {
            var seenNames = Set<String>()
            let fingerprinter = EnvOutputName.Fingerprinter(flow: flow.id.value)
            forEachWrittenName(of: flow) { name in
                guard suspects.contains(fingerprinter.fingerprint(variable: name.value)),
                      seenNames.insert(name.value).inserted else { return }
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

    private static let outcomeFingerprints = EnvOutputName.outcome.map { (fingerprint: EnvOutputName.fingerprint($0), isWritten: false) }

    /// The fingerprints of shell names that a written value shares with another name (read,
    /// written, or the outcome's): only those can clash, and in most trees there are none,
    /// so no name is built.
    private static func sharedFingerprints(_ entries: [FlowIndex.Entry]) -> Set<UInt64> {
        var names = outcomeFingerprints
        // By index, not `for in`: the flows and fields are read in place rather than copied.
        for flow in entries.indices where !entries[flow].flow.isPlaceholder {
            for name in entries[flow].flow.environment { names.append((EnvOutputName.fingerprint(name.value), false)) }
            let fingerprinter = EnvOutputName.Fingerprinter(flow: entries[flow].flow.id.value)
            forEachWrittenName(of: entries[flow].flow) { names.append((fingerprinter.fingerprint(variable: $0.value), true)) }
        }
        names.sort { $0.fingerprint < $1.fingerprint }
        var shared = Set<UInt64>()
        var start = 0
        while start < names.count {
            var end = start + 1
            while end < names.count && names[end].fingerprint == names[start].fingerprint { end += 1 }
            if end - start > 1 && names[start..<end].contains(where: \.isWritten) { shared.insert(names[start].fingerprint) }
            start = end
        }
        return shared
    }

    /// The names of a flow's values in the result document that `--output env` writes:
    /// variables, params, fields and computed values, private ones left out.
    private static func forEachWrittenName(of flow: borrowing Flow, _ body: (Located<String>) -> Void) {
        func visit(_ name: Located<String>) { if !PrivateName.isPrivate(name.value) { body(name) } }
        for variable in flow.variables.indices { visit(flow.variables[variable].name) }
        for param in flow.params.indices { visit(flow.params[param].name) }
        for screen in flow.screens.indices {
            for field in flow.screens[screen].fields.indices { visit(flow.screens[screen].fields[field].id) }
        }
        for computed in flow.computed.indices { visit(flow.computed[computed].name) }
    }
}
