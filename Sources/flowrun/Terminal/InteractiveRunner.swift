import FlowKit
import FlowYAML

/// Interactive mode (stdin is a terminal): each screen's heading and text printed once,
/// then the screen as a form (`Form`) redrawn in place as keys arrive, at the bottom of
/// a scrolling transcript. The terminal is restored on every way out.
struct InteractiveRunner {
    var session: Session
    var presets: PresetAnswers
    let statePath: String?
    let transcript: Transcript
    let style: TextStyle
    /// What shows the programs of `run` steps, when the flow has any.
    let display: CommandDisplay?
    private var keys = KeyReader()
    private var form = Form()
    private var region = FormRegion()
    /// A screen was shown: the next form starts with the fields it has answered (those
    /// of a resumed run).
    private var showsAnswers = false

    init(session: Session, presets: PresetAnswers, statePath: String?, transcript: Transcript, style: TextStyle, display: CommandDisplay?) {
        self.session = session
        self.presets = presets
        self.statePath = statePath
        self.transcript = transcript
        self.style = style
        self.display = display
    }

    /// Runs until the session ends, input ends (Ctrl-D), or the user interrupts
    /// (Ctrl-C, or a signal). Returns whether it was interrupted.
    mutating func run(startingWith initial: [SessionEvent]) -> Bool {
        Signals.watchResize()
        show(initial)
        while session.outcome == nil {
            if Signals.exitStatus != nil { return leave(interrupted: true) }
            if showsAnswers {
                form = Form(rows: session.answeredRows)
                showsAnswers = false
            }
            switch session.prompt {
            case .field(let prompt)?:
                if let preset = presets.take(for: prompt, in: session)?.entry.answer {
                    if form.field?.position != prompt.position { form.ask(prompt) }
                    answer(preset, to: prompt)
                    continue
                }
                if form.field?.position != prompt.position || form.field?.screen != prompt.screen { form.ask(prompt) }
            case .action(let prompt)?:
                if form.field != nil || form.selected == nil { form.offer(prompt) }
            default:
                return leave(interrupted: false)
            }
            draw()
            guard let key = keys.next() else { continue }
            let prompt = session.prompt
            switch form.handle(key) {
            case .redraw:
                continue
            case .answer(let text):
                if case .field(let field)? = prompt { answer(.line(text), to: field) }
            case .clear:
                if case .field(let field)? = prompt { answer(.clear, to: field) }
            case .choose(let action):
                perform(action)
            case .previousField:
                if let row = form.takeBackLastRow() { _ = session.revisit(field: row.position) }
            case .back:
                perform("back")
            case .help:
                region.clear()
                showHelp()
            case .interrupt:
                return leave(interrupted: true)
            case .endOfInput:
                leaveForm()
                show(session.endOfInput())
            }
            // The last state is saved once, by the caller, after the loop.
            if session.outcome == nil { save() }
        }
        return leave(interrupted: false)
    }

    private mutating func draw() {
        let size = RawTerminal.size
        let (lines, cursor) = form.render(width: size.columns, height: size.rows, style: style)
        region.draw(lines, cursor: cursor)
    }

    /// Leaves the form's answers in the scroll-back, as they last read.
    private mutating func leaveForm() {
        region.finish(form.summary(width: RawTerminal.width, style: style))
        form = Form()
    }

    private mutating func leave(interrupted: Bool) -> Bool {
        leaveForm()
        return interrupted
    }

    /// Answers with a line typed in the form, or a preset answer.
    private mutating func answer(_ given: PresetAnswer, to prompt: FieldPrompt) {
        let events = step { $0.answer(given) }
        transcript.answered(prompt, line: given.written, events: events, session: session)
        if let refusal = SessionEvent.refusal(in: events) {
            form.answerRefused(refusal)
        } else {
            form.answered(as: session.shownAnswer(to: prompt, in: events))
        }
        show(events)
    }

    private mutating func perform(_ action: String) {
        let events = step { $0.perform(action) }
        if let refusal = SessionEvent.refusal(in: events) { form.refused(refusal) }
        show(events)
    }

    /// Takes one input. A program it runs writes its stderr above the form, after the
    /// answered rows (spec §5 1.2): the form is taken off the screen, its rows left in
    /// the scroll-back, just before the program starts, and drawn again below.
    private mutating func step(_ input: (inout Session) -> [SessionEvent]) -> [SessionEvent] {
        display?.writeFirst(region.finishing(form.summary(width: RawTerminal.width, style: style)))
        let events = session.undoingIfStopped(input)
        if display?.wroteFirst() == true {
            region.finished()
            form.leaveRowsAbove()
        }
        return events
    }

    /// Leaves the answered rows in the scroll-back, for text printed below them (as
    /// plain mode prints it after the answers).
    private mutating func leaveRowsAbove() {
        region.finish(form.summary(width: RawTerminal.width, style: style))
        form.leaveRowsAbove()
    }

    /// `?`: the actions of the screen and the responder that handles each.
    private func showHelp() {
        guard let screen = session.currentScreen else { return }
        let help = ChainDescription.describe(screen: screen, in: session.tree, routes: FlowRoutes(session.tree))
        Console.emit(style.dim(TextWrapping.wrap(TerminalText.escaped(help), width: RawTerminal.width)), to: .standardError)
    }

    /// Draws events above the form: a screen's title, breadcrumb and wrapped text (the
    /// form of the screen before left as it read), messages and warnings. Refusals are
    /// shown in the form, under what was refused.
    private mutating func show(_ events: [SessionEvent]) {
        transcript.record(events)
        for event in events {
            switch event {
            case .screenShown(let view):
                leaveForm()
                showsAnswers = true
                var text = view.flowTitles.map { started in
                    let title = started.title
                    return "\n" + style.bold(title) + "\n" + style.dim(String(repeating: "═", count: min(DisplayWidth.of(title), RawTerminal.width))) + "\n"
                }.joined()
                text += "\n" + style.bold(view.title ?? view.screen) + "  " + style.dim(view.flowPath.joined(separator: " › ")) + "\n"
                if let body = view.text, !body.isEmpty { text += TextWrapping.wrap(body, width: RawTerminal.width) + "\n" }
                Console.emit(text, to: .standardError)
            case .said(let text):
                leaveRowsAbove()
                Console.emit(style.cyan("› ") + text + "\n", to: .standardError)
            case .warning(let text, let location):
                leaveRowsAbove()
                Console.emit(style.yellow("\(TerminalText.line(location.description)): warning: ") + text + "\n", to: .standardError)
            case .refused, .answered, .routed, .observed, .commandRan, .repeated, .ended:
                break
            }
        }
    }

    func save() { StateFile.save(session, to: statePath) }
}
