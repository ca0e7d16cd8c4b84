import Foundation
import Testing
import TestSupport

/// Secrets are masked by where a value came from, not by its text (cli.md): a secret
/// field's variable and what `set` computes from it show as `******` inside templates;
/// every other text and value stays as it is, on screen and in `--state`.
@Suite struct SecretProvenanceTests {
    static let flow = """
    version: 1
    flow: app
    start: s
    variables: { theme: midnight-blue, accounts: "blue-team,red-team", note: "", size: 0 }
    screens:
      s:
        title: "Theme {{ theme }}"
        text: "Accounts: {{ accounts }}. Note: {{ note }}. Size: {{ size }}."
        fields:
          - { id: pin, type: secret }
        actions: [keep, clear, leave]
        on:
          keep: { set: { note: '"pin " + pin', size: 'size(pin)' }, push: shown }
          clear: { set: { note: '"cleared"' }, push: shown }
          leave: { exit: { code: 0, message: "Bye {{ theme }}, {{ pin }}." } }
      shown:
        text: "Now: {{ note }} ({{ size }})"
        actions: [back, quit]
    """

    private func directory() throws -> URL {
        try FlowrunProcess.folder(holding: Self.flow)
    }

    /// A choice whose options are computed from a secret: what is typed at it (the secret
    /// itself, chosen by value) is neither echoed nor written in the transcript.
    @Test func aLineTypedAtAChoiceOfSecretOptionsIsNeverRepeated() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: pw, type: secret }
              - { id: pick, type: choice, options: '[pw, "other"]' }
            actions: [quit]
        """)
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--transcript", "t.jsonl"], stdin: "secretlow\nsecretlow\nquit\n",
                                         directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Pick (1. ******, 2. ******): ******"), "\(run.stderr)")
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        for shown in [run.stderr, transcript] { #expect(!shown.contains("secretlow"), "\(shown)") }
    }

    @Test func textThatHappensToContainASecretIsShownAsWritten() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "blue\nleave\n", directory: try directory())
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("Theme midnight-blue"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Accounts: blue-team,red-team."))
        #expect(outcome.stderr.contains("Bye midnight-blue, ******."), "only the interpolated secret is masked")
        #expect(!outcome.stderr.contains("midnight-******"))
    }

    @Test func valuesComputedFromASecretAreMaskedUntilSetFromSomethingElse() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "blue\nkeep\nback\n\nclear\nquit\n", directory: try directory())
        #expect(outcome.stderr.contains("Now: ****** (******)"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Now: cleared (******)"), "a set from other values is shown again")
    }

    @Test func theStateKeepsEveryOtherValueAndAResumeNamesWhatWasLeftOut() throws {
        let directory = try directory()
        _ = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--output", "none"], stdin: "blue\nkeep\n", directory: directory)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("st.json"))) as? [String: Any])
        let state = try #require(saved["state"] as? [String: Any])
        let variables = try #require((state["flows"] as? [[String: Any]])?.first?["variables"] as? [String: Any])
        #expect(variables["theme"] as? String == "midnight-blue")
        #expect(variables["accounts"] as? String == "blue-team,red-team")
        #expect(variables["note"] is NSNull && variables["size"] is NSNull && variables["pin"] is NSNull)
        let text = try String(contentsOf: directory.appendingPathComponent("st.json"), encoding: .utf8)
        #expect(!text.contains("pin blue"))
        // The pin is asked again first (screen `s`, under this one, reads it): no answer, then quit.
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--resume", "--output", "none"], stdin: "\nquit\n", directory: directory)
        #expect(resumed.stderr.contains("warning: not saved, as they are secrets or were computed from secrets, and not asked again, so now back to their initial values: app.note, app.size\n"),
                "\(resumed.stderr)")
        #expect(resumed.stderr.contains("asking again for those the run still reads: app.pin"), "\(resumed.stderr)")
        #expect(resumed.status == 0, "\(resumed.stderr)")
    }

    /// A short secret, and one transformed, repeated in every place a screen can show a
    /// template or a value: the label, help, placeholder, default, option labels (listed
    /// and computed), action labels, text, `say`, and a failure's message. None of them
    /// shows it; a default or an option computed from it is a secret too, so neither the
    /// state nor the transcript holds it.
    @Test func aSecretRepeatedEverywhereIsShownNowhere() throws {
        let flow = """
            version: 1
            flow: app
            start: ask
            variables: { up: "", n: 0 }
            on:
              next: { set: { up: "upperAscii(pw)" }, push: shown }
              show: { say: "said {{ pw }} {{ up }}", set: { n: "int(up)" } }
              finish: { exit: { code: 0 } }
            screens:
              ask:
                fields: [{ id: pw, type: secret }]
                actions: [next]
              shown:
                text: "text {{ pw }} {{ up }} {{ lowerAscii(up) }}"
                fields:
                  - { id: copy, label: "label {{ up }}", help: "help {{ pw }}", placeholder: "placeholder {{ up }}", default: "{{ up }}", pattern: "abc" }
                  - id: listed
                    type: choice
                    options: [{ value: x, label: "option {{ pw }}" }]
                  - { id: computed, type: choice, options: "[pw, up]" }
                actions:
                  - { id: show, label: "action {{ up }}" }
                  - { id: finish, label: "Finish" }
            """
        let directory = try FlowrunProcess.folder(holding: flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--state", "state.json", "--transcript", "t.jsonl", "--output", "none"],
                                             stdin: "q7\nnext\nx\n\nabc\n1\nzzz\n2\nshow\nfinish\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("label ******"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[******]"), "the default is there, masked")
        #expect(outcome.stderr.contains("said ****** ******"))
        // Refusals: a typed answer is the user's own and is quoted; the default and the
        // options computed from the secret are not.
        #expect(outcome.stderr.contains("'x' does not have the expected form."), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("The answer does not have the expected form."), "the default, computed from the secret, is not quoted")
        #expect(outcome.stderr.contains("'zzz' is not one of the options (1. ******, 2. ******)."), "\(outcome.stderr)")
        let state = try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8)
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        for (text, what) in [(outcome.stderr, "stderr"), (state, "the state"), (transcript, "the transcript")] {
            for secret in ["q7", "Q7"] {
                #expect(!text.contains(secret), "\(what) shows '\(secret)': \(text)")
            }
        }
    }

    static let secretFlow = """
    version: 1
    flow: app
    start: s
    variables: { note: "" }
    screens:
      s:
        fields:
          - { id: pin, type: secret }
          - { id: code, when: "int(pin) > 0" }
        actions: [keep, leave]
        on:
          keep: { set: { note: "'pin is ' + pin" }, say: "Stored {{ pin }}." }
          leave: { exit: { code: 0, message: "Bye {{ pin }}." } }
    """

    @Test func secretsRepeatedByAFlowNeverReachTheLogsTheTranscriptOrTheState() throws {
        let directory = try FlowrunProcess.folder(holding: Self.secretFlow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--transcript", "t.jsonl"],
                                             stdin: "hunter2abc\nkeep\nleave\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let state = try String(contentsOf: directory.appendingPathComponent("st.json"), encoding: .utf8)
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        for (place, text) in [("stderr", outcome.stderr), ("state", state), ("transcript", transcript)] {
            #expect(!text.contains("hunter2"), "the secret shows in \(place)")
        }
        #expect(outcome.stderr.contains("Stored ******."))
        #expect(outcome.stderr.contains("Bye ******."))
        #expect(transcript.contains(#""text":"'int(pin) > 0' failed: a value computed from a secret did not fit (not shown); counted as false""#))
        // The caller asked for the values: the result document has them.
        #expect(outcome.stdout.contains("hunter2abc"))
    }

    static let slashFlow = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields:
          - { id: pin, type: secret }
        actions: [leave]
        on:
          leave: { exit: { code: 0 } }
    """

    /// At a secret field a line is never repeated, whatever it starts with (cli.md 1.2): a
    /// line `/…` that names no action is refused without being quoted, and its echo is
    /// the mask, on stderr and in the transcript.
    @Test func aSecretLineStartingWithASlashIsNeverRepeated() throws {
        let directory = try FlowrunProcess.folder(holding: Self.slashFlow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--transcript", "t.jsonl", "--output", "none"],
                                             stdin: "/hunter2\nabcd\nleave\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! That is not an action of this screen.\n"), "\(outcome.stderr)")
        let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
        #expect(transcript.contains(#""text":"That is not an action of this screen.""#), "\(transcript)")
        for (place, text) in [("stderr", outcome.stderr), ("the transcript", transcript)] {
            #expect(!text.contains("hunter2"), "the secret shows in \(place): \(text)")
        }
    }

    /// The same line in a flow test: the report names the refused line masked and quotes
    /// nothing of it, in every format.
    @Test(arguments: ["text", "json", "junit"])
    func aSecretLineStartingWithASlashIsNeverRepeatedInATestReport(format: String) throws {
        let directory = try FlowrunProcess.folder(holding: Self.slashFlow)
        try """
        flow: f.yaml
        cases:
          - name: a mistyped secret
            input: [/hunter2, abcd, leave]
            expect: { status: cancelled }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml", "--format", format], directory: directory)
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("That is not an action of this screen."), "the refusal is reported: \(outcome.stdout)")
        #expect(!outcome.stdout.contains("hunter2") && !outcome.stderr.contains("hunter2"), "\(outcome.stdout)")
    }
}
