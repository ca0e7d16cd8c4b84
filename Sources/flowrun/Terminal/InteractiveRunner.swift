import FlowKit

/// Interactive mode (stdin is a terminal): the screen drawn on stderr, fields and
/// actions answered with keys. The terminal is restored on every way out.
struct InteractiveRunner {
    var session: Session
    /// The flow file's model, for `?` to explain the chain from.
    let document: FlowDocument
    var presets: PresetAnswers
    let statePath: String?
    let transcript: Transcript
    let style: TextStyle
    private var keys = KeyReader()
    private var widgets: Widgets { Widgets(style: style) }

    init(session: Session, document: FlowDocument, presets: PresetAnswers, statePath: String?, transcript: Transcript, style: TextStyle) {
        self.session = session
        self.document = document
        self.presets = presets
        self.statePath = statePath
        self.transcript = transcript
        self.style = style
    }

    /// Runs until the session ends, input ends (Ctrl-D), or the user interrupts
    /// (Ctrl-C, or a signal). Returns whether it was interrupted.
    mutating func run(startingWith initial: [SessionEvent]) -> Bool {
        show(initial)
        while session.outcome == nil {
            if Signals.exitStatus != nil { return true }
            let result: WidgetResult
            switch session.prompt {
            case .field(let prompt)?:
                let flow = session.tree.flow(named: prompt.screen.flowPath.last ?? "") ?? 0
                if let preset = presets.take(flow: flow, field: prompt.field.id) {
                    show(session.answer(preset))
                    continue
                }
                result = ask(prompt)
                if case .submitted(let text) = result {
                    let events = session.answer(text)
                    transcript.answered(prompt.field, flow: prompt.screen.flow, line: text, events: events)
                    show(events)
                }
            case .action(let prompt)?:
                // Built-ins the screen defines itself are listed once, under the screen's label.
                let builtIns = ActionEntry.builtIns(besides: prompt.actions.map(\.id))
                let items = prompt.actions.map(\.label) + builtIns.map { $0.prefix(1).uppercased() + $0.dropFirst() }
                let ids = prompt.actions.map(\.id) + builtIns
                let selected = prompt.actions.firstIndex(where: \.isDefault) ?? 0
                result = widgets.list(label: "Choose", items: items, selected: selected, multiple: false, allowsHelp: true, keys: &keys)
                switch result {
                case .submitted(let number): show(session.perform(ids[(Int(number) ?? 1) - 1]))
                case .help: showHelp()
                default: break
                }
            default:
                return false
            }
            switch result {
            case .back: show(session.perform("back"))
            case .interrupt: return true
            case .endOfInput: show(session.endOfInput())
            default: break
            }
            // The last state is saved once, by the caller, after the loop.
            if session.outcome == nil { save() }
        }
        return false
    }

    private mutating func ask(_ prompt: FieldPrompt) -> WidgetResult {
        if let help = prompt.help { Console.emit(style.dim(help) + "\n", to: .standardError) }
        // An optional boolean or choice without a default starts on "(no answer)" (spec §6),
        // which gives null as an empty line does in plain mode.
        let offersNoAnswer = !prompt.field.isRequired && (prompt.defaultValue ?? .null) == .null
        let noAnswer = offersNoAnswer ? [Self.noAnswer] : []
        switch prompt.field.type {
        case .boolean:
            let current = offersNoAnswer ? 0 : prompt.defaultValue == .bool(false) ? 1 : 0
            let result = widgets.list(label: prompt.label, items: noAnswer + ["Yes", "No"], selected: current, multiple: false, keys: &keys)
            guard case .submitted(let number) = result else { return result }
            return .submitted(["", "y", "n"][Self.entry(number, after: noAnswer.count)])
        case .choice:
            let current = offersNoAnswer ? 0 : prompt.options.firstIndex { $0.value == prompt.defaultValue } ?? 0
            let result = widgets.list(label: prompt.label, items: noAnswer + prompt.options.map(\.label), selected: current, multiple: false, keys: &keys)
            guard case .submitted(let number) = result else { return result }
            let entry = Self.entry(number, after: noAnswer.count)
            return .submitted(entry == 0 ? "" : String(entry))
        case .multichoice:
            var chosen: Set<Int> = []
            if case .list(let values)? = prompt.defaultValue {
                chosen = Set(prompt.options.indices.filter { values.contains(prompt.options[$0].value) })
            }
            return widgets.list(label: prompt.label, items: prompt.options.map(\.label), selected: 0, chosen: chosen, multiple: true, keys: &keys)
        case .text, .secret, .integer, .number:
            var label = prompt.label
            if let value = prompt.defaultValue, prompt.field.type != .secret, !value.displayText.isEmpty {
                label += style.dim(" [\(value.displayText)]")
            }
            // An empty line takes the default: a placeholder would say otherwise.
            let placeholder = prompt.defaultValue == nil || prompt.defaultValue == .null ? prompt.placeholder : nil
            return widgets.line(label: label + ":", placeholder: placeholder, secret: prompt.field.type == .secret, keys: &keys)
        }
    }

    static let noAnswer = "(no answer)"

    /// The entry a list's 1-based answer chose, counting "(no answer)" as 0 whether or
    /// not it was listed (`listedBefore` entries precede the first real one).
    private static func entry(_ number: String, after listedBefore: Int) -> Int {
        max(0, (Int(number) ?? 1) - listedBefore)
    }

    /// `?`: the actions of the screen and the responder that handles each.
    private func showHelp() {
        guard let screen = session.currentScreen else { return }
        let help = ChainDescription.describe(screen: screen, in: session.tree, routes: FlowRoutes(document))
        Console.emit(style.dim(TextWrapping.wrap(help, width: RawTerminal.width)), to: .standardError)
    }

    /// Draws events: a screen's title, breadcrumb and wrapped text; messages; refusals
    /// in red; warnings. Every secret answer is masked.
    private mutating func show(_ events: [SessionEvent]) {
        transcript.record(events)
        for event in events {
            switch event {
            case .screenShown(let view):
                var text = view.flowTitles.map { started in
                    let title = started.title
                    return "\n" + style.bold(title) + "\n" + style.dim(String(repeating: "═", count: min(DisplayWidth.of(title), RawTerminal.width))) + "\n"
                }.joined()
                text += "\n" + style.bold(view.title ?? view.screen) + "  " + style.dim(view.flowPath.joined(separator: " › ")) + "\n"
                if let body = view.text, !body.isEmpty { text += TextWrapping.wrap(body, width: RawTerminal.width) + "\n" }
                Console.emit(text, to: .standardError)
            case .said(let text): Console.emit(style.cyan("› ") + text + "\n", to: .standardError)
            case .refused(let text): Console.emit(style.red("✗ ") + text + "\n", to: .standardError)
            case .warning(let text, let location): Console.emit(style.yellow("\(location): warning: ") + text + "\n", to: .standardError)
            case .answered, .routed, .ended: break
            }
        }
    }

    func save() { StateFile.save(session, to: statePath) }
}
