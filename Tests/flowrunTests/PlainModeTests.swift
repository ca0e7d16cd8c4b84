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

    /// A default action that moves nowhere would be chosen again forever under --defaults.
    @Test func defaultsStopsOnADefaultActionThatLeavesTheScreenAsItIs() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [{ id: help, default: true }, quit]
            on: { help: { say: "Type quit to leave." } }
        """
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults"], directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--defaults: the default action 'help' of the screen 's' leaves it as it is"), "\(outcome.stderr)")
    }

    /// The action list shows each key, which may be typed as a whole line (flow-format §5).
    @Test func theActionListShowsEachKeyAndAKeyChoosesItsAction() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [{ id: save, key: s }, quit]
            on: { save: { finish: true } }
        """
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "s\n", directory: try FlowrunProcess.folder(holding: flow))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("Actions: 1. [s] Save  2. Quit"), "stderr: \(outcome.stderr)")
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

    /// Spec §6: a field's `validate` rule, its message and the computed values they read
    /// all see the answer being checked; a secret's stays masked in the message.
    static let checkedAnswers = """
    version: 1
    flow: app
    start: s
    computed:
      slug: name.trim().replace(" ", "-")
      pin_digits: size(pin)
    screens:
      s:
        fields:
          - id: name
            required: true
            validate:
              - { rule: size(slug) >= 3, message: "'{{ name }}' is too short." }
              - { rule: 'slug != "admin"', message: "{{ name }} gives the slug {{ slug }}, which is taken." }
          - id: pin
            type: secret
            validate:
              - { rule: pin_digits == 4, message: "{{ pin }} has {{ pin_digits }} digits, not 4." }
        actions: [done]
        on: { done: { say: "Welcome, {{ slug }}.", finish: true } }
    """

    @Test func aRuleAndItsMessageSeeTheAnswerAndTheValuesComputedFromIt() throws {
        let directory = try FlowrunProcess.folder(holding: Self.checkedAnswers)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "ab\nadmin\nAda Lovelace\n98765\n1234\ndone\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! 'ab' is too short.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! admin gives the slug admin, which is taken.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! ****** has ****** digits, not 4.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Welcome, Ada-Lovelace."), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("98765") && !outcome.stderr.contains("1234"), "a secret is never shown: \(outcome.stderr)")
    }

    static let signIn = """
    version: 1
    flow: app
    start: credentials
    screens:
      credentials:
        fields:
          - { id: user }
          - { id: password, type: secret, required: true }
        actions:
          - { id: submit, default: true }
          - { id: forgot, label: "Forgot password?", validate: false }
        on:
          submit: { finish: true }
          forgot: { push: reset }
      reset:
        text: "We sent you a link."
        actions: [back, quit]
    """

    /// cli.md 1.1: `/ID` at a field chooses an action, `//text` answers `/text`, `/` clears.
    @Test func slashLinesAtAFieldChooseActionsEscapeAndClear() throws {
        let directory = try FlowrunProcess.folder(holding: Self.signIn)
        let early = try FlowrunProcess.run(["run", "f.yaml", "--transcript", "t.jsonl"], stdin: "ada\n/forgot\nquit\n", directory: directory)
        #expect(early.status == 0)
        #expect(early.stderr.contains("Password (or /forgot): "), "the field prompt names what can be chosen: \(early.stderr)")
        #expect(early.stderr.contains("We sent you a link."))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(early.stdout.utf8)) as? [String: Any])
        #expect(result["path"] as? [String] == ["app/credentials", "app/reset"])
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        #expect(transcript.contains(#""action":"forgot""#), "the early action is recorded")
        #expect(!transcript.contains(#""line":"/forgot""#), "as an action, not as an answer")

        let escaped = try FlowrunProcess.run(["run", "f.yaml"], stdin: "//ada\nsecret1\n\n", directory: directory)
        let values = try #require((try JSONSerialization.jsonObject(with: Data(escaped.stdout.utf8)) as? [String: Any])?["values"] as? [String: [String: Any]])
        #expect(values["app"]?["user"] as? String == "/ada")

        let cleared = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\n/forgot\nback\n/\n/\nsecret1\n\n", directory: directory)
        let after = try #require((try JSONSerialization.jsonObject(with: Data(cleared.stdout.utf8)) as? [String: Any])?["values"] as? [String: [String: Any]])
        #expect(after["app"]?["user"] is NSNull, "`/` cleared the answer that was offered as the default")
        #expect(cleared.stderr.contains("! An answer is required."), "a required field is not cleared")
    }

    @Test func aWordTypedAtAFieldIsAnAnswerNotAnAction() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "quit\nsecret1\n\n", directory: try FlowrunProcess.folder(holding: Self.signIn))
        let values = try #require((try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])?["values"] as? [String: [String: Any]])
        #expect(values["app"]?["user"] as? String == "quit", "only `/quit` quits at a field")
    }

    static let verify = """
    version: 1
    flow: app
    start: verify
    on:
      lookup.done: { say: "Looked up." }
    screens:
      verify:
        fields:
          - { id: email, required: true }
          - { id: code, type: secret, required: true, pattern: "[0-9]{6}" }
          - { id: note }
        actions:
          - { id: check, default: true, key: c }
          - { id: look_up, validate: false }
          - quit
        on:
          check:
            - when: code != "123456"
              set: { code: 'null' }
              say: Wrong code.
            - finish: true
          look_up: { push: lookup }
    flows:
      lookup:
        start: search
        screens:
          search:
            fields: [{ id: query }]
            actions: [found, back]
            on: { found: { finish: true } }
    """

    /// Spec §5 1.2: a branch that stays on the screen asks again the field it left
    /// without a valid answer (a wrong code), and only that one, before the actions.
    @Test func aWrongCodeTakenBackByTheBranchIsAskedAgain() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\n111111\na note\ncheck\n123456\n\n",
                                             directory: try FlowrunProcess.folder(holding: Self.verify))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("> check\nWrong code.\nCode (or /look_up): ******\nActions: "), "only the code is asked again: \(outcome.stderr)")
        let values = try #require((try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])?["values"] as? [String: [String: Any]])
        #expect(values["app"]?["note"] as? String == "a note", "the other answers are kept")
        #expect(!outcome.stderr.contains("111111"), "the secret is never shown")
    }

    /// cli.md 1.2: at the action prompt `/ID` asks field ID again, pre-filled, or chooses action ID.
    @Test func slashIdAtTheActionPromptAsksAFieldAgainOrChoosesAnAction() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\n123456\n\n/email\nbob\n/nothing\n/check\n",
                                             directory: try FlowrunProcess.folder(holding: Self.verify))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("> /email\nEmail [ada] (or /look_up): bob\nActions: "), "pre-filled, then the action prompt again: \(outcome.stderr)")
        #expect(outcome.stderr.contains("! 'nothing' is not an action of this screen."), "\(outcome.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(result["status"] as? String == "finished", "/check chose check")
        #expect((result["values"] as? [String: [String: Any]])?["app"]?["email"] as? String == "bob")
    }

    /// Spec §5 1.2: a screen uncovered when a child flow over it finishes shows the action
    /// prompt again with its answers; one whose child is dismissed by `back` asks again.
    @Test func anUncoveredScreenKeepsItsAnswersAndBackAsksThemAgain() throws {
        let directory = try FlowrunProcess.folder(holding: Self.verify)
        let finished = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\n123456\n\nlook_up\nx\nfound\n\n", directory: directory)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("Looked up.\n\n[app] verify\nActions: "), "no field asked again: \(finished.stderr)")
        let dismissed = try FlowrunProcess.run(["run", "f.yaml"], stdin: "ada\n123456\n\nlook_up\nx\nback\n\n", directory: directory)
        #expect(dismissed.stderr.contains("[app] verify\nEmail [ada] (or /look_up): "), "a back onto the screen asks again, pre-filled: \(dismissed.stderr)")
    }
}
