import FlowExpressions

/// Writes a flow test file for generated cases: each case's input, and as its
/// expectations what the run did (status, exit code, an exit's message, last screen, path, variables
/// that changed, messages said), for the author to read and correct. Secret variables are left out.
public struct FlowTestWriter: Sendable {
    public let tree: ResponderTree

    public init(tree: ResponderTree) {
        self.tree = tree
    }

    /// - Parameters:
    ///   - flow: the flow's path as the test file names it (relative to the test file).
    ///   - cases: each case's name and its script, played (`FlowTestRunner.play`).
    ///   - command: the command that wrote it, for the header.
    public func write(flow: String, cases: [(name: String, played: PlayedScript)], command: String) -> String {
        var lines = [
            "# Written by `\(command)`.",
            "# Each case is the shortest input found that reaches what its name says, then",
            "# the shortest way to an end of the run. Its expectations are what the run did:",
            "# read them, and correct the ones that are not what the flow should do.",
            "flow: \(YAMLWriter.doubleQuoted(flow))",
            // No case (nothing the search tries reaches anything) is an empty list, not null.
            cases.isEmpty ? "cases: []" : "cases:",
        ]
        let initial = Session(tree: tree).values
        for (name, played) in cases {
            let session = played.session
            lines.append("  - name: \(YAMLWriter.doubleQuoted(name))")
            lines.append(played.input.isEmpty ? "    input: []" : "    input:")
            lines += played.input.map { "      - \(YAMLWriter.doubleQuoted($0))" }
            // The programs the run started, as stubs with no output that succeed, or fail or write where the case needs it (cli.md).
            var stubbed: [[String]] = []
            for request in played.commands where !stubbed.contains(request.arguments) { stubbed.append(request.arguments) }
            if !stubbed.isEmpty {
                lines.append("    commands:")
                lines += stubbed.map { arguments in
                    let result = played.stubs.first { $0.arguments == arguments }?.result ?? CommandResult(exitCode: 0)
                    return "      - { command: " + YAMLWriter.flow(.list(arguments.map(Value.string))) + ", exit_code: \(result.exitCode), stdout: "
                        + YAMLWriter.doubleQuoted(result.stdout)
                        + (result.timedOut ? ", timed_out: true }" : " }")
                }
            }
            lines.append("    expect:")
            if let outcome = session.outcome {
                lines.append("      status: \(outcome.status.rawValue)")
                lines.append("      exit_code: \(outcome.exitCode)")
                // An `exit`'s message, as shown; a stop's names places in files, which move.
                if outcome.status == .exited, let message = outcome.message { lines.append("      message: \(YAMLWriter.doubleQuoted(message))") }
            }
            if let screen = session.path.last { lines.append("      screen: \(YAMLWriter.doubleQuoted(screen))") }
            lines.append("      path: " + YAMLWriter.flow(.list(session.path.map(Value.string))))
            let changed = changedValues(session, initial: initial)
            if !changed.isEmpty {
                lines.append("      values:")
                for (flow, values) in changed {
                    lines.append("        \(YAMLWriter.doubleQuoted(flow)):")
                    lines += values.map { "          \(YAMLWriter.doubleQuoted($0.name)): \(YAMLWriter.flow($0.value))" }
                }
            }
            if !played.said.isEmpty {
                lines.append("      said:")
                lines += played.said.map { "        - \(YAMLWriter.doubleQuoted($0))" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each flow's variables whose values differ from the initial ones, in tree order;
    /// not secrets (`Session.holdsSecret`).
    private func changedValues(_ session: Session, initial: [String: [String: Value]]) -> [(flow: String, values: [(name: String, value: Value)])] {
        tree.flows.indices.compactMap { index in
            let flow = tree.flows[index]
            let current = session.values[flow.id] ?? [:]
            let changed = current.keys.sorted().compactMap { name -> (name: String, value: Value)? in
                guard let value = current[name], !session.holdsSecret(flow: flow.id, name: name),
                      initial[flow.id]?[name] != value else { return nil }
                return (name, value)
            }
            return changed.isEmpty ? nil : (flow.id, changed)
        }
    }
}
