import FoundationEssentials
import FlowYAML

/// Runs the cases of a test file, each on a fresh session, in process: input lines are
/// read as plain mode reads them (cli.md), `answers` as `--answers` gives them.
public struct FlowTestRunner: Sendable {
    public let tree: ResponderTree
    public let maxSteps: Int
    /// What `now()` reads in a case that fixes no time of its own.
    public let now: Date

    public init(tree: ResponderTree, maxSteps: Int = 10_000, now: Date = FlowTestFile.defaultNow) {
        self.tree = tree
        self.maxSteps = maxSteps
        self.now = now
    }

    /// A fresh session for a case, its clock fixed, its programs stubbed.
    func session(environment: [String: String] = [:], now: Date? = nil, commands: StubbedCommands) -> Session {
        var session = Session(tree: tree, environment: environment, maxSteps: maxSteps)
        session.fixedTime = now ?? self.now
        session.commandRunner = commands
        return session
    }

    /// The stubs of a case, then the file's.
    public var fileCommands: [CommandStub] = []

    public func run(_ testCase: FlowTestCase) -> CaseResult {
        let clock = ContinuousClock()
        var result = CaseResult(name: testCase.name, failures: [], refusals: [], exercised: [], seconds: 0)
        let elapsed = clock.measure {
            let commands = StubbedCommands(stubs: testCase.commands + fileCommands)
            var run = ScriptedRun(tree: tree, session: session(environment: testCase.environment, now: testCase.now?.value, commands: commands))
            if let failure = run.preset(testCase.answers) {
                result.failures = [failure]
                return
            }
            let unused = run.play(testCase.input)
            result.exercised = run.exercised
            result.refusals = run.refusals
            var check = ExpectationCheck(session: run.session, said: run.said, shown: run.shown)
            result.failures = check.failures(of: testCase.expect)
            // Tests never execute anything: a program with no stub fails the case (cli.md).
            for request in run.commands where commands.stub(for: request.arguments) == nil {
                result.failures.append(TestFailure("the run started a program that no stub in 'commands' answers: \(request.shownArguments)",
                                                   at: request.location,
                                                   detail: ["add: commands: [{ command: \(request.shownArguments), exit_code: 0, stdout: \"\" }]"]))
            }
            if let first = unused.first {
                result.failures.append(TestFailure("the run ended with \(unused.count) line(s) of input left over", at: first.location,
                                                   detail: ["the run ended: \(run.session.outcome?.status.rawValue ?? "?")"]))
            }
            result.failures += run.unusedAnswers()
        }
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }
}

/// A script of input lines played on a fresh session: how the run ended, what it said,
/// and what it exercised.
public struct PlayedScript: Sendable {
    public let input: [String]
    public let session: Session
    public let said: [String]
    public let exercised: Set<CoverageItem>
    /// The programs the run started: each succeeds with no output, but those `stubs` answer.
    public let commands: [CommandRequest]
    public let stubs: [CommandStub]
}

extension FlowTestRunner {
    /// Plays input lines that were not read from a file (generated ones) on a fresh session.
    public func play(_ input: [String], stubs: [CommandStub] = []) -> PlayedScript {
        var run = ScriptedRun(tree: tree, session: session(commands: StubbedCommands(stubs: stubs, answersEverything: true)))
        let nowhere = SourceLocation(file: "", range: SourceRange(start: .start, end: .start))
        _ = run.play(input.map { Located($0, at: nowhere) })
        return PlayedScript(input: input, session: run.session, said: run.said, exercised: run.exercised, commands: run.commands, stubs: stubs)
    }
}

/// A session fed from a script: preset answers first, then lines, as plain mode does.
struct ScriptedRun {
    let tree: ResponderTree
    var session: Session
    var presets = PresetAnswers()
    /// Where each preset answer is written, by flow index and field id.
    private var presetLocations: [Int: [String: SourceLocation]] = [:]
    var exercised: Set<CoverageItem> = []
    var said: [String] = []
    /// Every flow title, screen title and screen text shown, in order.
    var shown: [String] = []
    var refusals: [CaseResult.Refusal] = []
    var commands: [CommandRequest] = []

    init(tree: ResponderTree, session: Session) {
        self.tree = tree
        self.session = session
        record(self.session.start(), line: nil)
    }

    /// Takes the case's answers; a key that names no field (or several, or a field named
    /// before), or a list for a field that takes one value, fails the case at that key.
    mutating func preset(_ answers: [(key: Located<String>, answer: PresetAnswer)]) -> TestFailure? {
        do {
            let fields = try presets.add(answers.map { PresetAnswers.Entry(key: $0.key.value, answer: $0.answer) }, tree: tree)
            for ((key, _), (flow, field)) in zip(answers, fields) {
                presetLocations[flow, default: [:]][field] = key.location
            }
        } catch {
            let key = answers.indices.contains(error.entry) ? answers[error.entry].key : answers.first?.key
            return TestFailure("answers: \(error.reason)", at: key?.location ?? SourceLocation(file: "", range: SourceRange(start: .start, end: .start)))
        }
        return nil
    }

    /// An answer the run never used fails the case at its key, as left-over lines do.
    func unusedAnswers() -> [TestFailure] {
        presets.unused(in: tree).map { unused in
            TestFailure("answers: \(unused.message)",
                        at: presetLocations[unused.flow]?[unused.field] ?? SourceLocation(file: "", range: SourceRange(start: .start, end: .start)))
        }
    }

    /// Plays lines until the run ends or they run out (then input ends); returns the lines left over.
    mutating func play(_ lines: [Located<String>]) -> ArraySlice<Located<String>> {
        var remaining = lines[...]
        playing: while session.outcome == nil {
            switch session.prompt {
            case .field(let prompt)?:
                if let (flow, preset) = presets.take(for: prompt, in: session) {
                    let location = presetLocations[flow]?[prompt.field.id] ?? SourceLocation(file: "", range: SourceRange(start: .start, end: .start))
                    record(session.answer(preset.answer), line: Located(preset.answer.written, at: location), at: prompt)
                    continue
                }
                guard let line = remaining.popFirst() else { break playing }
                guard line.value.utf8.count <= InputLimit.lineBytes else {
                    record([.refused(InputLimit.refusal)], line: line, at: prompt)
                    continue
                }
                // Read as plain mode reads it: `/ID` chooses an action, `/` clears the field.
                switch FieldLine(line.value) {
                case .action(let action):
                    let screen = session.currentScreen
                    record(session.perform(action), line: line, at: prompt, action: action, on: screen)
                case let entered:
                    record(session.enter(entered), line: line, at: prompt)
                }
            case .action(let prompt)?:
                guard let line = remaining.popFirst() else { break playing }
                guard line.value.utf8.count <= InputLimit.lineBytes else {
                    record([.refused(InputLimit.refusal)], line: line)
                    continue
                }
                let screen = session.currentScreen
                let chosen = ActionLine(line.value, at: prompt)
                record(session.enter(chosen), line: line, action: chosen.action, on: screen)
            case .ended?, nil:
                break playing
            }
        }
        if session.outcome == nil { _ = session.endOfInput() }
        return remaining
    }

    /// Records what `line` (typed at the field of `prompt`, if at one) caused; a refused
    /// line as the field shows it (`FieldPrompt.typed`).
    private mutating func record(_ events: [SessionEvent], line: Located<String>?, at prompt: FieldPrompt? = nil,
                                 action: String? = nil, on screen: Int? = nil) {
        exercised.formUnion(CoverageItem.exercised(by: events, action: action, on: screen, in: tree))
        for event in events {
            switch event {
            case .said(let text): said.append(text)
            case .commandRan(let request, _): commands.append(request)
            case .screenShown(let view): shown += view.flowTitles.map(\.title) + [view.title, view.text].compactMap { $0 }
            case .refused(let reason):
                let typed = line.map { prompt?.typed($0.value) ?? $0.value } ?? ""
                refusals.append(CaseResult.Refusal(line: typed, location: line?.location, reason: reason))
            default: break
            }
        }
    }
}
