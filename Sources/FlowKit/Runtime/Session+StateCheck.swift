import FlowYAML
import FlowExpressions

extension Session {
    /// Why the state just restored cannot be a state of this tree (a file edited by hand,
    /// or damaged), or nil when it can. Checked: every stack entry is a screen or child of
    /// its own flow and, until the run ended, every running flow shows something; the phase
    /// fits the screen on display and the path ends with it; a run that ended, ended as a
    /// run of this flow can; every flow holds exactly its variables, each of
    /// its type, a field's also within its options and bounds; results hold their declared
    /// names; a repetition's counts agree. Values quoted in the answer are sanitized.
    func problemInRestoredState() -> String? {
        structuralProblem() ?? pathProblem() ?? valueProblem()
    }

    private func structuralProblem() -> String? {
        for (flow, flowState) in state.flows.enumerated() {
            // No run stacks more; a state that does was not saved by one.
            guard flowState.stack.count <= SessionRun.maxStack else {
                return "flow '\(tree.flows[flow].id)' has \(flowState.stack.count) screens on its stack, more than the \(SessionRun.maxStack) a run allows"
            }
            for entry in flowState.stack {
                switch entry {
                case .screen(let screen):
                    guard tree.screens.indices.contains(screen), tree.screens[screen].flow == flow else {
                        return "flow '\(tree.flows[flow].id)' shows a screen that is not its own"
                    }
                case .flow(let child):
                    guard tree.flows.indices.contains(child), tree.flows[child].parent == flow else {
                        return "flow '\(tree.flows[flow].id)' shows a flow that is not its child"
                    }
                }
            }
            if let repetition = flowState.repetition {
                guard tree.repeatedFlows.contains(flow), tree.flows[flow].params.contains(repetition.elementParam),
                      repetition.indexParam.map(tree.flows[flow].params.contains) ?? true,
                      repetition.elements.indices.contains(repetition.position), repetition.elements.count <= SessionRun.maxElements,
                      repetition.results.count == repetition.position, repetition.finishedRuns.count == repetition.position else {
                    return "the repetition of flow '\(tree.flows[flow].id)' does not add up"
                }
            }
        }
        // A run that ended may have emptied the root's stack: its last child finished.
        if state.phase != .notStarted, !isEnded {
            for flow in runningFlows where state.flows[flow].stack.isEmpty {
                return "flow '\(tree.flows[flow].id)' is running with nothing on its stack"
            }
        }
        for (screen, position) in state.coveredForms ?? [:] {
            guard tree.screens.indices.contains(screen), tree.screens[screen].fields.indices.contains(position) else {
                return "it lists a covered screen's field that the flow does not have"
            }
        }
        switch state.phase {
        case .field(let position):
            guard let screen = state.currentScreen, tree.screens[screen].fields.indices.contains(position) else {
                return "it asks a field the screen on display does not have"
            }
            if let notYetAsked = state.notYetAsked, !(position < notYetAsked && notYetAsked <= tree.screens[screen].fields.count) {
                return "it asks a field again that its form has not asked yet"
            }
        case .action:
            guard state.currentScreen != nil else { return "it offers actions with no screen on display" }
            guard state.notYetAsked == nil else { return "it offers actions with fields not asked yet" }
        case .ended(let outcome):
            return endingProblem(outcome)
        case .notStarted:
            break
        }
        return nil
    }

    private var isEnded: Bool {
        if case .ended = state.phase { return true }
        return false
    }

    /// Why a saved ending is none a run of this flow can have: the session saves an ending
    /// only when the root finished (0), the user quit (0), a branch ran `exit` (one of the
    /// flow's codes, with a message only if one of its `exit`s with that code has one) or
    /// the run failed (2); input's end and signals are never saved. The message's text is
    /// not checked (an exit's message may have read a secret since left out): a resume
    /// shows it escaped, as every message.
    private func endingProblem(_ outcome: RunOutcome) -> String? {
        let fits = switch outcome.status {
        case .finished, .cancelled: outcome.exitCode == 0 && outcome.message == nil
        case .exited: tree.exitCodes.contains(outcome.exitCode) && (outcome.message == nil || tree.exitCodesWithMessages.contains(outcome.exitCode))
        case .failed: outcome.exitCode == 2
        case .incomplete, .interrupted: false
        }
        return fits ? nil : "it ended as '\(outcome.status.rawValue)' with exit code \(outcome.exitCode), which no run of the flow does"
    }

    /// The flows started and not finished: the root, and every child on the stack of a
    /// running flow (shown, or covered by a screen pushed over it).
    var runningFlows: [Int] {
        var running: [Int] = []
        var pending = state.flows.isEmpty ? [] : [0]
        while let flow = pending.popLast() {
            running.append(flow)
            for case .flow(let child) in state.flows[flow].stack where !running.contains(child) && !pending.contains(child) {
                pending.append(child)
            }
        }
        return running.sorted()
    }

    private func pathProblem() -> String? {
        let names = Set(tree.screens.map(\.pathName))
        if let unknown = state.path.first(where: { !names.contains($0) }) {
            return "its path names \(MessageText.quoted(unknown)), which is no screen of the flow"
        }
        switch state.phase {
        case .field, .action:
            guard let screen = state.currentScreen, state.path.last == tree.screens[screen].pathName else {
                return "its path does not end with the screen on display"
            }
        case .notStarted, .ended:
            break
        }
        return nil
    }

    private func valueProblem() -> String? {
        for flow in tree.flows.indices {
            if let problem = variableProblem(in: state.flows[flow].variables, of: flow) { return problem }
            for run in state.flows[flow].repetition?.finishedRuns ?? [] {
                if let problem = variableProblem(in: run.variables, of: flow) { return problem }
            }
            if let problem = resultProblem(of: flow) { return problem }
        }
        for name in state.forgottenSecrets where !state.variableIsEmpty(name, in: tree) {
            return "it lists \(MessageText.quoted(name)) as a value left out, which is no empty variable of the flow"
        }
        for member in state.forgottenMembers ?? [] where !member.isMissing(in: state, tree: tree) {
            return "it lists \(MessageText.quoted(member.written)) as a member left out, which is no missing member of a list or map of the flow"
        }
        for name in state.forgottenResults where !state.resultIsEmpty(name, in: tree) {
            return "it lists \(MessageText.quoted(name)) as a result left out, which is no empty result of the flow"
        }
        return nil
    }

    /// Whether a flow's variables are exactly its own, each of its type.
    private func variableProblem(in variables: [String: Value], of flow: Int) -> String? {
        let node = tree.flows[flow]
        let declared = Set(node.initialVariables.map(\.name))
        if let extra = variables.keys.sorted().first(where: { !declared.contains($0) }) {
            return "flow '\(node.id)' holds \(MessageText.quoted(extra)), which is not one of its variables"
        }
        if let missing = node.initialVariables.first(where: { variables[$0.name] == nil }) {
            return "flow '\(node.id)' has no value for its variable '\(missing.name)'"
        }
        let fields = Dictionary(node.screens.flatMap { screen in tree.screens[screen].fields.map { ($0.id, $0) } }) { first, _ in first }
        var run = SessionRun(session: self)
        for (name, initial) in node.initialVariables {
            guard let value = variables[name] else { continue }
            let type = node.variableTypes[name] ?? .dyn
            let place = "'\(node.id).\(name)'"
            guard value.conforms(to: type) else {
                return "\(place) holds \(MessageText.quoted(ValueFormatting.render(value))), not a value of type \(type)"
            }
            if let field = fields[name] {
                guard value != .null else { continue }
                if field.type == .secret { return "\(place) holds the answer to a secret, which a state never holds" }
                // Options computed by an expression depend on values that may have changed since the answer.
                if case .expression? = field.options { continue }
                if let problem = AnswerConstraints.violation(of: value, for: field, options: run.options(of: field, in: flow)) {
                    // The field's message may quote the value whole.
                    return "\(place) holds \(MessageText.quoted(ValueFormatting.render(value))), which its field refuses: \(MessageText.sanitized(problem))"
                }
            } else if value == .null, initial != .null, !node.params.contains(name), !state.forgottenSecrets.contains("\(node.id).\(name)") {
                return "\(place) is empty, but the flow gives it a value of type \(type)"
            }
        }
        return nil
    }

    private func resultProblem(of flow: Int) -> String? {
        let node = tree.flows[flow]
        if let results = state.flows[flow].results, !tree.repeatedFlows.contains(flow) || results.contains(where: { $0.conforms(to: .map(.dyn)) == false }) {
            return "flow '\(node.id)' holds results of runs it never repeats"
        }
        guard let result = state.flows[flow].result else { return nil }
        guard node.result != nil, Set(result.keys) == Set(node.resultTypes.keys) else {
            return "the result of flow '\(node.id)' does not hold the names it declares"
        }
        for (name, value) in result.sorted(by: { $0.key < $1.key }) where !value.conforms(to: node.resultTypes[name] ?? .dyn) {
            return "the result '\(node.id).\(name)' holds \(MessageText.quoted(ValueFormatting.render(value))), not a value of type \(node.resultTypes[name] ?? .dyn)"
        }
        return nil
    }
}
