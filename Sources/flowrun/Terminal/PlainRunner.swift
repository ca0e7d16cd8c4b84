import FlowKit
import FlowYAML

/// Plain mode (cli.md): screens and prompts on stderr, one line of stdin per question.
/// A refused line is reported and the next line is read for the same question.
struct PlainRunner {
    var session: Session
    var presets: PresetAnswers
    /// `--defaults`: take every default without asking.
    let acceptDefaults: Bool
    let statePath: String?
    let transcript: Transcript
    var input = InputLines()

    /// Why the run stopped early: a required field with no answer under `--defaults`, a
    /// refused preset answer that nobody can correct (exit 2), or piped input that is not
    /// UTF-8 (exit 65, `EX_DATAERR`).
    struct Stop: Error {
        let message: String
        var exitCode = 2
    }

    /// What answers a field: a preset answer, or a line (typed, or the default's empty
    /// line under `--defaults`), which may choose an action.
    private enum FieldInput {
        case preset(PresetAnswers.Entry)
        case line(String)
    }

    /// Runs until the session ends, input ends, or a signal arrives.
    mutating func run(startingWith initial: [SessionEvent]) throws(Stop) {
        show(initial)
        while session.outcome == nil {
            if Signals.exitStatus != nil { return }
            switch session.prompt {
            case .field(let prompt)?:
                guard let given = try answer(for: prompt) else { return }
                let events: [SessionEvent]
                switch given {
                case .preset(let preset):
                    // A preset is a value, never an action or a clearing `/`.
                    events = session.undoingIfStopped { $0.answer(preset.answer) }
                    transcript.answered(prompt, line: preset.answer.written, events: events, session: session)
                case .line(let text):
                    // A typed line may choose an action or clear the field (`/ID`, `/`).
                    let line = FieldLine(text)
                    events = session.undoingIfStopped { $0.enter(line) }
                    if case .action = line {} else {
                        transcript.answered(prompt, line: text, events: events, session: session)
                    }
                }
                show(events)
                if let reason = SessionEvent.refusal(in: events) {
                    try stopIfNobodyCanCorrect(given, refusedFor: reason, at: prompt)
                }
            case .action(let prompt)?:
                write(PlainText.actions(prompt))
                // Under --defaults nobody chooses: the screen's default action is taken (cli.md 1.1).
                let line: String
                if acceptDefaults {
                    guard let chosen = prompt.defaultAction else {
                        throw Stop(message: "--defaults: the screen '\(prompt.screen.screen)' has no default action")
                    }
                    line = chosen.id
                    write(line + "\n")
                } else {
                    guard let next = try nextLine(askingAgain: "> ") else { return }
                    line = next
                    echo(line)
                }
                // A line chooses an action, or `/ID` asks a field again (cli.md 1.2).
                let chosen = ActionLine(line, at: prompt)
                let events = session.undoingIfStopped { $0.enter(chosen) }
                show(events)
                // A default action that leaves the screen as it is would be chosen again forever.
                if acceptDefaults, session.outcome == nil, !events.contains(where: { if case .screenShown = $0 { true } else { false } }) {
                    throw Stop(message: "--defaults: the default action '\(line)' of the screen '\(prompt.screen.screen)' leaves it as it is")
                }
            default:
                return
            }
            // The last state is saved once, by the caller, after the loop.
            if session.outcome == nil { save() }
        }
    }

    /// Whether nobody is there to answer a question again (cli.md 1.2): under
    /// `--defaults`, or with stdin not a terminal, where the next line was written for a
    /// later question.
    private var nobodyCanAnswer: Bool { acceptDefaults || !Console.isTerminal(.standardInput) }

    /// Stops the run at a refused answer that nobody can correct: the default under
    /// `--defaults`, or a preset answer in a run nobody can answer (cli.md 1.2), which is
    /// never replaced by the default. A refused typed line is asked again.
    private func stopIfNobodyCanCorrect(_ given: FieldInput, refusedFor reason: String, at prompt: FieldPrompt) throws(Stop) {
        switch given {
        case .line("") where acceptDefaults:
            throw Stop(message: "--defaults: the default of '\(prompt.field.id)' is refused: \(reason)")
        case .preset(let preset) where nobodyCanAnswer:
            let place = preset.place.map { "\($0): " } ?? ""
            throw Stop(message: "\(place)the answer for '\(prompt.field.id)' is refused: \(reason)")
        default:
            return
        }
    }

    /// The answer to give: a preset value, the default under `--defaults`, or a line of
    /// input (which may choose an action). Nil when input ended or a signal arrived (the
    /// session is told).
    private mutating func answer(for prompt: FieldPrompt) throws(Stop) -> FieldInput? {
        if let preset = presets.take(for: prompt, in: session)?.entry {
            // `--defaults` shows the value it took (cli.md 1.2), masked for a secret.
            let shown = acceptDefaults ? prompt.echoed(preset.answer.written) : "(answered by --answers/--set)"
            write(PlainText.field(prompt) + shown + "\n")
            return .preset(preset)
        }
        if acceptDefaults {
            guard prompt.defaultValue != nil || !prompt.field.isRequired else {
                throw Stop(message: "--defaults: the required field '\(prompt.field.id)' has no default and no answer")
            }
            write(PlainText.field(prompt) + prompt.echoed("") + "\n")
            return .line("")
        }
        write(PlainText.field(prompt))
        // On a terminal the secret's characters are not echoed; the mask stands for them.
        let hidden = prompt.isSecret ? RawTerminal.hidingInput() : nil
        let line: String?
        do {
            line = try nextLine(askingAgain: PlainText.field(prompt))
        } catch {
            hidden?.restore()
            throw error
        }
        if let hidden {
            hidden.restore()
            write((line.map(prompt.echoed) ?? "") + "\n")
        }
        if let line { echo(prompt.echoed(line)) }
        return line.map(FieldInput.line)
    }

    /// Piped input is not echoed by a terminal: write it after its prompt, so the log reads
    /// as a conversation (as the field shows it: `FieldPrompt.echoed`).
    private func echo(_ text: String) {
        guard !Console.isTerminal(.standardInput) else { return }
        write(text + "\n")
    }

    /// The next line of input; nil when input ended or a signal arrived. A line that is
    /// not UTF-8 is refused: typed at a terminal, it is asked for again (after `prompt`);
    /// piped, it stops the run, as the lines after it were likely written for other questions.
    private mutating func nextLine(askingAgain prompt: String) throws(Stop) -> String? {
        while true {
            switch input.next() {
            case .text(let line): return line
            case .interrupted: return nil
            case .endOfInput:
                write("\n")
                show(session.endOfInput())
                return nil
            case .notUTF8(let number):
                guard Console.isTerminal(.standardInput) else {
                    throw Stop(message: "line \(number) of stdin is not valid UTF-8; flowrun reads UTF-8 text", exitCode: 65)
                }
                write("! That line is not valid UTF-8 (is the terminal set to UTF-8?); type it again.\n" + prompt)
            case .tooLong:
                write("! " + InputLimit.refusal + "\n" + prompt)
            }
        }
    }

    /// Writes events to stderr and the transcript, with every secret answer masked.
    private mutating func show(_ events: [SessionEvent]) {
        transcript.record(events)
        for event in events {
            switch event {
            case .screenShown(let view): write(PlainText.screen(view))
            case .said(let text): write(text + "\n")
            case .refused(let text): write("! " + text + "\n")
            case .warning(let text, let location): write("\(location): warning: " + text + "\n")
            case .answered, .routed, .observed, .commandRan, .repeated, .ended: break
            }
        }
    }

    /// Writes to stderr, escaped for the terminal: plain mode draws nothing of its own,
    /// so everything it writes (a screen, a prompt, an echoed answer) is escaped whole.
    private func write(_ text: String) {
        Console.emit(TerminalText.escaped(text), to: .standardError)
    }

    func save() { StateFile.save(session, to: statePath) }
}
