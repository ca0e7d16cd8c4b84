import FlowYAML
import FlowExpressions

/// Each `into` of a `run` (spec §7 1.1), one per command of a list (1.2), names a
/// variable of the handling flow, declared in `variables` (as `{}` or `null`), which then
/// holds `{ exit_code, stdout, timed_out }`.
enum CommandCheck: Check {
    static let codes: [DiagnosticCode] = [.unknownName, .expressionType]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in context.index.flows {
            let flow = entry.flow
            var intos: [Located<String>] = []
            flow.forEachBranch { branch in
                for command in branch.commands { if let into = command.into { intos.append(into) } }
            }
            guard !intos.isEmpty else { continue }
            let declared = Dictionary(flow.variables.map { ($0.name.value, $0.value) }) { first, _ in first }
            for into in intos {
                guard let initial = declared[into.value] else {
                    diagnostics.append(Diagnostic(.unknownName, "flow '\(flow.id.value)' declares no variable '\(into.value)' for the command's result; declare it in 'variables' as {}",
                                                  at: into.location,
                                                  fix: .nearest(to: into.value, among: declared.keys.sorted())))
                    continue
                }
                switch ExpressionType.ofLiteral(initial) {
                case .map, .dyn: continue
                case let other:
                    diagnostics.append(Diagnostic(.expressionType, "'\(into.value)' holds \(other) values, but a command gives a map { exit_code, stdout, timed_out }; declare it as {}",
                                                  at: into.location))
                }
            }
        }
        return diagnostics
    }
}
