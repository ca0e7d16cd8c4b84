import FoundationEssentials
import FlowExpressions

/// A run of a flow as a value-driven state machine (spec §6–§8): no I/O, no clock,
/// no globals. Feed it answers and actions; it answers with events and a new prompt.
///
/// Actions travel the responder chain: the current screen, its flow, each parent flow,
/// the root, then the application responder with the built-ins `back` and `quit`. The
/// first responder with a branch whose `when` holds handles the action.
public struct Session: Sendable {
    public let tree: ResponderTree
    /// The environment variables `env.NAME` reads (only names some enclosing flow lists).
    public let environment: [String: String]
    /// Steps one input may cause before the run stops (`runaway-transitions`, spec §11).
    public let maxSteps: Int
    var state: SessionState
    /// After a resume: the fields still to ask again (secrets, and required fields a saved
    /// state left empty), before anything else (`Session+AskingAgain`). Never saved: a state saved meanwhile still lists them as
    /// left out, so the next resume asks them again too.
    var fieldsAskedAgain: [FieldAskedAgain] = []
    /// Set when input ends: the run is over for now, but not the saved state, which a
    /// later `--resume` continues from the same question.
    private var inputEnded: RunOutcome?
    /// Answers of `remember: true` fields from earlier runs, by `flowid.fieldid`: they
    /// take the place of the fields' own defaults (spec §6).
    public var remembered: [String: Value] = [:]
    /// The time `now()` and `today()` read, where it is fixed (flow tests); nil for the
    /// time of each evaluation.
    public var fixedTime: Date?
    /// What runs the programs of `run` steps; without one, a step's program is not run
    /// and `into` gets exit code 126.
    public var commandRunner: (any CommandRunning)?

    /// The answers to keep for the next run: `remember: true` fields that have a value, by
    /// `flowid.fieldid`, never one that holds a secret (a default computed from one, a
    /// secret member set since: `holdsSecret`). None unless the run ended `finished`
    /// (cli.md 1.2): a run that stopped part way may hold answers nobody meant.
    public var answersToRemember: [String: Value] {
        guard outcome?.status == .finished else { return [:] }
        var kept: [String: Value] = [:]
        for screen in tree.screens {
            let flow = tree.flows[screen.flow].id
            for field in screen.fields where field.remember && !holdsSecret(flow: flow, name: field.id) {
                if let value = state.flows[screen.flow].variables[field.id], value != .null {
                    kept["\(flow).\(field.id)"] = value
                }
            }
        }
        return kept
    }

    public init(tree: ResponderTree, environment: [String: String] = [:], maxSteps: Int = 10_000) {
        self.tree = tree
        self.environment = environment
        self.maxSteps = maxSteps
        state = SessionState(flows: tree.flows.map(SessionState.FlowState.initial))
    }

    // MARK: What a front end reads

    /// Every screen shown so far, as `flowid/screenid`.
    public var path: [String] { state.path }

    /// Every flow's variables by flow id, with its computed values as they read now; a
    /// flow that never started has its initial values. Private names are left out
    /// (`PrivateName`): this is what every output shows.
    public var values: [String: [String: Value]] {
        let run = SessionRun(session: self)
        return Dictionary(tree.flows.indices.map { flow in
            // Read after the run stopped, a signal too: computed values are evaluated whole.
            var scope = run.scope(flow)
            scope.stopsOnInterruption = false
            let values = Dictionary(uniqueKeysWithValues: valueNames(of: flow).map { name in
                if name == "results", let results = state.flows[flow].results { return (name, Value.list(results)) }
                if tree.flows[flow].computed[name] != nil { return (name, scope.computed(name, of: flow) ?? .null) }
                return (name, state.flows[flow].variables[name] ?? .null)
            })
            return (tree.flows[flow].id, values)
        }) { first, _ in first }
    }

    /// The names `values` gives each flow, by flow id, found without evaluating anything
    /// (`--output env` checks its shell names before the run).
    public var valueNames: [String: [String]] {
        Dictionary(tree.flows.indices.map { (tree.flows[$0].id, valueNames(of: $0)) }) { first, _ in first }
    }

    /// A flow's variables, computed values and, after a `for_each`, `results`; no private name.
    private func valueNames(of flow: Int) -> [String] {
        var names = Set(state.flows[flow].variables.keys).union(tree.flows[flow].computed.keys).filter { !PrivateName.isPrivate($0) }
        if state.flows[flow].results != nil { names.insert("results") }
        return Array(names)
    }

    /// The run under way (from 0) of the `for_each` repetition of flow `flow`, if one
    /// repeats it now: what `flowid[N].fieldid` answers count (cli.md 1.2).
    public func repetitionRun(of flow: Int) -> Int? { state.flows[flow].repetition?.position }

    /// The run's outcome once it has ended.
    public var outcome: RunOutcome? {
        if case .ended(let outcome) = state.phase { return outcome }
        return inputEnded
    }

    /// The screen on display (global index), if any.
    public var currentScreen: Int? { state.currentScreen }

    // MARK: Inputs

    /// Starts the run: the root flow, its start screen (through start child flows).
    public mutating func start() -> [SessionEvent] {
        guard state.phase == .notStarted else { return [] }
        var run = beginRun()
        run.startFlow(0)
        run.show()
        run.runQueue()
        return finish(run)
    }

    /// The current screen shown again in full, headed by the titles of every flow from
    /// the root to it, as `--resume` shows it before asking (cli.md). The path is not
    /// extended: the run goes on where it was saved.
    public func redisplay() -> [SessionEvent] {
        guard outcome == nil, let screen = currentScreen else { return [] }
        var run = SessionRun(session: self)
        let flows = Array(sequence(first: tree.screens[screen].flow) { tree.flows[$0].parent }.reversed())
        let view = run.view(of: screen, titlesOf: flows)
        return run.events.map(\.escapedForTerminal) + [.screenShown(view)]
    }

    /// Answers the current field with a typed line (cli.md's plain-mode rules); an
    /// empty line means "no answer".
    public mutating func answer(_ text: String) -> [SessionEvent] {
        if inputEnded == nil, !fieldsAskedAgain.isEmpty { return answerAgain(text) }
        guard inputEnded == nil, case .field(let position) = state.phase, let screen = currentScreen else {
            return [.refused("There is no question to answer now.")]
        }
        let field = tree.screens[screen].fields[position]
        let options = self.options(of: field, screen: screen)
        switch AnswerReader.read(text, for: field, options: options) {
        case .failure(let refusal): return [.refused(refusal.message)]
        case .success(let value): return answer(value: value)
        }
    }

    /// Answers the current field with a value (`nil`: no answer). A refused answer
    /// leaves the question open; nothing answered before is lost.
    public mutating func answer(value: Value?) -> [SessionEvent] {
        if inputEnded == nil, !fieldsAskedAgain.isEmpty { return answerAgain(value: value) }
        guard inputEnded == nil, case .field(let position) = state.phase, let screen = currentScreen else {
            return [.refused("There is no question to answer now.")]
        }
        var run = beginRun()
        run.answer(value, field: position, screen: screen)
        return finish(run)
    }

    /// Goes back to an earlier field of the screen on display, to answer it again (a form
    /// revisited in the terminal); the fields after it are asked again in turn, each
    /// offering its current value (while an earlier field is asked again, only those
    /// left without a valid answer). Refused for a field not asked yet, or skipped by its
    /// `when`.
    public mutating func revisit(field position: Int) -> [SessionEvent] {
        guard inputEnded == nil, fieldsAskedAgain.isEmpty, let screen = currentScreen, tree.screens[screen].fields.indices.contains(position) else {
            return [.refused("There is no such question on this screen.")]
        }
        let asked: Int
        switch state.phase {
        case .field(let current): asked = current
        case .action: asked = tree.screens[screen].fields.count
        default: return [.refused("There is no such question on this screen.")]
        }
        var run = SessionRun(session: self)
        let field = tree.screens[screen].fields[position]
        guard position < asked, run.holds(field.when, in: tree.screens[screen].flow) else {
            return [.refused("That question is not asked now.")]
        }
        // While an earlier field is asked again, the fields not asked yet stay so.
        state.phase = .field(position)
        return []
    }

    /// Asks a field of the screen on display again, from the action prompt (plain mode's
    /// `/ID`, spec §5 1.2): pre-filled with its answer; then the fields its new answer
    /// leaves without a valid one, and the actions again. Refused for a field its `when`
    /// skips.
    public mutating func askAgain(field id: String) -> [SessionEvent] {
        guard inputEnded == nil, fieldsAskedAgain.isEmpty, state.phase == .action, let screen = currentScreen,
              let position = tree.screens[screen].fields.firstIndex(where: { $0.id == id }) else {
            return [.refused("There is no such question on this screen.")]
        }
        var run = beginRun()
        guard run.holds(tree.screens[screen].fields[position].when, in: tree.screens[screen].flow) else {
            return finish(run) + [.refused("That question is not asked now.")]
        }
        run.askAgain(field: position, screen: screen)
        return finish(run)
    }

    /// Clears the current field to `null` (plain mode's `/`), without taking its default;
    /// a required field refuses.
    public mutating func clearAnswer() -> [SessionEvent] {
        if inputEnded == nil, !fieldsAskedAgain.isEmpty { return answerAgain(value: nil) }
        return answer(value: .null)
    }

    /// Chooses an action: one the screen offers, or a built-in (`back`, `quit`). At a
    /// field, only actions that do not validate the fields (`back`, `quit`, or
    /// `validate: false`) may be chosen.
    public mutating func perform(_ action: String) -> [SessionEvent] {
        guard inputEnded == nil, let screen = currentScreen, state.phase == .action || isField(state.phase) else {
            return [.refused("There is no action to choose now.")]
        }
        if !fieldsAskedAgain.isEmpty, action != "quit" {
            return [.refused("Answer the secrets asked again first (or quit).")]
        }
        // At a secret field the line named the action: no message repeats it (cli.md 1.2).
        let named = asksSecret ? nil : "'\(action)'"
        let offered = tree.screens[screen].actions.first { $0.id == action }
        // The built-ins are numbered first, in the order `ActionEntry.builtIns` lists them.
        guard let number = offered?.number ?? ActionEntry.builtIns.firstIndex(of: action) else {
            return [.refused("\(named ?? "That") is not an action of this screen.")]
        }
        if isField(state.phase), offered?.validatesFields ?? false {
            return [.refused("Answer the questions of this screen before \(named ?? "that action").")]
        }
        var run = beginRun()
        if let offered, !run.holds(offered.when, in: tree.screens[screen].flow) {
            return finish(run) + [.refused("\(named ?? "That action") is not available now.")]
        }
        run.noteFieldsNotAsked(on: screen)
        run.dispatch(number, from: .screen(screen))
        return finish(run)
    }

    /// Input ended (end of file): the run is `incomplete` (cli.md exit code 3).
    public mutating func endOfInput() -> [SessionEvent] {
        guard outcome == nil else { return [] }
        let outcome = RunOutcome(.incomplete, exitCode: 3, message: "input ended before the flow did")
        inputEnded = outcome
        return [.ended(outcome)]
    }

    // MARK: Internals

    /// Takes one step (an input, or the run's start); when a signal asked the run to stop
    /// meanwhile (`Interruption`), or a program it ran was killed because flowrun is
    /// stopping (`CommandResult.stoppedWithTheRun`), the step is undone, so that the state
    /// saved is the one before it and a resume takes the same step again. A step cut
    /// short skips what is left of it (no branch holds, no template is rendered, the
    /// next screen's fields are not asked), so the state it leaves is not one a run can go
    /// on from; a program it ran anew runs again, rather than the run going on as if it
    /// had ended with 137. The events are returned as they were, to be shown.
    public mutating func undoingIfStopped(_ step: (inout Session) -> [SessionEvent]) -> [SessionEvent] {
        let before = self
        let events = step(&self)
        if Interruption.isRequested
            || events.contains(where: { if case .commandRan(_, let result) = $0 { result.stoppedWithTheRun } else { false } }) {
            self = before
        }
        return events
    }

    /// A run working on the session's state. The state moves into the run (the session
    /// keeps an empty one meanwhile), so the run's changes never copy it.
    mutating func beginRun() -> SessionRun {
        let run = SessionRun(session: self)
        state = SessionState(flows: [])
        return run
    }

    mutating func finish(_ run: SessionRun) -> [SessionEvent] {
        state = run.state
        return run.events.map(\.escapedForTerminal)
    }

    /// Whether the question open is a secret field's (`FieldPrompt.isSecret`).
    private var asksSecret: Bool {
        guard case .field(let position) = state.phase, let screen = currentScreen else { return false }
        return tree.screens[screen].fields[position].type == .secret
    }

    private func isField(_ phase: SessionState.Phase) -> Bool {
        if case .field = phase { return true }
        return false
    }

    /// A field's options with rendered labels; warnings of computing them were given when the field was shown.
    func options(of field: ResponderTree.FieldNode, screen: Int) -> [FieldPrompt.Option] {
        var run = SessionRun(session: self)
        return run.options(of: field, in: tree.screens[screen].flow)
    }
}
