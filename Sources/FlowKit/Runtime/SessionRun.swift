import FoundationEssentials
import FlowYAML
import FlowExpressions

/// One input's worth of work on a session: a copy of its state, the events so far,
/// and a count of the steps taken, so that a `send` loop stops at the limit.
struct SessionRun {
    let tree: ResponderTree
    let environment: [String: String]
    let maxSteps: Int
    let remembered: [String: Value]
    let fixedTime: Date?
    let commandRunner: (any CommandRunning)?
    var state: SessionState
    var events: [SessionEvent] = []
    private var steps = 0
    /// The step count when each repetition running without input began: its later runs
    /// start from it again, since a repetition's runs are not steps of a loop (spec §11
    /// 1.2), while a loop that starts repetitions still counts up to the limit.
    private var stepsAtRepetitionStart: [Int: Int] = [:]
    /// Flows started since the last screen was shown, outermost first: their titles
    /// head the next screen (spec §5).
    private var startedFlows: [Int] = []

    typealias Responder = ResponderTree.Responder

    init(session: Session) {
        tree = session.tree
        environment = session.environment
        maxSteps = session.maxSteps
        remembered = session.remembered
        fixedTime = session.fixedTime
        commandRunner = session.commandRunner
        state = session.state
    }

    /// Whether the run goes no further: it ended, or a signal asked it to stop. Then no
    /// branch holds and no program starts; the front end saves the state and exits as
    /// it does for a signal at a prompt.
    private var stopped: Bool {
        if case .ended = state.phase { return true }
        return Interruption.isRequested
    }

    // MARK: Flows

    /// Starts a flow afresh (spec §7): initial variables, its params given by its
    /// instance's `with` (spec §3 1.1) and by `given`, a stack holding only its start. A
    /// required param left without a value stops the run (spec §4 1.1).
    mutating func startFlow(_ flow: Int, given: SessionState.ParamValues = .init()) {
        let node = tree.flows[flow]
        var arguments = node.parent.map { values(of: node.arguments, in: $0) } ?? .init()
        arguments.merge(given)
        startedFlows.append(flow)
        state.flows[flow] = .initial(node)
        state.flows[flow].variables.merge(arguments.values) { _, given in given }
        state.flows[flow].secrets = arguments.secrecy
        // Started afresh: nothing of it is left out of a saved state any more.
        let prefix = node.id + "."
        state.forgottenSecrets.removeAll { $0.hasPrefix(prefix) }
        state.forgottenResults.removeAll { $0.hasPrefix(prefix) }
        state.forgottenMembers?.removeAll { $0.variable.hasPrefix(prefix) }
        if state.forgottenMembers?.isEmpty == true { state.forgottenMembers = nil }
        let missing = node.requiredParams.filter { (state.flows[flow].variables[$0] ?? .null) == .null }
        guard missing.isEmpty else {
            let names = missing.map { "'\($0)'" }.joined(separator: ", ")
            end(RunOutcome(.failed, exitCode: 2, message: "missing-param: flow '\(node.id)' was started without a value for \(names)"))
            return
        }
        switch node.start {
        case .screen(let screen)?: state.flows[flow].stack = [.screen(screen)]
        case .flow(let child)?:
            state.flows[flow].stack = [.flow(child)]
            startFlow(child)
        // Only in a tree compiled for analysis, which is never run.
        case nil: break
        }
    }

    private var currentScreen: Int? { state.currentScreen }

    /// The innermost flow on display, whether or not it shows a screen.
    private var innermostFlow: Int {
        var flow = 0
        while case .flow(let child)? = state.flows[flow].stack.last { flow = child }
        return flow
    }

    // MARK: Showing screens and asking fields

    /// Shows the current screen (again): its `enter` runs first, and a transition it makes
    /// shows where that leads instead (spec §5 1.2); then the screen joins the path, and
    /// its fields are asked from the first. A flow left with nothing shown finishes (spec
    /// §8). A screen `uncovered` by a child flow that finished asks only the fields left
    /// without a valid answer, as after a branch that stays on it (spec §5 1.2).
    mutating func show(uncovered: Bool = false) {
        guard !stopped else { return }
        guard let screen = currentScreen else {
            finishFlow(innermostFlow)
            return
        }
        if let enter = tree.screens[screen].enter {
            switch runEnter(enter, of: screen) {
            case .handled(.stayed), .unhandled: break
            case .handled(.moved):
                queue.append(.showAfterEnter)
                return
            case .handled(.sent):
                shownIfSentNowhere = (screen, uncovered)
                return
            }
            guard !stopped else { return }
        }
        display(screen, uncovered: uncovered)
    }

    /// Runs the first branch of a screen's `enter` whose `when` holds (spec §5 1.2).
    private mutating func runEnter(_ enter: ResponderTree.HandlerNode, of screen: Int) -> Routing {
        let flow = tree.screens[screen].flow
        guard let index = enter.branches.indices.first(where: { holds(enter.branches[$0].when, in: flow) }) else { return .unhandled }
        let taken = ResponderTree.BranchID.entering(screen, index: index)
        events.append(.routed(action: taken.action, responder: tree.screens[screen].responderName, branch: taken))
        return .handled(run(enter.branches[index], handlingFlow: flow, responder: .screen(screen)))
    }

    /// Shows a screen whose `enter` made no transition, or that has none.
    private mutating func display(_ screen: Int, uncovered: Bool) {
        state.path.append(tree.screens[screen].pathName)
        let started = startedFlows
        startedFlows = []
        events.append(.screenShown(view(of: screen, titlesOf: started)))
        state.notYetAsked = nil
        let notAsked = state.coveredForms?.removeValue(forKey: screen)
        if state.coveredForms?.isEmpty == true { state.coveredForms = nil }
        if uncovered {
            state.phase = notAsked.map { .field($0) } ?? .action
            askFieldsLackingAnswers(screen: screen)
        } else {
            askField(from: 0, screen: screen)
        }
    }

    /// Notes, before an action chosen on the screen on display, which of its fields are
    /// not asked yet, should the action cover the screen with a child flow
    /// (`SessionState.coveredForms`); none at the action prompt.
    mutating func noteFieldsNotAsked(on screen: Int) {
        let asked = state.askedFieldsEnd
        if asked < tree.screens[screen].fields.count {
            state.coveredForms = (state.coveredForms ?? [:]).merging([screen: asked]) { _, new in new }
        } else {
            state.coveredForms?.removeValue(forKey: screen)
            if state.coveredForms?.isEmpty == true { state.coveredForms = nil }
        }
    }

    /// The screen as it reads now, headed by the titles of `flows` that have one;
    /// escaped for a terminal (`TerminalText`), as everything a front end shows.
    mutating func view(of screen: Int, titlesOf flows: [Int] = []) -> ScreenView {
        let node = tree.screens[screen]
        var view = ScreenView(flowPath: node.flowPath, screen: node.id, title: render(node.title, in: node.flow).map(TerminalText.line),
                              text: render(node.text, in: node.flow).map { TerminalText.escaped($0) })
        view.flowTitles = flows.compactMap { flow in
            render(tree.flows[flow].title, in: flow).flatMap { $0.isEmpty ? nil : ScreenView.FlowTitle(flow: tree.flows[flow].id, title: TerminalText.line($0)) }
        }
        return view
    }

    /// Which field the form asks next, from `position` (spec §5): the one place that
    /// decides it. On the first pass, every field whose `when` holds, in order; while an
    /// earlier field is asked again (`SessionState.notYetAsked`), only the fields before
    /// the first not asked yet that lack a valid answer (`lacksValidAnswer`), then the
    /// first pass goes on. Fields skipped by their `when` get `null`. After the last, the
    /// actions are offered, and a terminal screen finishes its flow.
    mutating func askField(from position: Int, screen: Int) {
        let node = tree.screens[screen]
        var next = position
        while next < node.fields.count {
            let field = node.fields[next]
            let askingAgain = state.notYetAsked.map { next < $0 } ?? false
            if holds(field.when, in: node.flow) {
                if !askingAgain || lacksValidAnswer(field, in: node.flow) {
                    if !askingAgain { state.notYetAsked = nil }
                    ask(next, screen: screen)
                    return
                }
            } else {
                state.flows[node.flow].variables[field.id] = .null
                state.flows[node.flow].mark(field.id, .none)
            }
            next += 1
        }
        state.notYetAsked = nil
        state.phase = .action
        if node.isTerminal { finishFlow(node.flow) }
    }

    /// The form of the screen on display after a branch that stays on it, or once a child
    /// flow over it finished (spec §5 1.2): the fields asked already that are left without
    /// a valid answer are asked again, pre-filled, in order; then the fields not asked yet,
    /// then the actions.
    mutating func askFieldsLackingAnswers(screen: Int) {
        switch state.phase {
        case .field(let position): state.notYetAsked = state.notYetAsked ?? position
        case .action: state.notYetAsked = tree.screens[screen].fields.count
        case .notStarted, .ended: return
        }
        askField(from: 0, screen: screen)
    }

    /// Asks one field of the screen on display again (plain mode's `/ID` at the action
    /// prompt, spec §5 1.2), then the fields that its answer leaves without a valid one,
    /// then the actions.
    mutating func askAgain(field position: Int, screen: Int) {
        state.notYetAsked = tree.screens[screen].fields.count
        ask(position, screen: screen)
    }

    /// Asks a field: its options and texts are rendered now, so that their warnings come
    /// with the question.
    private mutating func ask(_ position: Int, screen: Int) {
        let node = tree.screens[screen]
        let field = node.fields[position]
        state.phase = .field(position)
        _ = options(of: field, in: node.flow)
        for template in [field.label, field.help, field.placeholder] { _ = render(template, in: node.flow) }
    }

    /// Whether a field is left without a valid answer (spec §5 1.2): a required one holds
    /// none (`null`, an empty text or list), or its answer no longer meets its
    /// constraints or `validate` rules.
    private mutating func lacksValidAnswer(_ field: ResponderTree.FieldNode, in flow: Int) -> Bool {
        let value = state.flows[flow].variables[field.id] ?? .null
        if value == .null { return field.isRequired }
        if field.isRequired, value == .string("") || value == .list([]) { return true }
        let options = options(of: field, in: flow)
        if AnswerConstraints.violation(of: value, for: field, options: options) != nil { return true }
        return refusalByEntries(of: field, in: scope(flow), runningPrograms: false) != nil
    }

    /// Checks and stores an answer, then moves on; a refusal keeps the question open.
    mutating func answer(_ given: Value?, field position: Int, screen: Int) {
        let node = tree.screens[screen]
        let field = node.fields[position]
        let options = self.options(of: field, in: node.flow)
        var value = given
        // A secret field's answer is a secret, and so is a default or an option computed from one.
        let isSecret = field.type == .secret || (given == nil && defaultReadsSecret(of: field, in: node.flow)) || optionsReadSecret(of: field, in: node.flow)
        if value == nil { value = defaultValue(of: field, in: node.flow) }
        // A required field needs a real answer: not an empty list or an empty rendered default.
        if field.isRequired, value == .list([]) || value == .string("") { value = nil }
        if let answer = value, answer != .null {
            if let refusal = refusal(of: answer, for: field, options: options, in: node.flow, hidingAnswer: isSecret) {
                events.append(.refused(refusal))
                return
            }
            store(answer, for: field, in: node.flow, isSecret: isSecret)
        } else if field.isRequired {
            // `message` is for the constraints (spec §6): a missing answer keeps its own.
            events.append(.refused(AnswerConstraints.required))
            return
        } else {
            state.flows[node.flow].variables[field.id] = .null
            state.flows[node.flow].mark(field.id, .none)
            remember(.null, for: field, in: node.flow, isSecret: isSecret)
            events.append(.answered(flow: tree.flows[node.flow].id, field: field.id, value: .null))
        }
        steps = 0
        askField(from: position + 1, screen: screen)
        runQueue()
    }

    /// Why a given answer is refused (its constraints, then its `validate` rules), or nil.
    /// Everything the check evaluates, the rules and both kinds of `message`, sees the
    /// candidate as the field's value, and so do the computed values they read; a secret
    /// candidate (`hidingAnswer`) is masked in the messages as the stored answer would be.
    private mutating func refusal(of answer: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], in flow: Int,
                                  hidingAnswer: Bool) -> String? {
        let scope = scope(flow, answering: field.id, with: answer, isSecret: hidingAnswer)
        if let problem = AnswerConstraints.violation(of: answer, for: field, options: options, hidingAnswer: hidingAnswer) {
            // The field's own message speaks of its constraints, not of a NUL.
            if AnswerConstraints.nulRefusal(of: answer) != nil { return problem }
            return render(field.message, in: scope) ?? problem
        }
        return refusalByEntries(of: field, in: scope, runningPrograms: true)
    }

    /// The refusal of the first of the field's `validate` entries that the answer in
    /// `scope` does not pass, or nil. Checks by a program run only when `runningPrograms`:
    /// an answer already stored passed them when it was given, and is not sent again.
    private mutating func refusalByEntries(of field: ResponderTree.FieldNode, in scope: SessionScope, runningPrograms: Bool) -> String? {
        for rule in field.rules {
            switch rule.test {
            case .holds(let expression):
                guard holds(expression, in: scope) else {
                    return render(rule.message, in: scope) ?? "The answer does not pass the check '\(expression.source)'."
                }
            case .program(let command):
                guard runningPrograms else { continue }
                if let refusal = refusal(by: command, message: rule.message, in: scope) { return refusal }
            }
        }
        return nil
    }

    /// Why a field's check by a program (spec §6 1.2) refuses the candidate in `scope`, or
    /// nil when the program exits 0. One that times out or cannot start refuses it with a
    /// message of its own, not the entry's, which speaks of a wrong answer.
    private mutating func refusal(by command: ResponderTree.CommandNode, message: Compiled<Template>?, in scope: SessionScope) -> String? {
        // A check cut short by the run stopping says nothing of the answer: it is not taken.
        guard let outcome = execute(command, in: scope), !outcome.result.stoppedWithTheRun else {
            return "The answer was not checked: the run is stopping."
        }
        if let failure = outcome.result.failure { return "The answer could not be checked: '\(outcome.program)' was not run: \(failure)." }
        if outcome.result.timedOut { return "The answer could not be checked: '\(outcome.program)' timed out." }
        guard !outcome.result.succeeded else { return nil }
        return render(message, in: scope) ?? "The answer does not pass the check by '\(outcome.program)'."
    }

    /// The scope of `flow` as it would be with `answer` stored as field `field`'s value
    /// (a secret when `isSecret`): computed values are evaluated afresh over it.
    private func scope(_ flow: Int, answering field: String, with answer: Value, isSecret: Bool) -> SessionScope {
        var flows = state.flows
        flows[flow].variables[field] = answer
        flows[flow].mark(field, isSecret ? .whole : .none)
        return SessionScope(tree: tree, flows: flows, environment: environment, flow: flow, fixedTime: fixedTime)
    }

    /// Stores an answer taken; `isSecret` when it is a secret field's, or was computed
    /// from a secret (a default or an option).
    private mutating func store(_ answer: Value, for field: ResponderTree.FieldNode, in flow: Int, isSecret: Bool) {
        state.flows[flow].variables[field.id] = answer
        state.flows[flow].mark(field.id, isSecret ? .whole : .none)
        remember(answer, for: field, in: flow, isSecret: isSecret)
        events.append(.answered(flow: tree.flows[flow].id, field: field.id, value: answer))
        let answered = "\(tree.flows[flow].id).\(field.id)"
        state.forgottenSecrets.removeAll { $0 == answered }
    }

    /// Notes a field's answer for `--save-answers` (cli.md 1.2), under the key that
    /// answers it again: in a `for_each` run, that run's own. Secrets, and answers
    /// computed from one, are never noted; nor are private fields.
    private mutating func remember(_ answer: Value, for field: ResponderTree.FieldNode, in flow: Int, isSecret: Bool) {
        guard !isSecret, field.type != .secret, !PrivateName.isPrivate(field.id) else { return }
        let key = AnswerKey(flow: tree.flows[flow].id, run: state.flows[flow].repetition?.position, field: field.id)
        if state.lastAnswers == nil { state.lastAnswers = [:] }
        state.lastAnswers?[key.written] = answer
    }

    /// Answers a field asked again after a resume (`nil`: no answer): checked as it
    /// was when first answered, then stored; nothing else moves. Returns whether it was taken.
    mutating func answerAgain(_ given: Value?, for field: ResponderTree.FieldNode, in flow: Int) -> Bool {
        guard let answer = given, answer != .null, answer != .string("") else {
            guard !field.isRequired else {
                events.append(.refused(AnswerConstraints.required))
                return false
            }
            let unanswered = "\(tree.flows[flow].id).\(field.id)"
            state.forgottenSecrets.removeAll { $0 == unanswered }
            return true
        }
        let isSecret = field.type == .secret
        if let refusal = refusal(of: answer, for: field, options: isSecret ? [] : options(of: field, in: flow), in: flow, hidingAnswer: isSecret) {
            events.append(.refused(refusal))
            return false
        }
        store(answer, for: field, in: flow, isSecret: isSecret)
        return true
    }

    /// What an empty answer gives: the variable's current value, else the answer
    /// remembered from an earlier run, else the field's default. A default that reads a
    /// param the flow's `use` entry gives in `with` is the caller's intent: it beats the
    /// remembered answer.
    func defaultValue(of field: ResponderTree.FieldNode, in flow: Int) -> Value? {
        if let current = state.flows[flow].variables[field.id], current != .null { return current }
        if field.remember, field.type != .secret, !defaultReadsCallersParam(of: field, in: flow),
           let kept = remembered["\(tree.flows[flow].id).\(field.id)"] { return kept }
        switch field.defaultValue {
        case .literal(let value)?: return value
        case .template(let template)?:
            // The rendered text is read as a typed answer would be: "4" is an int for an integer field.
            var copy = self
            guard let text = copy.render(template, in: flow, revealing: true) else { return nil }
            if case .success(let value?) = AnswerReader.read(text, for: field, options: copy.options(of: field, in: flow)) { return value }
            return .string(text)
        case nil: return nil
        }
    }

    /// Whether a field's default reads a param that the flow's `use` entry gives in `with`.
    private func defaultReadsCallersParam(of field: ResponderTree.FieldNode, in flow: Int) -> Bool {
        let given = tree.flows[flow].arguments.map(\.name)
        guard !given.isEmpty, case .template(let template)? = field.defaultValue else { return false }
        var reads = false
        for case .expression(let expression, _) in template.parsed.parts {
            expression.root.forEachNode { node in
                if case .identifier(let name) = node.kind, given.contains(name) { reads = true }
            }
        }
        return reads
    }

    /// Whether what an empty answer gives was computed from a secret: the variable holds
    /// a secret-derived value, or the default's template reads one. Shown masked, and
    /// taken as a secret.
    func defaultReadsSecret(of field: ResponderTree.FieldNode, in flow: Int) -> Bool {
        if let current = state.flows[flow].variables[field.id], current != .null { return state.flows[flow].secrecy(of: field.id).isSecret }
        guard case .template(let template)? = field.defaultValue else { return false }
        return scope(flow).readsSecret(template.parsed)
    }

    /// Whether a field's options come from an expression that reads a secret: their
    /// labels are masked, and the option chosen is a secret.
    func optionsReadSecret(of field: ResponderTree.FieldNode, in flow: Int) -> Bool {
        guard case .expression(let expression)? = field.options else { return false }
        return scope(flow).readsSecret(expression.parsed)
    }

    /// A field's options with rendered labels, escaped for a terminal: listed, or from
    /// their expression (masked when it reads a secret).
    mutating func options(of field: ResponderTree.FieldNode, in flow: Int) -> [FieldPrompt.Option] {
        switch field.options {
        case .list(let list)?:
            return list.map { FieldPrompt.Option(value: $0.value, label: TerminalText.line(render($0.label, in: flow) ?? ValueFormatting.render($0.value))) }
        case .expression(let expression)?:
            guard case .list(let values)? = evaluate(expression, in: scope(flow), ifFailing: "the field has no options") else { return [] }
            let masked = optionsReadSecret(of: field, in: flow)
            return values.map { FieldPrompt.Option(value: $0, label: masked ? SecretMask.mask : TerminalText.line(ValueFormatting.render($0)), isSecret: masked) }
        case nil:
            return []
        }
    }

    // MARK: Routing

    /// Steps waiting to run: actions to dispatch and flows that finished.
    private var queue: [Step] = []

    private enum Step {
        /// An action, by number, offered from a responder (nil: past the root).
        case dispatch(Int, from: Responder?)
        case finished(Int)
        /// A screen's `enter` made a transition: what is on display now is shown (spec §5 1.2).
        case showAfterEnter
    }

    /// A screen whose `enter` sent an action or finished its flow, and how it was to be
    /// shown: shown so, its `enter` done, should the queue empty with nothing moved.
    private var shownIfSentNowhere: (screen: Int, uncovered: Bool)?

    /// Dispatches an action, by number, from a responder, and everything it leads to. A
    /// screen left on display asks the fields left without a valid answer (spec §5 1.2).
    mutating func dispatch(_ action: Int, from responder: Responder) {
        steps = 0
        queue.append(.dispatch(action, from: responder))
        if !runQueue(), !stopped, let screen = currentScreen { askFieldsLackingAnswers(screen: screen) }
    }

    mutating func finishFlow(_ flow: Int) {
        queue.append(.finished(flow))
    }

    /// Runs queued steps until none is left, showing the screen again where one moved the
    /// user, or uncovered it. Returns whether a screen was shown (or the run stopped).
    @discardableResult
    mutating func runQueue() -> Bool {
        var showing = Showing.nothing
        var shown = false
        while !queue.isEmpty, !stopped {
            steps += 1
            guard steps <= maxSteps else {
                end(RunOutcome(.failed, exitCode: 2, message: "runaway-transitions: more than \(maxSteps) steps without input (a send or replace loop?)"))
                return true
            }
            switch queue.removeFirst() {
            case .dispatch(let action, let responder):
                // A branch that moves the user nowhere leaves the screen as it is (spec §5 1.1):
                // its answers kept, its fields not asked again.
                if route(action, from: responder) == .handled(.moved) { showing = .screen }
            case .finished(let flow):
                showing = max(showing, completeFinish(of: flow))
            case .showAfterEnter:
                showing = .screen
            }
            guard queue.isEmpty, !stopped else { continue }
            let entered = shownIfSentNowhere
            shownIfSentNowhere = nil
            if showing != .nothing {
                show(uncovered: showing == .uncovered)
                showing = .nothing
                shown = true
            } else if let entered, currentScreen == entered.screen {
                display(entered.screen, uncovered: entered.uncovered)
                shown = true
            }
        }
        return shown || stopped
    }

    /// How the screen on display is shown again once the queue is empty; the greater wins.
    private enum Showing: Comparable {
        case nothing
        /// A child flow over it finished: the answers it holds stay (spec §5 1.2).
        case uncovered
        /// A transition moved the user: the screen's fields are asked from the first.
        case screen
    }

    private enum Routing: Equatable {
        case unhandled
        case handled(BranchEffect)
    }

    /// What a branch did to what is shown.
    private enum BranchEffect: Equatable {
        /// No transition: the screen stays as it is.
        case stayed
        /// A transition that may change what is shown.
        case moved
        /// A `send`: where the sent action leads decides.
        case sent
    }

    /// Offers the action to each responder from `responder` up, through the tree's one
    /// chain walk: the first branch whose `when` holds runs.
    private mutating func route(_ action: Int, from responder: Responder?) -> Routing {
        // The walk reads its own reference to the tree while `holds` changes `self`.
        let tree = tree
        let taker = tree.route(action, from: responder) { candidate, handler in
            let flow = tree.handlingFlow(of: candidate)
            return handler.branches.indices.first { holds(handler.branches[$0].when, in: flow) }
        }
        let name = tree.actionNames[action]
        switch taker {
        case .branch(let index, let handler, let candidate):
            let taken = ResponderTree.BranchID(responder: candidate, action: name, index: index)
            events.append(.routed(action: name, responder: tree.name(of: candidate), branch: taken))
            return .handled(run(handler.branches[index], handlingFlow: tree.handlingFlow(of: candidate), responder: candidate))
        case .application(let builtIn):
            events.append(.routed(action: name, responder: "the application", branch: nil))
            switch builtIn {
            case .quit:
                end(RunOutcome(.cancelled, exitCode: 0))
                return .handled(.moved)
            case .back:
                return goBack(from: innermostFlow) ? .handled(.moved) : .unhandled
            }
        case .nobody:
            return .unhandled
        }
    }

    /// Runs a branch's steps in spec §7's order, the one every front end follows: `run`,
    /// `set` (in order), `post`, `say`, then the transition. So `set` reads what the
    /// program wrote `into`, and the message what the program, the assignments and the
    /// observers did. A step that stops the run (a value past the limits) is the last.
    private mutating func run(_ branch: ResponderTree.BranchNode, handlingFlow flow: Int, responder: Responder) -> BranchEffect {
        run(branch.commands, in: flow)
        for assignment in branch.assignments where !stopped { assign(assignment, handlingFlow: flow) }
        if !stopped, let notification = branch.post { post(notification) }
        if !stopped, let message = render(branch.say, in: flow) { events.append(.said(message)) }
        guard !stopped else { return .moved }
        switch branch.transition {
        case nil:
            return .stayed
        // A target that names nothing is only in a tree compiled for analysis, never run.
        case .push(nil)?, .replace(nil)?:
            return .stayed
        case .push(let target?)?, .replace(let target?)?:
            let pushes = if case .push? = branch.transition { true } else { false }
            guard !pushes || state.flows[flow].stack.count < Self.maxStack else {
                end(RunOutcome(.failed, exitCode: 2, message: "flow '\(tree.flows[flow].id)' has \(Self.maxStack) screens on its stack, the limit (a push loop?)"))
                return .moved
            }
            let entry: SessionState.StackEntry
            switch target {
            case .screen(let screen): entry = .screen(screen)
            case .flow(let child):
                switch launch(child, branch.launch, from: flow) {
                case .started: entry = .flow(child)
                case .notStarted: return .stayed
                case .finishedAtOnce: return .sent
                }
            }
            if pushes { state.flows[flow].stack.append(entry) } else { state.flows[flow].stack = [entry] }
        case .back?:
            return goBack(from: flow) ? .moved : .stayed
        case .send(let action)?:
            queue.append(.dispatch(action, from: tree.next(of: responder)))
            return .sent
        case .finish?:
            // Where the user lands is the flow's finish to say (`completeFinish`).
            finishFlow(flow)
            return .sent
        case .exit(let code, let message)?:
            end(RunOutcome(.exited, exitCode: code, message: render(message, in: flow)))
        }
        return .moved
    }

    // MARK: Starting child flows

    /// How a transition's start of a child flow went.
    private enum LaunchOutcome {
        case started
        /// Nothing started: the `for_each` list could not be had, or the run stopped.
        case notStarted
        /// An empty `for_each` list: nothing started, and `flowid.done` is on its way.
        case finishedAtOnce
    }

    /// Starts a child flow for a transition of `flow` (spec §7 1.1): with its `with`, and
    /// with a `for_each`, once per element of the list, starting with the first.
    private mutating func launch(_ child: Int, _ launch: ResponderTree.LaunchNode?, from flow: Int) -> LaunchOutcome {
        let given = values(of: launch?.arguments ?? [], in: flow)
        guard let launch, let forEach = launch.forEach, let element = launch.element else {
            startFlow(child, given: given)
            return stopped ? .notStarted : .started
        }
        let scope = scope(flow)
        guard let list = evaluate(forEach, in: scope, ifFailing: "nothing is started") else { return .notStarted }
        guard case .list(let elements) = list else {
            events.append(.warning("'\(forEach.source)' gave \(list.kindName), not a list; nothing is started", at: forEach.location))
            return .notStarted
        }
        guard elements.count <= Self.maxElements else {
            end(RunOutcome(.failed, exitCode: 2, message: "for_each: '\(forEach.source)' gave \(elements.count) elements; the limit is \(Self.maxElements)"))
            return .notStarted
        }
        let elementsAreSecret = scope.readsSecret(forEach.parsed)
        guard let first = elements.first else {
            // An empty list starts nothing: `done` comes at once, with no results (spec §7 1.1).
            state.flows[child] = .initial(tree.flows[child])
            state.flows[child].results = []
            queue.append(.dispatch(tree.flows[child].doneAction, from: .flow(flow)))
            return .finishedAtOnce
        }
        let repetition = SessionState.Repetition(elements: elements, elementsAreSecret: elementsAreSecret, position: 0,
                                                 arguments: given, elementParam: element, indexParam: launch.index)
        startFlow(child, given: repetition.given(to: first))
        guard !stopped else { return .notStarted }
        state.flows[child].repetition = repetition
        stepsAtRepetitionStart[child] = steps
        events.append(.repeated(flow: tree.flows[child].id, element: 1, of: elements.count))
        return .started
    }

    /// Most elements one `for_each` runs (spec §11 1.1).
    static let maxElements = 10_000
    /// Most entries on one flow's stack (spec §11 1.1 says 10,000). `--state` saves the
    /// whole stack after every step, so a flow that pushes forever costs the square of its
    /// depth: 10,000 pushes took 303 s with `--state` (0.7 s without); 1,000 take about 1 s
    /// (`Benchmarks/state_stack.sh`). No flow a person answers comes near either.
    static let maxStack = 1_000

    /// The values of `with` entries, evaluated in `flow`; an entry that fails gives none.
    private mutating func values(of arguments: [(name: String, expression: Compiled<Expression>)], in flow: Int) -> SessionState.ParamValues {
        var given = SessionState.ParamValues()
        guard !arguments.isEmpty else { return given }
        let scope = scope(flow)
        for argument in arguments {
            guard let value = evaluate(argument.expression, in: scope, ifFailing: "param '\(argument.name)' is not given") else { continue }
            given.set(argument.name, to: value, secrecy: scope.secrecy(of: argument.expression.parsed))
        }
        return given
    }

    /// A repeated flow finished a run: the next element's run starts, unless that was
    /// the last. Returns whether a run started.
    private mutating func startNextRun(of flow: Int) -> Bool {
        guard var repetition = state.flows[flow].repetition else { return false }
        let finished = state.flows[flow]
        repetition.results.append(finished.result.map(Value.map) ?? .map(PrivateName.removed(from: finished.variables)))
        // The run's element is secret where its `result` is, or without one, its variables
        // (not the `results` of the runs before, which the flow carries along).
        let secrets = finished.result.map { result in finished.secretResult.filter { result[$0.key] != nil } } ?? PrivateName.removed(from: finished.secrets)
        let element = Secrecy(members: Dictionary(uniqueKeysWithValues: secrets.map { (Secrecy.Member.key($0.key), $0.value) }))
        if element.isSecret {
            let results = state.flows[flow].secretResult["results"] ?? .none
            state.flows[flow].secretResult["results"] = results.setting(element, at: [.position(repetition.results.count - 1)])
        }
        guard repetition.position + 1 < repetition.elements.count else {
            state.flows[flow].repetition = nil
            state.flows[flow].results = repetition.results
            return false
        }
        var done = finished
        done.repetition = nil
        repetition.finishedRuns.append(done)
        repetition.position += 1
        let secretResults = state.flows[flow].secretResult["results"]
        startFlow(flow, given: repetition.given(to: repetition.elements[repetition.position]))
        state.flows[flow].repetition = repetition
        state.flows[flow].secretResult["results"] = secretResults
        events.append(.repeated(flow: tree.flows[flow].id, element: repetition.position + 1, of: repetition.elements.count))
        steps = stepsAtRepetitionStart[flow, default: steps]
        stepsAtRepetitionStart[flow] = steps
        return true
    }

    /// `back` in a later run of a repeated flow whose stack holds one screen: the previous
    /// run again, where it ended (spec §7 1.1); from a terminal screen, the screen before it.
    private mutating func returnToPreviousRun(of flow: Int) -> Bool {
        guard var repetition = state.flows[flow].repetition, let previous = repetition.finishedRuns.popLast() else { return false }
        repetition.position -= 1
        repetition.results.removeLast()
        let secretResults = state.flows[flow].secretResult["results"]?.setting(.none, at: [.position(repetition.results.count)])
        state.flows[flow] = previous
        state.flows[flow].repetition = repetition
        state.flows[flow].secretResult["results"] = secretResults == Secrecy.none ? nil : secretResults
        if case .screen(let screen)? = previous.stack.last, tree.screens[screen].isTerminal, previous.stack.count > 1 {
            state.flows[flow].stack.removeLast()
        }
        return true
    }

    // MARK: Notifications and commands

    /// Notifications posted while another is being delivered: delivered after it, in
    /// turn, so that observers posting to each other loop here, not deeper in the stack.
    private var pendingNotifications: [String] = []
    private var delivering = false

    /// Delivers a notification to every flow that observes it, from the root down in
    /// file order (spec §7 1.1): in each, the first branch whose `when` holds runs.
    /// Deliveries count as steps, so observers posting to each other stop at the limit.
    private mutating func post(_ notification: String) {
        pendingNotifications.append(notification)
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !pendingNotifications.isEmpty, !stopped {
            deliver(pendingNotifications.removeFirst())
        }
        pendingNotifications.removeAll()
    }

    private mutating func deliver(_ notification: String) {
        for flow in tree.observingFlows[notification] ?? [] {
            steps += 1
            guard !stopped, steps <= maxSteps else {
                if !stopped { end(RunOutcome(.failed, exitCode: 2, message: "runaway-transitions: more than \(maxSteps) steps without input (notifications posting each other?)")) }
                return
            }
            guard let handler = tree.flows[flow].observers[notification],
                  let index = handler.branches.indices.first(where: { holds(handler.branches[$0].when, in: flow) }) else { continue }
            let taken = ResponderTree.BranchID(responder: .flow(flow), action: notification, index: index, kind: .observing)
            events.append(.observed(notification: notification, responder: tree.name(of: .flow(flow)), branch: taken))
            _ = run(handler.branches[index], handlingFlow: flow, responder: .flow(flow))
        }
    }

    /// Runs a branch's programs in order (spec §7 1.2), each putting how it ended in its
    /// `into`, and stops at the first that fails, as `&&` does: exits non-zero, times out
    /// or cannot start. The ones after it are not run and leave their `into` as it was;
    /// the branch's other steps run all the same.
    private mutating func run(_ commands: [ResponderTree.CommandNode], in flow: Int) {
        for command in commands {
            guard let outcome = execute(command, in: scope(flow)) else { return }
            record(outcome, of: command, in: flow)
            guard outcome.result.succeeded else { return }
        }
    }

    /// How a program ended, its name as shown (masked if it reads a secret), and whether
    /// it was given a secret.
    private struct ProgramOutcome {
        let result: CommandResult
        let program: String
        let readsSecret: Bool
    }

    /// Runs a program (spec §7 1.1), its templates rendered in `scope`; nil when the run
    /// stopped before it could start. Its arguments and environment are rendered with
    /// secrets revealed, as the program needs them; events show the arguments masked,
    /// and a secret in the arguments, which any user can read in the process list, gets
    /// a warning.
    private mutating func execute(_ command: ResponderTree.CommandNode, in scope: SessionScope) -> ProgramOutcome? {
        guard !stopped else { return nil }
        var arguments: [String] = [], shown: [String] = [], secrets: [String] = []
        var readsSecret = false
        for (position, argument) in command.arguments.enumerated() {
            guard let text = render(argument, in: scope, revealing: true), let masked = render(argument, in: scope) else {
                return refused(shown: shown, because: "\(Self.argumentName(position)) could not be rendered")
            }
            arguments.append(text)
            shown.append(masked)
            if text != masked {
                readsSecret = true
                secrets += secretTexts(of: argument, in: scope)
            }
        }
        if readsSecret {
            events.append(.warning("a value computed from a secret is in the command's arguments, which any user can read in the process list; pass it in 'env'",
                                   at: command.location))
        }
        var environment: [String: String] = [:]
        for (name, value) in command.environment {
            // A variable left out could change what the program does (an unset `DEST`): it is not run.
            guard let text = render(value, in: scope, revealing: true) else {
                return refused(shown: shown, because: "the value of \(name) could not be rendered")
            }
            environment[name] = text
            if render(value, in: scope) != text {
                readsSecret = true
                secrets += secretTexts(of: value, in: scope)
            }
        }
        let request = CommandRequest(arguments: arguments, environment: environment, timeout: command.timeout,
                                     label: render(command.label, in: scope), shownArguments: shown, location: command.location,
                                     secrets: secrets)
        // Rendering may have ended the run (a value past the limits) or met a signal: no program starts then.
        guard !stopped else { return nil }
        let result = Self.nulRefusal(arguments: arguments, environment: environment).map { CommandResult(exitCode: 126, failure: $0) }
            ?? commandRunner?.run(request)
            ?? CommandResult(exitCode: 126, failure: "this session runs no commands")
        events.append(.commandRan(request, result))
        return ProgramOutcome(result: result, program: shown.first ?? "the program", readsSecret: readsSecret)
    }

    /// A command whose arguments or environment could not be rendered: not run, as one
    /// holding U+0000 is not (exit code 126), unless the run stopped meanwhile.
    private func refused(shown: [String], because reason: String) -> ProgramOutcome? {
        guard !stopped else { return nil }
        return ProgramOutcome(result: CommandResult(exitCode: 126, failure: reason), program: shown.first ?? "the program", readsSecret: false)
    }

    /// What a branch's program's end (or its refusal) leaves: warnings, and `into`.
    private mutating func record(_ outcome: ProgramOutcome, of command: ResponderTree.CommandNode, in flow: Int) {
        let result = outcome.result
        if let failure = result.failure { events.append(.warning("'\(outcome.program)' was not run: \(failure)", at: command.location)) }
        if result.truncated { events.append(.warning("'\(outcome.program)' wrote more than 1 MiB on stdout; the rest was cut", at: command.location)) }
        if let into = command.into {
            state.flows[flow].variables[into] = result.value
            // What a program given a secret prints may be that secret.
            state.flows[flow].mark(into, outcome.readsSecret ? .whole : .none)
        }
    }

    /// What a program given the template's text may print of its secrets: the text each
    /// `{{ … }}` that reads a secret gives, and every secret value it reads, directly or
    /// through computed values, each element of a list or map alone too (a PIN inside
    /// `user:1234` is printed alone as easily). Empty ones are left out: nothing to mask.
    private func secretTexts(of template: Compiled<Template>, in scope: SessionScope) -> [String] {
        var texts: [String] = []
        for part in template.parsed.parts {
            guard case .expression(let expression, _) = part, scope.readsSecret(expression) else { continue }
            if case .success(let value) = Evaluator.evaluate(expression, in: scope) { texts.append(ValueFormatting.render(value)) }
            texts += scope.secretValues(readBy: expression).flatMap(Self.texts(of:))
        }
        return texts.filter { !$0.isEmpty }
    }

    /// A secret value's text, and each of its elements' (a map's values), however nested.
    private static func texts(of value: Value) -> [String] {
        switch value {
        case .null: []
        case .list(let elements): [ValueFormatting.render(value)] + elements.flatMap(texts(of:))
        case .map(let entries): [ValueFormatting.render(value)] + entries.values.flatMap(texts(of:))
        case .bool, .int, .double, .string, .semver: [ValueFormatting.render(value)]
        }
    }

    /// How a warning names a command's argument: never by its text, which may be a secret.
    private static func argumentName(_ position: Int) -> String {
        position == 0 ? "the program's name" : "argument \(position)"
    }

    /// Why a program cannot be given these arguments and environment: one holds U+0000,
    /// where the system would cut it (cli.md 1.2: the command fails, it is never cut).
    /// Nil when none does. Names the argument by its position, never by its text.
    private static func nulRefusal(arguments: [String], environment: [String: String]) -> String? {
        let nul: Unicode.Scalar = "\u{0}"
        if let position = arguments.firstIndex(where: { $0.unicodeScalars.contains(nul) }) {
            return "\(argumentName(position)) holds a NUL character (U+0000), which would cut it"
        }
        if let name = environment.keys.sorted().first(where: { environment[$0]?.unicodeScalars.contains(nul) == true }) {
            return "the value of \(name) holds a NUL character (U+0000), which would cut it"
        }
        return nil
    }

    // MARK: Going back

    /// `back` (spec §7): pops the innermost flow from `flow` up whose stack holds more than
    /// one entry; a presented child holding one screen is dismissed (no `done`). In a
    /// later run of a `for_each`, it returns to the previous run.
    private mutating func goBack(from flow: Int) -> Bool {
        var current: Int? = flow
        while let candidate = current {
            if state.flows[candidate].stack.count > 1 {
                state.flows[candidate].stack.removeLast()
                return true
            }
            if returnToPreviousRun(of: candidate) { return true }
            guard let parent = tree.flows[candidate].parent else { break }
            if state.flows[parent].stack.count > 1, state.flows[parent].stack.last == .flow(candidate) {
                state.flows[parent].stack.removeLast()
                return true
            }
            current = parent
        }
        events.append(.said("There is nothing to go back to."))
        return false
    }

    /// A flow finished (spec §8): its result is computed, it is dismissed, and `c.done`
    /// goes to its parent. Returns how the screen on display should be shown again: from
    /// the first field after a transition (the next run of a `for_each`, or one `done`
    /// made), else as uncovered, with its answers (spec §5 1.2).
    private mutating func completeFinish(of flow: Int) -> Showing {
        if let declared = tree.flows[flow].result {
            var result: [String: Value] = [:]
            let scope = scope(flow)
            for entry in declared {
                result[entry.name] = evaluate(entry.expression, in: scope, ifFailing: "'\(entry.name)' is null") ?? .null
                let secrecy = scope.secrecy(of: entry.expression.parsed)
                state.flows[flow].secretResult[entry.name] = secrecy == .none ? nil : secrecy
            }
            state.flows[flow].result = result
        }
        if startNextRun(of: flow) { return .screen }
        guard let parent = tree.flows[flow].parent else {
            end(RunOutcome(.finished, exitCode: 0))
            return .nothing
        }
        if let position = state.flows[parent].stack.lastIndex(of: .flow(flow)) {
            state.flows[parent].stack.removeSubrange(position...)
        }
        switch route(tree.flows[flow].doneAction, from: .flow(parent)) {
        case .handled(.moved): return .screen
        // A `send`: where the action sent leads decides, once the queue has run it.
        case .handled(.sent): return .uncovered
        case .handled(.stayed), .unhandled: break
        }
        // No handler, or no transition: back on the uncovered screen, or, with nothing shown, the parent finishes too.
        if state.flows[parent].stack.isEmpty {
            finishFlow(parent)
            return .nothing
        }
        return .uncovered
    }

    mutating func end(_ outcome: RunOutcome) {
        state.phase = .ended(outcome)
        state.notYetAsked = nil
        queue.removeAll()
        events.append(.ended(outcome))
    }

    // MARK: Expressions

    func scope(_ flow: Int) -> SessionScope {
        SessionScope(tree: tree, flows: state.flows, environment: environment, flow: flow, fixedTime: fixedTime)
    }

    /// Whether a condition holds; no condition holds. A failing or non-boolean one
    /// counts as false, with a warning (spec §9).
    mutating func holds(_ condition: Compiled<Expression>?, in flow: Int) -> Bool {
        // Once the run has stopped (a value past the limits, say), no further branch holds.
        guard !stopped else { return false }
        guard let condition else { return true }
        return holds(condition, in: scope(flow))
    }

    private mutating func holds(_ condition: Compiled<Expression>?, in scope: SessionScope) -> Bool {
        guard !stopped else { return false }
        guard let condition else { return true }
        switch evaluate(condition, in: scope, ifFailing: "counted as false") {
        case .bool(let value)?: return value
        case nil: return false
        case let other?:
            events.append(.warning("'\(condition.source)' gave \(other.kindName), not true or false; counted as false", at: condition.location))
            return false
        }
    }

    /// The expression's value, or nil when it fails, with a warning that says what the
    /// failure leads to (`counted as false`, `'x' is not assigned`: spec §9).
    mutating func evaluate(_ expression: Compiled<Expression>, in scope: SessionScope, ifFailing consequence: String) -> Value? {
        guard !stopped else { return nil }
        return value(of: Evaluator.evaluate(expression.parsed, in: scope), from: expression, in: scope,
                     readsSecret: { scope.readsSecret(expression.parsed) }, consequence: consequence)
    }

    /// What an evaluation of `compiled` gave, or nil when it failed, with a warning that
    /// names the expression, says why unless that could show a secret, and what follows.
    private mutating func value<Success, Parsed>(of outcome: Result<Success, EvaluationError>, from compiled: Compiled<Parsed>,
                                                 in scope: SessionScope, readsSecret: () -> Bool, consequence: String?) -> Success? {
        if stopsTheRun(outcome, in: scope, at: compiled.location) { return nil }
        switch outcome {
        case .success(let value): return value
        case .failure(let error):
            let message = Self.shownMessage(of: error, readsSecret: readsSecret()) + (consequence.map { "; " + $0 } ?? "")
            events.append(.warning("'\(compiled.source)' failed: \(message)", at: compiled.location))
            return nil
        }
    }

    /// Ends the run when the evaluation (or a computed value it read) built a value past
    /// the limits of spec §11 1.2: a run-time error, exit 2, whatever the expression was for.
    private mutating func stopsTheRun<Success>(_ outcome: Result<Success, EvaluationError>, in scope: SessionScope,
                                                at location: SourceLocation) -> Bool {
        // Cut short by a signal (an interrupted macro), or finished after one on values that
        // may have been: not a value, nor a failure to warn of; `stopped` now holds.
        if Interruption.isRequested { return true }
        var stopping = scope.valuePastLimits
        if case .failure(let error) = outcome, error.stopsTheRun { stopping = error }
        guard let error = stopping else { return false }
        end(RunOutcome(.failed, exitCode: 2, message: "\(location): \(error.message)"))
        return true
    }

    /// A failure's message as a warning may show it. A message can quote a value the
    /// expression read or computed (`'AB' is not a number`): when the expression reads a
    /// secret, that value may be the secret or made from it, however short or
    /// transformed, so the message says where it failed but quotes nothing.
    static func shownMessage(of error: EvaluationError, readsSecret: Bool) -> String {
        readsSecret ? "a value computed from a secret did not fit (not shown)" : error.message
    }

    /// The template's text as shown, where a `{{ … }}` that reads a secret shows the mask
    /// (cli.md: only the interpolated part is masked); `revealing` secrets for a value
    /// that is taken, not shown (a default).
    mutating func render(_ template: Compiled<Template>?, in flow: Int, revealing: Bool = false) -> String? {
        render(template, in: scope(flow), revealing: revealing)
    }

    private mutating func render(_ template: Compiled<Template>?, in scope: SessionScope, revealing: Bool = false) -> String? {
        guard let template else { return nil }
        let hiding = { (expression: Expression) in revealing ? nil : SecretMask.replacement(for: expression, in: scope) }
        return value(of: template.parsed.render(in: scope, hiding: hiding), from: template, in: scope,
                     readsSecret: { scope.readsSecret(template.parsed) }, consequence: nil)
    }
}
