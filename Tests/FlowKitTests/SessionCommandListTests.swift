import FlowKit
import Synchronization
import Testing

/// `run` as a list (spec §7 1.2) and a field's check by a program (spec §6 1.2) in a
/// session: the runner is asked in order, and secrets stay out of what is shown.
@Suite struct SessionCommandListTests {
    /// A runner that answers by the arguments it is given, and keeps every request.
    final class Table: CommandRunning {
        let requests = Mutex<[CommandRequest]>([])
        let answer: @Sendable ([String]) -> CommandResult
        init(_ answer: @escaping @Sendable ([String]) -> CommandResult) { self.answer = answer }
        func run(_ request: CommandRequest) -> CommandResult {
            requests.withLock { $0.append(request) }
            return answer(request.arguments)
        }
        var programs: [String] { requests.withLock { $0.compactMap(\.arguments.first) } }
    }

    static let list = """
    version: 1
    flow: app
    start: s
    variables: { a: {}, b: {}, c: null, done: false }
    screens:
      s:
        actions: [go, quit]
        on:
          go:
            run:
              - { command: [first], into: a }
              - { command: [second, "{{ a.stdout }}"], into: b }
              - { command: [third], into: c }
            set: { done: "true" }
            say: "{{ a.exit_code }} {{ b.exit_code }} {{ c == null }}"
    """

    @Test func theCommandsRunInOrderEachReadingWhatTheOnesBeforeWrote() throws {
        let table = Table { arguments in CommandResult(exitCode: 0, stdout: arguments[0] == "first" ? "one" : "") }
        var run = try SessionDriver(files: ["f.yaml": Self.list], commands: table)
        run.enter("go")
        #expect(table.programs == ["first", "second", "third"])
        #expect(table.requests.withLock { $0[1].arguments } == ["second", "one"], "rendered after the first one ended")
        #expect(run.value("app", "c") == .map(["exit_code": .int(0), "stdout": .string(""), "timed_out": .bool(false)]))
        #expect(run.said == ["0 0 false"])
    }

    @Test func theFirstFailureStopsTheListAndTheRestOfTheBranchRuns() throws {
        let table = Table { arguments in CommandResult(exitCode: arguments[0] == "second" ? 3 : 0) }
        var run = try SessionDriver(files: ["f.yaml": Self.list], commands: table)
        run.enter("go")
        #expect(table.programs == ["first", "second"], "like &&: third is not run")
        #expect(run.value("app", "c") == .null, "the into of a command not run is left as it was")
        #expect(run.value("app", "done") == .bool(true), "set, say and the transition still run")
        #expect(run.said == ["0 3 true"])
        #expect(run.warnings.isEmpty)
    }

    @Test func aTimeoutOrAProgramThatCannotStartStopsTheListToo() throws {
        for failing in [CommandResult(exitCode: 0, timedOut: true), CommandResult(exitCode: 127, failure: "command not found")] {
            let table = Table { arguments in arguments[0] == "first" ? failing : CommandResult(exitCode: 0) }
            var run = try SessionDriver(files: ["f.yaml": Self.list], commands: table)
            run.enter("go")
            #expect(table.programs == ["first"])
            #expect(run.value("app", "b") == .map([:]))
        }
    }

    static let checks = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields:
          - id: tag
            validate:
              - run: { command: [tag-is-new, "v{{ tag }}"], timeout: 5 }
                message: "v{{ tag }} is a tag already."
          - id: note
            validate:
              - { run: { command: [slow] } }
          - id: pin
            type: secret
            validate:
              - { rule: size(pin) >= 4, message: "Four digits at least." }
              - run: { command: [check-pin], env: { PIN: "{{ pin }}" } }
                message: "{{ pin }} is not your PIN."
          - id: code
            type: secret
            validate: [{ run: { command: [check-code, "{{ code }}"] } }]
          - { id: later, validate: [{ run: { command: [never] } }] }
        actions: [quit]
    """

    static func answers() -> Table { Table { arguments in
        switch arguments[0] {
        case "tag-is-new": CommandResult(exitCode: arguments[1] == "v1" ? 1 : 0)
        case "slow": CommandResult(exitCode: 137, timedOut: true)
        case "check-pin": CommandResult(exitCode: 1)
        default: CommandResult(exitCode: 127, failure: "command not found")
        }
    } }

    @Test func aProgramCheckTakesTheAnswerWhenItExitsZeroAndSeesTheCandidate() throws {
        let table = Self.answers()
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: table)
        run.enter("1")
        #expect(run.refused == ["v1 is a tag already."], "the message sees the candidate")
        run.enter("2")
        #expect(run.asking == "note")
        #expect(table.requests.withLock { $0.map(\.arguments) } == [["tag-is-new", "v1"], ["tag-is-new", "v2"]])
        #expect(table.requests.withLock { $0.last?.timeout } == 5)
        #expect(run.value("app", "tag") == .string("2"))
        #expect(run.commands == [["tag-is-new", "v1"], ["tag-is-new", "v2"]], "each check is a command the run ran")
    }

    @Test func aCheckThatTimesOutOrCannotStartRefusesWithAMessageOfItsOwn() throws {
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: Self.answers())
        run.enter("2", "x")
        #expect(run.refused == ["The answer could not be checked: 'slow' timed out."])
        #expect(run.asking == "note")
        var unchecked = try SessionDriver(files: ["f.yaml": Self.checks])
        unchecked.enter("2")
        #expect(unchecked.refused == ["The answer could not be checked: 'tag-is-new' was not run: this session runs no commands."])
    }

    /// After a branch that stays on the screen, a field is asked again only when its
    /// answer lacks validity by its rules and constraints: a check by a program, passed
    /// when the answer was given, is not run again to find out (spec §5 1.2).
    @Test func aBranchThatStaysDoesNotRunAFieldsProgramCheckAgain() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: tag, validate: [{ run: { command: [tag-is-new, "{{ tag }}"] } }] }
              - { id: note, required: true, validate: [{ rule: note != "bad" }] }
            actions: [stay, quit]
            on: { stay: { set: { note: '"bad"' } } }
        """
        let table = Table { _ in CommandResult(exitCode: 0) }
        var run = try SessionDriver(files: ["f.yaml": flow], commands: table)
        run.enter("v2", "fine", "stay")
        #expect(run.asking == "note", "the note, whose rule its new value breaks, is asked again")
        #expect(table.programs == ["tag-is-new"], "the tag's check ran once, when it was answered")
    }

    @Test func anEmptyOptionalAnswerIsNotChecked() throws {
        let table = Table { _ in CommandResult(exitCode: 1) }
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: table)
        run.enter("")
        #expect(table.programs.isEmpty)
        #expect(run.asking == "note")
    }

    @Test func aSecretCandidateReachesTheProgramButNothingShownHoldsIt() throws {
        let table = Self.answers()
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: table)
        run.enter("2", "")
        run.enter("12")
        #expect(run.refused == ["Four digits at least."], "rules come in the order written: the program is not asked")
        run.enter("9876")
        let request = try #require(table.requests.withLock { $0.last })
        #expect(request.environment == ["PIN": "9876"])
        #expect(request.secrets.contains("9876"), "masked in the program's stderr")
        #expect(run.refused.last == "****** is not your PIN.")
        #expect(run.warnings.isEmpty)
    }

    @Test func aSecretInACheckedProgramsArgumentsIsMaskedAndWarnedAbout() throws {
        let table = Table { arguments in CommandResult(exitCode: arguments[0] == "check-code" ? 1 : 0) }
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: table)
        run.enter("2", "", "9876", "s3cret")
        #expect(table.requests.withLock { $0.last?.arguments } == ["check-code", "s3cret"])
        #expect(run.commands.last == ["check-code", "******"])
        #expect(run.refused.last == "The answer does not pass the check by 'check-code'.")
        #expect(!run.refused.joined().contains("s3cret") && !run.warnings.joined().contains("s3cret"))
        #expect(run.warnings.contains { $0.contains("pass it in 'env'") })
    }

    /// A check killed because flowrun is stopping says nothing of the answer: it is not
    /// taken, and the step is undone for a resume to check it again.
    @Test func aCheckCutShortByTheRunStoppingTakesNothing() throws {
        let table = Table { _ in CommandResult(exitCode: 137, stoppedWithTheRun: true) }
        var run = try SessionDriver(files: ["f.yaml": Self.checks], commands: table)
        run.events += run.session.undoingIfStopped { $0.answer("2") }
        #expect(run.refused == ["The answer was not checked: the run is stopping."])
        #expect(run.asking == "tag")
        #expect(run.value("app", "tag") == .null)
    }
}
