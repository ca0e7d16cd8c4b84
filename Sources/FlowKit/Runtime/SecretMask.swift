/// What stands for a secret wherever one would be shown (cli.md: never in `--state`,
/// `--transcript`, diagnostics or logs).
///
/// Secrets are masked by where a value came from, not by its text: a session knows
/// which variables hold a secret answer or a value computed from one
/// (`SessionState.FlowState.secret`), and a template shows the mask in place of each
/// `{{ … }}` that reads one, leaving the rest of the text as written.
public enum SecretMask {
    public static let mask = "******"
}

extension Session {
    /// Whether the variable `flow.name` holds a secret answer or a value computed from one.
    public func holdsSecret(flow: String, name: String) -> Bool {
        guard let index = tree.flow(named: flow) else { return false }
        return state.flows[index].secret.contains(name)
    }
}
