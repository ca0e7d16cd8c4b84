import FlowExpressions

extension Session {
    /// A state file is untrusted (cli.md 1.2): after its values pass `problemInRestoredState`,
    /// what the flow determines is recomputed from the flow and those values, not read from
    /// the file. Each repetition's elements are the value of its `for_each` now; the secrets
    /// to ask again are found from the running flows' stacks, and a required field asked
    /// before that holds no answer is asked again (`recomputePosition`). Returns why the
    /// state cannot be one of this flow, or nil.
    mutating func recomputeBookkeeping() -> String? {
        if let problem = recomputeRepetitions() { return problem }
        recomputePosition()
        return nil
    }

    /// The elements of each repetition under way, evaluated again in the flow that started
    /// it. Elements computed from a secret were left out of the state and cannot be
    /// computed again: their number is kept, and they stay `null`.
    private mutating func recomputeRepetitions() -> String? {
        let marked = flowsMarkingWhatWasLeftOut()
        for flow in tree.flows.indices {
            guard let repetition = state.flows[flow].repetition, let parent = tree.flows[flow].parent else { continue }
            let scope = SessionScope(tree: tree, flows: marked, environment: environment, flow: parent, fixedTime: fixedTime)
            var given: [[Value]] = []
            var fromSecret = false
            for launch in tree.repeatingLaunches(of: flow) where launch.element == repetition.elementParam {
                guard let forEach = launch.forEach else { continue }
                if scope.readsSecret(forEach.parsed) {
                    fromSecret = true
                } else if case .success(.list(let elements)) = Evaluator.evaluate(forEach.parsed, in: scope) {
                    given.append(elements)
                }
            }
            let problem = "the repetition of flow '\(tree.flows[flow].id)' runs over elements its flow does not give"
            if given.contains(repetition.elements) {
                state.flows[flow].repetition?.elementsAreSecret = false
            } else if fromSecret, repetition.elements.allSatisfy({ $0 == .null }) {
                state.flows[flow].repetition?.elementsAreSecret = true
            } else if given.count == 1, let elements = given.first {
                guard elements.indices.contains(repetition.position), elements.count <= SessionRun.maxElements else { return problem }
                state.flows[flow].repetition?.elements = elements
                state.flows[flow].repetition?.elementsAreSecret = false
            } else {
                return problem
            }
        }
        return nil
    }

    /// The flows' states with every value left out of the saved state marked as a secret,
    /// as it was when saved: what reads one reads a secret. A member of a list or map is
    /// back as a secret `null`, so that its map's keys are those the flow gave.
    private func flowsMarkingWhatWasLeftOut() -> [SessionState.FlowState] {
        var flows = state.flows
        for member in state.forgottenMembers ?? [] { member.restoredAsSecret(in: &flows, tree: tree) }
        for (names, isResult) in [(state.forgottenSecrets, false), (state.forgottenResults, true)] {
            for name in names {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, let flow = tree.flow(named: parts[0]) else { continue }
                if isResult { flows[flow].secretResult[parts[1]] = .whole } else { flows[flow].mark(parts[1], .whole) }
            }
        }
        return flows
    }

    /// The fields a running flow has asked that must hold an answer and hold none: those
    /// before the saved position on the screen on display, and every field of a screen
    /// covered on a running flow's stack (left by an action, so every field was asked).
    /// A secret one (answered or not, when its `when` holds) was left out of the state, so
    /// it is asked again whatever the file lists; a required one on the screen on display
    /// moves the position back to it; one on a covered screen is asked again on resume
    /// (`requiredFieldsLeftEmpty`).
    private mutating func recomputePosition() {
        let displayed = currentScreen
        var firstEmpty: Int?
        for (screen, position, field) in askedFields() {
            let name = "\(tree.flows[tree.screens[screen].flow].id).\(field.id)"
            if field.type == .secret {
                if !state.forgottenSecrets.contains(name) { state.forgottenSecrets.append(name) }
            } else if screen == displayed, field.isRequired, firstEmpty == nil {
                firstEmpty = position
            }
        }
        if let firstEmpty { state.phase = .field(firstEmpty) }
    }

    /// The required fields, not secret, of screens covered on a running flow's stack that
    /// hold no answer while their `when` holds: asked again on resume, before the run goes
    /// on. (A run that returns to such a screen asks its fields anyway; one that finishes
    /// from above it would otherwise end with the field empty.)
    func requiredFieldsLeftEmpty() -> [FieldAskedAgain] {
        let displayed = currentScreen
        return askedFields().filter { $0.screen != displayed && $0.field.type != .secret && $0.field.isRequired }
            .map { FieldAskedAgain(screen: $0.screen, position: $0.position) }
    }

    /// The fields asked on the screens of running flows' stacks (on the screen on display,
    /// those before the saved position) that hold no answer while their `when` holds, in
    /// tree order; of the fields not secret, only the required ones.
    private func askedFields() -> [(screen: Int, position: Int, field: ResponderTree.FieldNode)] {
        switch state.phase {
        case .field, .action: break
        case .notStarted, .ended: return []
        }
        let asked = state.askedFieldsEnd
        let displayed = currentScreen
        var screens = Set<Int>()
        for flow in runningFlows {
            for case .screen(let screen) in state.flows[flow].stack { screens.insert(screen) }
        }
        var run = SessionRun(session: self)
        var found: [(screen: Int, position: Int, field: ResponderTree.FieldNode)] = []
        for screen in screens.sorted() {
            let node = tree.screens[screen]
            for (position, field) in node.fields.prefix(screen == displayed ? asked : Int.max).enumerated()
            where field.type == .secret || field.isRequired {
                let value = state.flows[node.flow].variables[field.id] ?? .null
                guard [.null, .string(""), .list([])].contains(value), run.holds(field.when, in: node.flow) else { continue }
                found.append((screen, position, field))
            }
        }
        return found
    }

    /// Each value left out of the saved state and not asked again goes back to its
    /// declared initial value (a list stays a list): `null` only where that is `null`.
    mutating func restoreLostValues() {
        for name in lostVariables {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let flow = tree.flow(named: parts[0]),
                  let initial = tree.flows[flow].initialVariables.first(where: { $0.name == parts[1] })?.value else { continue }
            state.flows[flow].variables[parts[1]] = initial
        }
    }
}
