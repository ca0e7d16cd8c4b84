import Foundation
import Testing
import TestSupport

/// Plain mode as a script and its log see it (cli.md): defaults shown as they are typed
/// and echoed when taken, each constraint with its own message, and `--output env` that a
/// shell can `eval`.
@Suite struct PlainModeTests {
    static let form = """
    version: 1
    flow: app
    start: s
    variables: { tags: [a, "it's"], meta: { k: 1 }, gone: null }
    screens:
      s:
        fields:
          - { id: author, default: Ada }
          - { id: sure, type: boolean, default: false }
          - { id: pin, type: secret, required: true, pattern: "[0-9]+", message: "Digits only." }
        actions: [done, quit]
        on: { done: { finish: true } }
    """

    @Test func aTakenDefaultIsEchoedAndABooleansDefaultReadsAsTyped() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "\n\n12\ndone\n", directory: try FlowrunProcess.folder(holding: Self.form))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("Author [Ada]: Ada\n"), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("Sure (y/n) [n]: n\n"), "stderr: \(outcome.stderr)")
    }

    @Test func defaultsShowEachQuestionWithTheAnswerTaken() throws {
        let flow = Self.form.replacingOccurrences(of: "required: true, ", with: "default: \"1\", ")
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults", "--output", "none"], directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.stderr.contains("Author [Ada]: Ada\n"), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("Pin: ******\n"), "a secret default is taken but never shown: \(outcome.stderr)")
    }

    @Test func messageReplacesOnlyTheConstraintItIsWrittenFor() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "\n\n\nab\n12\ndone\n", directory: try FlowrunProcess.folder(holding: Self.form))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("! An answer is required.\n"), "an empty required field keeps its own message")
        #expect(outcome.stderr.contains("! Digits only.\n"), "the pattern failure gives the field's message")
        #expect(outcome.stderr.components(separatedBy: "Digits only.").count == 2)
    }

    /// `eval` of `--output env` in a real shell tells a quit from a finish, and reads lists as JSON.
    @Test func aShellThatEvalsTheEnvOutputTellsAQuitFromAFinish() throws {
        let directory = try FlowrunProcess.folder(holding: Self.form)
        let script = """
        eval "$("$FLOWRUN" run f.yaml --output env < "$1")"
        printf '%s|%s|%s|%s|%s|%s|%s\\n' "$FLOWRUN_STATUS" "$FLOWRUN_EXIT_CODE" "$FLOWRUN_SCREEN" "$FLOWRUN_MESSAGE" "$APP_TAGS" "$APP_META" "$APP_GONE"
        """
        try script.write(to: directory.appendingPathComponent("read.sh"), atomically: true, encoding: .utf8)
        try "\n\n12\ndone\n".write(to: directory.appendingPathComponent("finish.txt"), atomically: true, encoding: .utf8)
        try "\n\n12\nquit\n".write(to: directory.appendingPathComponent("quit.txt"), atomically: true, encoding: .utf8)
        let environment = ["FLOWRUN": FlowrunProcess.executable.path]
        let finished = try ProcessRunner.run("/bin/sh", ["read.sh", "finish.txt"], directory: directory, environment: environment, timeout: 30)
        let quit = try ProcessRunner.run("/bin/sh", ["read.sh", "quit.txt"], directory: directory, environment: environment, timeout: 30)
        #expect(finished.stdout == #"finished|0|s||["a","it's"]|{"k":1}|"# + "\n")
        #expect(quit.stdout == #"cancelled|0|s||["a","it's"]|{"k":1}|"# + "\n")
    }

    @Test func theEnvOutputStartsWithTheOutcome() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "env"], stdin: "\n\n12\ndone\n", directory: try FlowrunProcess.folder(holding: Self.form))
        #expect(outcome.stdout.hasPrefix("FLOWRUN_STATUS='finished'\nFLOWRUN_EXIT_CODE='0'\nFLOWRUN_SCREEN='s'\nFLOWRUN_MESSAGE=''\n"))
    }
}
