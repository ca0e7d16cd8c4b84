import FlowYAML

extension Session {
    /// What the session waits for now, rendered; nil before `start()`. Rendering
    /// problems were reported as warnings when the screen or field was shown.
    public var prompt: Prompt? {
        if let outcome { return .ended(outcome) }
        if let again = askingAgainPrompt() { return again }
        var run = SessionRun(session: self)
        switch state.phase {
        case .notStarted:
            return nil
        case .ended(let outcome):
            return .ended(outcome)
        case .field(let position):
            guard let screen = currentScreen else { return nil }
            return .field(fieldPrompt(position, on: screen, run: &run))
        case .action:
            guard let screen = currentScreen else { return nil }
            return .action(ActionPrompt(screen: run.view(of: screen), actions: offeredActions(on: screen, run: &run),
                                        fields: tree.screens[screen].fields.map(\.id)))
        }
    }

    /// The fields of the screen on display answered before the one asked now (all of
    /// them at its action prompt), skipping those whose `when` does not hold, as a form's
    /// rows show them (secrets masked): what the terminal shows of a screen a resumed run
    /// comes back to (spec §5 1.2).
    public var answeredRows: [Form.Row] {
        guard let screen = currentScreen else { return [] }
        let node = tree.screens[screen]
        let asked: Int
        switch state.phase {
        case .field(let position): asked = position
        case .action: asked = node.fields.count
        case .notStarted, .ended: return []
        }
        var run = SessionRun(session: self)
        return node.fields.indices.prefix(asked).compactMap { position in
            let field = node.fields[position]
            guard run.holds(field.when, in: node.flow) else { return nil }
            let prompt = fieldPrompt(position, on: screen, run: &run)
            let value = state.flows[node.flow].variables[field.id] ?? .null
            return Form.Row(position: position, label: prompt.label,
                            answer: prompt.shown(answer: value, isSecret: holdsSecret(flow: prompt.screen.flow, name: field.id)))
        }
    }

    /// The field at `position` of `screen` as asked now, rendered.
    private func fieldPrompt(_ position: Int, on screen: Int, run: inout SessionRun) -> FieldPrompt {
        let node = tree.screens[screen]
        let field = node.fields[position]
        let offered = offeredActions(on: screen, run: &run)
        return FieldPrompt(
            screen: run.view(of: screen), field: field, position: position,
            label: TerminalText.line(run.render(field.label, in: node.flow) ?? Self.humanized(field.id)),
            help: run.render(field.help, in: node.flow).map { TerminalText.escaped($0) },
            placeholder: run.render(field.placeholder, in: node.flow).map(TerminalText.line),
            defaultValue: run.defaultValue(of: field, in: node.flow),
            defaultIsSecret: field.type == .secret || run.defaultReadsSecret(of: field, in: node.flow),
            options: run.options(of: field, in: node.flow),
            currentValue: state.flows[node.flow].variables[field.id].flatMap { $0 == .null ? nil : $0 },
            offered: offered, builtIns: ActionEntry.builtIns(besides: offered.map(\.id)))
    }

    /// The screen's actions whose `when` holds, rendered and escaped for a terminal.
    private func offeredActions(on screen: Int, run: inout SessionRun) -> [ActionPrompt.Action] {
        let node = tree.screens[screen]
        return node.actions.filter { run.holds($0.when, in: node.flow) }.map { action in
            ActionPrompt.Action(id: action.id, label: TerminalText.line(run.render(action.label, in: node.flow) ?? Self.humanized(action.id)), key: action.key,
                                isDefault: action.isDefault, validatesFields: action.validatesFields)
        }
    }

    /// An id as a label, where none is given (spec §5): `sign_up` → "Sign up". Runs of `_`
    /// and `-` make one space, and none is kept at either end.
    ///
    /// Built character by character: `split` and `joined` cost the first screen 0.2M
    /// instructions (1%) of generic code the runtime instantiates on first use.
    static func humanized(_ id: String) -> String {
        var label = ""
        var spaceDue = false
        for character in id {
            if character == "_" || character == "-" {
                spaceDue = !label.isEmpty
            } else if label.isEmpty {
                label = String(character).uppercased()
            } else {
                if spaceDue { label.append(" ") }
                spaceDue = false
                label.append(character)
            }
        }
        return label
    }
}
