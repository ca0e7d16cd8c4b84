import FlowExpressions

/// What stands for a secret wherever one would be shown (cli.md: never in `--state`,
/// `--transcript`, diagnostics or logs).
///
/// Secrets are masked by where a value came from, not by its text: a session knows
/// which variables hold a secret answer or a value computed from one
/// (`SessionState.FlowState.secret`), and a template shows the mask in place of each
/// `{{ … }}` that reads one, leaving the rest of the text as written. What a field shows
/// of its lines and values is decided in `FieldPrompt+Shown`; what a variable shows, here.
public enum SecretMask {
    public static let mask = "******"
}

extension Session {
    /// Whether the variable `flow.name` is a secret, never shown: a secret field's, or
    /// one holding a value computed from a secret. The one rule for every variable a run
    /// writes out (the transcript, a flow test's report, a generated test).
    public func holdsSecret(flow: String, name: String) -> Bool {
        guard let index = tree.flow(named: flow) else { return false }
        return state.flows[index].secret.contains(name)
            || tree.flows[index].screens.contains { tree.screens[$0].fields.contains { $0.id == name && $0.type == .secret } }
    }

    /// `value` as the variable `flow.name` shows it: the mask for a secret; `null`, which
    /// tells nothing, as it is.
    public func shown(_ value: Value, of flow: String, name: String) -> Value {
        value != .null && holdsSecret(flow: flow, name: name) ? .string(SecretMask.mask) : value
    }

    /// The answer `events` gave the prompt's field, as a form's row shows it (empty when
    /// there is none): masked where the session took it as a secret.
    public func shownAnswer(to prompt: FieldPrompt, in events: [SessionEvent]) -> String {
        for case .answered(let flow, let field, let value) in events where flow == prompt.screen.flow && field == prompt.field.id {
            return prompt.shown(answer: value, isSecret: holdsSecret(flow: flow, name: field))
        }
        return ""
    }
}
