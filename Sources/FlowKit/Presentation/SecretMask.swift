import FlowExpressions

/// What stands for a secret wherever one would be shown (cli.md: never in `--state`,
/// `--transcript`, diagnostics or logs).
///
/// Secrets are masked by where a value came from, not by its text: a session knows
/// which variables, or (1.2) which members of a list or map, hold a secret answer or a
/// value computed from one (`Secrecy`), and a template shows the mask in place of each
/// `{{ … }}` that reads one, leaving the rest of the text as written. What a field shows
/// of its lines and values is decided in `FieldPrompt+Shown`; what a value shows, here.
public enum SecretMask {
    public static let mask = "******"

    /// `value` as a value of `secrecy` shows it: a whole secret as the mask; a list or
    /// map with secret members with those members masked, its keys and other members as
    /// they are; `null`, which tells nothing, as it is. The one masking decision.
    static func shown(_ value: Value, _ secrecy: Secrecy) -> Value {
        switch (secrecy, value) {
        case (.none, _), (_, .null): return value
        case (.members(let members), .map(var entries)):
            for case (.key(let key), let inner) in members {
                if let held = entries[key] { entries[key] = shown(held, inner) }
            }
            return .map(entries)
        case (.members(let members), .list(var elements)):
            for case (.position(let position), let inner) in members where elements.indices.contains(position) {
                elements[position] = shown(elements[position], inner)
            }
            return .list(elements)
        default:
            return .string(mask)
        }
    }

    /// What a template shows for a `{{ … }}` that reads a secret: the mask for a value
    /// secret whole, the value with its secret members masked; nil for one that reads none,
    /// or whose evaluation fails (the template's own evaluation then reports the failure).
    static func replacement(for expression: Expression, in scope: SessionScope) -> String? {
        let secrecy = scope.secrecy(of: expression)
        switch secrecy {
        case .none: return nil
        case .whole: return mask
        case .members:
            guard case .success(let value) = Evaluator.evaluate(expression, in: scope) else { return nil }
            return ValueFormatting.render(shown(value, secrecy))
        }
    }
}

extension Session {
    /// Which parts of the value `flow.name` of `values` are secret: all of a secret field's,
    /// or of one holding a value computed from a secret; (1.2) some members of a list or
    /// map; of a computed value, its expression's; of `results`, whole if a run held a
    /// secret. The one rule for every value a run writes out (the transcript, a flow test's
    /// report, a generated test).
    func secrecy(flow: String, name: String) -> Secrecy {
        guard let index = tree.flow(named: flow) else { return .none }
        if tree.flows[index].screens.contains(where: { tree.screens[$0].fields.contains { $0.id == name && $0.type == .secret } }) { return .whole }
        // As `values` finds the name: `results` first, then a computed value.
        if name == "results", state.flows[index].results != nil { return state.flows[index].secretResult[name] ?? .none }
        if tree.flows[index].computed[name] != nil { return SessionRun(session: self).scope(index).secrecy(ofComputed: name, of: index) }
        return state.flows[index].secrecy(of: name)
    }

    /// Whether the variable `flow.name` holds a secret, in whole or in part.
    public func holdsSecret(flow: String, name: String) -> Bool {
        secrecy(flow: flow, name: name).isSecret
    }

    /// `value` as the variable `flow.name` shows it (`SecretMask.shown`).
    public func shown(_ value: Value, of flow: String, name: String) -> Value {
        SecretMask.shown(value, secrecy(flow: flow, name: name))
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
