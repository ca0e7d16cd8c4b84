import FlowYAML
import FlowExpressions

/// A field asked again after a resume (a secret, or a required field a saved state left
/// empty): the screen that owns it (a global index) and its place among that screen's fields.
struct FieldAskedAgain: Sendable, Equatable {
    let screen: Int
    let position: Int
}

extension Session {
    /// Secret fields whose answers a saved state left out and a step of the run may still
    /// read, in tree order: every answered secret field of a running flow (its screens,
    /// guards, `set`s, computed values and result read its fields), except those the
    /// screen on display is still to ask, which it asks in turn anyway; and of a flow not
    /// running (finished, or dismissed), those read from outside it as `flowid.name`
    /// (without a `result`, its variables stay readable). Its own screens start afresh.
    func secretFieldsToAskAgain() -> [FieldAskedAgain] {
        switch state.phase {
        case .field, .action: break
        case .notStarted, .ended: return []
        }
        let running = Set(runningFlows)
        var readFromOutside: Set<String>?
        var fields: [FieldAskedAgain] = []
        for (index, screen) in tree.screens.enumerated() {
            let flowID = tree.flows[screen.flow].id
            for (position, field) in screen.fields.enumerated() where field.type == .secret && state.forgottenSecrets.contains("\(flowID).\(field.id)") {
                if running.contains(screen.flow) {
                    if index == currentScreen, state.asksInTurn(position) { continue }
                } else {
                    guard tree.flows[screen.flow].result == nil else { continue }
                    if readFromOutside == nil { readFromOutside = tree.memberReads }
                    guard readFromOutside?.contains("\(flowID).\(field.id)") == true else { continue }
                }
                fields.append(FieldAskedAgain(screen: index, position: position))
            }
        }
        return fields
    }

    /// The secret fields still to ask again, as `flowid.fieldid`, in the order asked.
    public var secretsToAskAgain: [String] { namesAskedAgain(secret: true) }

    /// The required fields, not secret, that a saved state left empty on a covered screen
    /// and are asked again, as `flowid.fieldid`, in the order asked.
    public var requiredFieldsToAskAgain: [String] { namesAskedAgain(secret: false) }

    private func namesAskedAgain(secret: Bool) -> [String] {
        fieldsAskedAgain.compactMap { asked in
            let field = tree.screens[asked.screen].fields[asked.position]
            return (field.type == .secret) == secret ? "\(tree.flows[tree.screens[asked.screen].flow].id).\(field.id)" : nil
        }
    }

    /// What a saved state left out that is not asked again (`flowid.name`): answers to
    /// secret fields of finished flows that nothing reads, and values and results computed from secrets,
    /// which nobody can type again. A resume names them before it asks anything; a variable
    /// is back to its declared initial value (`lostValuesAtTheirInitialValue`), a result is
    /// `null`, a member of a list or map is gone (`lostMembers`). Fields the screen on display is still to ask are not named.
    public var lostSecretValues: [String] {
        var named = Set<String>()
        // A result may bear the name of a variable of its flow: named once.
        return (lostVariables + state.forgottenResults).filter { named.insert($0).inserted } + lostMembers
    }

    /// Of `lostSecretValues`, the members of lists and maps (cli.md 1.2), as
    /// `flowid.name["key"]` or `flowid.name[2]`: gone from their map, or `null` in their list.
    public var lostMembers: [String] {
        (state.forgottenMembers ?? []).map(\.written)
    }

    /// Of `lostSecretValues`, the variables whose declared initial value is not `null`,
    /// which they hold again (`restoreLostValues`); the others are empty.
    public var lostValuesAtTheirInitialValue: [String] {
        lostVariables.filter { !state.variableIsEmpty($0, in: tree) }
    }

    /// The variables a saved state left out that are not asked again.
    var lostVariables: [String] {
        var asked = Set(secretsToAskAgain)
        if let screen = currentScreen {
            let node = tree.screens[screen]
            for (position, field) in node.fields.enumerated() where state.asksInTurn(position) {
                asked.insert("\(tree.flows[node.flow].id).\(field.id)")
            }
        }
        return state.forgottenSecrets.filter { !asked.contains($0) }
    }

    /// The prompt for the next field asked again: the field as its screen shows it, with
    /// why it is asked; no action but `quit` can be chosen meanwhile.
    func askingAgainPrompt() -> Prompt? {
        guard let asked = fieldsAskedAgain.first else { return nil }
        var run = SessionRun(session: self)
        let node = tree.screens[asked.screen]
        let field = node.fields[asked.position]
        return .field(FieldPrompt(
            screen: run.view(of: asked.screen), field: field, position: asked.position,
            label: TerminalText.line(run.render(field.label, in: node.flow) ?? Self.humanized(field.id)),
            help: field.type == .secret ? "asked again: secrets are never saved, and the run still reads this one"
                : "asked again: the saved state holds no answer to this required field",
            placeholder: nil, defaultValue: nil, defaultIsSecret: true, options: options(of: field, screen: asked.screen), currentValue: nil,
            offered: [], builtIns: ["quit"]))
    }

    mutating func answerAgain(_ text: String) -> [SessionEvent] {
        guard let asked = fieldsAskedAgain.first else { return [] }
        let field = tree.screens[asked.screen].fields[asked.position]
        switch AnswerReader.read(text, for: field, options: options(of: field, screen: asked.screen)) {
        case .failure(let refusal): return [.refused(refusal.message)]
        case .success(let value): return answerAgain(value: value)
        }
    }

    mutating func answerAgain(value: Value?) -> [SessionEvent] {
        guard let asked = fieldsAskedAgain.first else { return [] }
        let node = tree.screens[asked.screen]
        var run = beginRun()
        if run.answerAgain(value, for: node.fields[asked.position], in: node.flow) { fieldsAskedAgain.removeFirst() }
        return finish(run)
    }
}
