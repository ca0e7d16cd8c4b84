import ArgumentParser
import FlowKit
import FlowYAML

extension FlowRun {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Runs a flow: shows its screens, asks their fields, routes the actions chosen.",
            discussion: """
            Screens and prompts go to stderr; the result document goes to stdout, so \
            `answers=$(flowrun run f.yaml)` works. With stdin or stderr not a terminal (or --plain), one line \
            of stdin (UTF-8) answers one question: a field's value (empty for no answer; y/n for \
            booleans; a choice by value or number; multichoice values or numbers separated by \
            commas, or a list such as [a, "b,c"]), or an action's id or number.

            --answers and --set answer fields before they are asked; each field at most once in \
            the file and once in the --set options (--set wins over the file). A list answers only \
            a multichoice field. A key flowid[N].fieldid answers the field in run N (from 0) of a \
            for_each that repeats the flow; a key without [N] answers each run that has no [N] key. An \
            answer for a field the run never asks is reported as a warning. --save-answers writes a file \
            that --answers reads back.

            Exit status: 0 finished or quit; 2 the flow does not validate, or an --answers/--set \
            entry is refused before the run (a key that names no field, a run number for a flow no \
            for_each repeats, a field named twice, a list for a field of one value), or a loop ran away; 3 input ended first; 65 a line of piped stdin is not \
            UTF-8; 130/143/129/131 on SIGINT/SIGTERM/SIGHUP/SIGQUIT (state saved); 74 an output (stdout, --state, \
            --transcript, --save-answers) could not be written; the flow's own `exit` code.
            """
        )

        @Argument(help: "The flow file.")
        var flow: String

        @Option(help: "A YAML or JSON file of answers, keyed fieldid, flowid.fieldid or flowid[N].fieldid (at most 16 MiB).")
        var answers: String?

        @Option(name: .customLong("set"), help: ArgumentHelp("An answer, as ID=VALUE (repeatable).", valueName: "id=value"))
        var presets: [String] = []

        @Flag(help: "Accept every default without asking; a required field with no default is an error.")
        var defaults = false

        @Option(help: "The result document's format.")
        var output: ResultDocument.Format = .json

        @Option(help: "Save progress to this file after every answer and transition.")
        var state: String?

        @Flag(help: "Continue the run saved in --state.")
        var resume = false

        @Option(help: "Write every screen, answer (secrets masked) and action to this file, as JSON Lines.")
        var transcript: String?

        @Flag(help: "Plain mode: one line per question, even on a terminal.")
        var plain = false

        @Flag(help: "No colour.")
        var noColor = false

        @Flag(help: "Let the flow run the programs its `run` steps name.")
        var trust = false

        @Option(help: "When the run ends, write each field's last answer here, as YAML that --answers reads back (secrets and private names left out).")
        var saveAnswers: String?

        func validate() throws {
            if resume && state == nil { throw ValidationError("--resume needs --state FILE") }
            for preset in presets where !preset.contains("=") { throw ValidationError("--set takes ID=VALUE, not '\(MessageText.sanitized(preset))'") }
        }

        func run() throws {
            // First: a SIGINT, SIGTERM, SIGHUP or SIGQUIT while the flow loads ends the process as by default,
            // and from the run's start on, none is lost (`Signals`).
            Signals.watch()
            let tree = try FlowFile.load(flow, noColor: noColor || plain)
            let commands = tree.commands
            if !commands.isEmpty && !trust {
                let list = commands.map { command in
                    "  \(command.location): \(ShellQuoting.words(command.arguments.map(MessageText.sanitized)))"
                        + (command.checkedField.map { " (checks the answer to '\($0)')" } ?? "")
                }
                throw RunFailure("this flow runs programs, and starts only with --trust:\n" + list.joined(separator: "\n")).exit()
            }
            let environment = ProcessEnvironment.variables(tree.flows.flatMap(\.environment) + TextStyle.variablesRead + RememberedAnswers.variablesRead)
            var session = Session(tree: tree, environment: environment)
            var events: [SessionEvent] = []
            // Files are written only where a file can be: a directory, a device or a FIFO given
            // as --state or --transcript is refused before anything is read or asked.
            for path in [state, transcript, saveAnswers].compactMap({ $0 }) {
                do {
                    try AtomicFile.check(path)
                } catch {
                    throw RunFailure(error.description).exit()
                }
            }
            // One run at a time on a state file: two would interleave their answers. The
            // answers file is replaced as the state is (`AtomicFile`), under its own lock.
            let stateLock = try state.map { try Self.lock($0, option: "--state") }
            let answersLock = try saveAnswers.map { try Self.lock($0, option: "--save-answers") }
            defer { withExtendedLifetime((stateLock, answersLock)) {} }
            if resume, let state {
                do {
                    guard case .bytes(let saved) = try SourceFile.load(SourcePath(state, origin: .option), maxSize: 64 << 20) else { throw RunFailure("'\(state)' is too large") }
                    session = try Session(tree: tree, environment: environment, restoring: saved)
                    // Named before anything is asked (cli.md): nobody can type these again.
                    let lost = session.lostSecretValues
                    if !lost.isEmpty {
                        let initial = session.lostValuesAtTheirInitialValue
                        let members = session.lostMembers
                        let empty = lost.filter { !initial.contains($0) && !members.contains($0) }
                        let now = [empty.isEmpty ? nil : "empty: " + empty.joined(separator: ", "),
                                   initial.isEmpty ? nil : "back to their initial values: " + initial.joined(separator: ", "),
                                   members.isEmpty ? nil : "gone from their maps (null in their lists): " + members.joined(separator: ", ")]
                        Console.warning("not saved, as they are secrets or were computed from secrets, and not asked again, so now \(now.compactMap { $0 }.joined(separator: "; "))")
                    }
                    let asked = session.secretsToAskAgain
                    if !asked.isEmpty {
                        Console.warning("secrets are never saved; asking again for those the run still reads: \(asked.joined(separator: ", "))")
                    }
                    let required = session.requiredFieldsToAskAgain
                    if !required.isEmpty {
                        Console.warning("the saved state holds no answer to these required fields; asking them again: \(required.joined(separator: ", "))")
                    }
                } catch let error as RunFailure {
                    throw error.exit()
                } catch {
                    throw RunFailure("cannot resume from '\(state)': \(error)").exit()
                }
            }
            // Only flows with `remember: true` fields use the store (a file read and a decode at start-up).
            let remembers = tree.screens.contains { $0.fields.contains { $0.remember } }
            let memory = remembers ? RememberedAnswers(flowFile: flow, environment: environment) : nil
            if let memory { session.remembered = memory.load() }
            // `--defaults` asks nothing, so it runs in plain mode even on a terminal. The form
            // moves the cursor on stderr: with stderr sent elsewhere (`2>log`) the run is plain,
            // and the log holds no cursor control.
            let interactive = !plain && !defaults && Console.isTerminal(.standardInput) && Console.isTerminal(.standardError)
                && environment["TERM"] != "dumb"
            let display = commands.isEmpty ? nil : CommandDisplay(spins: interactive)
            if let display { session.commandRunner = ProcessCommandRunner(display: display) }
            var answered = PresetAnswers()
            do {
                if let answers { try answered.add(try answersFileEntries(answers), tree: tree) }
                try answered.add(setEntries(), from: "--set", tree: tree)
            } catch let error as PresetAnswers.KeyError {
                throw RunFailure(error.description).exit()
            } catch let error as SourceFileError {
                throw RunFailure(error.description).exit()
            }
            // The shell names are the tree's, known before anything is asked: a clash is
            // refused now rather than after the answers (a `results` list, which only a
            // `for_each` run adds, is checked again at the end).
            if output == .env { try Self.refuseEnvClashes(ResultDocument.envClashes(among: session.valueNames)) }
            // The run begins: a signal from now on is noted, and the run saves and ends.
            Signals.startNoting()
            events = session.undoingIfStopped { resume ? $0.redisplay() : $0.start() }
            // A start a signal cut short is undone: nothing has started, so there is no state to save.
            let saving = resume || Signals.exitStatus == nil ? state : nil
            let transcriptFile: Transcript
            do {
                transcriptFile = try Transcript(path: transcript)
            } catch {
                Console.error(error.description)
                throw ExitCode.ioError
            }
            // A state file that cannot be written is found before anyone answers anything.
            if let state = saving {
                do {
                    try AtomicFile.replace(state, with: session.savedState())
                } catch {
                    Console.error(error.description)
                    throw ExitCode.ioError
                }
            }
            let finished: Session
            let interrupted: Bool
            var stop: RunOutcome?
            if interactive, let terminal = RawTerminal() {
                var runner = InteractiveRunner(session: session, presets: answered, statePath: saving, transcript: transcriptFile,
                                               style: TextStyle(enabled: !noColor && Console.colors(.standardError)), display: display)
                interrupted = runner.run(startingWith: events)
                terminal.restore()
                finished = runner.session
                answered = runner.presets
            } else {
                var runner = PlainRunner(session: session, presets: answered, acceptDefaults: defaults, statePath: saving,
                                         transcript: transcriptFile)
                do {
                    try runner.run(startingWith: events)
                } catch {
                    Console.error(error.message)
                    stop = RunOutcome(.failed, exitCode: error.exitCode, message: error.message)
                }
                interrupted = Signals.exitStatus != nil
                finished = runner.session
                answered = runner.presets
            }
            // An answer given for a field the run never asked is said, not dropped unnoticed.
            if !interrupted { for unused in answered.unused(in: tree) { Console.warning(unused.message) } }
            let saved = StateFile.save(finished, to: saving)
            let answersSaved = saveAnswers.map { AtomicFile.replaceReporting($0, with: Array(finished.savedAnswers.utf8)) } ?? true
            memory?.save(finished.answersToRemember)
            if interrupted {
                // Said only of a save that was made: a failed one was reported, and exits 74.
                let message = "interrupted" + (saved ? saving.map { "; progress saved in \($0)" } ?? "" : "")
                stop = RunOutcome(.interrupted, exitCode: Int(Signals.exitStatus ?? 130), message: message)
                Console.emit("\n", to: .standardError)
            }
            // The transcript ends with how the run ended, also where flowrun stopped it
            // (a signal, --defaults, a refused preset, a line that is not UTF-8).
            if let stop, finished.outcome == nil { transcriptFile.record([.ended(stop)]) }
            // Every way a started run ends prints the result document (cli.md), and its
            // message on stderr whatever the format (a --defaults stop said it already).
            // Secrets reach a program reading stdout, which asked for them, never a terminal.
            let result = ResultDocument(session: finished, outcome: stop, maskingSecrets: Console.isTerminal(.standardOutput))
            if output == .env { try Self.refuseEnvClashes(result.envClashes) }
            // JSON and YAML escape what could drive a terminal; `env` lines are for `eval` and
            // keep a value's bytes, unless a person reads them on a terminal.
            let rendered = result.render(as: output)
            try Console.output(output == .env && Console.isTerminal(.standardOutput) ? TerminalText.escaped(rendered) : rendered)
            if let message = result.outcome.message, result.outcome.status != .failed || stop == nil {
                Console.emit(TerminalText.escaped(message) + "\n", to: .standardError)
            }
            // An output that could not be written outweighs how the run ended (cli.md 1.1: 74).
            if let failure = transcriptFile.failure {
                Console.error(failure.description + " (the transcript is incomplete)")
                throw ExitCode.ioError
            }
            if !saved || !answersSaved { throw ExitCode.ioError }
            if result.outcome.exitCode != 0 { throw ExitCode(Int32(clamping: result.outcome.exitCode)) }
        }

        /// `--output env` would write two values under one shell name, and lose one.
        private static func refuseEnvClashes(_ clashes: [(String, String)]) throws {
            guard let clash = clashes.first else { return }
            throw RunFailure("--output env: '\(clash.0)' and '\(clash.1)' have the same shell name; use --output json").exit()
        }

        /// An exclusive lock on a file the run replaces (`--state`, `--save-answers`), taken
        /// before anything is asked.
        private static func lock(_ path: String, option: String) throws -> FileLock {
            do {
                return try FileLock.exclusive(for: path)
            } catch .held(let holder) {
                throw RunFailure("'\(path)' is in use by another flowrun run\(holder.map { " (process \($0))" } ?? ""); wait for it to end, or give another \(option)").exit()
            } catch .refused(let error) {
                throw RunFailure(error.description).exit()
            } catch .unavailable(let reason) {
                // Where no lock file can be made, no file can be replaced either.
                Console.error("cannot write '\(path)': \(reason)")
                throw ExitCode.ioError
            }
        }

        /// The entries of `--answers FILE`; `--set` entries, added after them, win.
        private func answersFileEntries(_ path: String) throws -> [PresetAnswers.Entry] {
            guard case .bytes(let bytes) = try SourceFile.load(SourcePath(path, origin: .option), maxSize: PresetAnswers.maxFileSize) else {
                throw SourceFileError(path: path, reason: "an answers file may be at most \(PresetAnswers.maxFileSize >> 20) MiB")
            }
            return try PresetAnswers.entries(ofFile: bytes, file: path)
        }

        /// The `--set ID=VALUE` entries, each value as a typed line would give it.
        private func setEntries() -> [PresetAnswers.Entry] {
            presets.map { preset in
                let parts = preset.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return PresetAnswers.Entry(key: String(parts[0]), answer: .line(parts.count > 1 ? String(parts[1]) : ""))
            }
        }
    }
}

/// A reason `run` stops before or during the run, reported on stderr with exit status 2.
struct RunFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }

    func exit() -> ExitCode {
        Console.error(message)
        return ExitCode(2)
    }
}

extension ResultDocument.Format: ExpressibleByArgument {
    // swift-argument-parser's defaults list an enum's values through generic key paths,
    // built at run time on each of the several times a parse lists them. These say the
    // same (no value has a description of its own) in plain code, and save 2% of the
    // instructions before `run`'s first prompt. The other commands' enums keep the
    // defaults: nothing waits on their start-up.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}
