import Foundation
import Testing
import TestSupport

/// `--state`/`--resume`: progress survives SIGKILL at any point, signals exit with
/// 130/143 after saving, and no secret is ever written to the state.
@Suite(.serialized) struct ResumeTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")
    static let script = ["sign_in", "alice", "guess", "submit", "retry", "", "wonderland", "submit", "quit"]

    /// A run of `flowrun` fed one line at a time, waiting for each to be saved.
    final class LiveRun {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let statePath: String

        init(_ arguments: [String], directory: URL, statePath: String) throws {
            self.statePath = statePath
            process.executableURL = FlowrunProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var savedState: Data? { FileManager.default.contents(atPath: statePath) }

        /// Writes a line and waits (up to 5 s) until the state file has changed.
        func feed(_ line: String) {
            let before = savedState
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            waitForChange(from: before)
        }

        func waitForChange(from before: Data?) {
            let deadline = Date().addingTimeInterval(5)
            while savedState == before, Date() < deadline { usleep(10_000) }
        }

        func signal(_ number: Int32) -> Int32 {
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func result(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The result without secret values, which a resumed run asks for again.
    private func comparable(_ result: [String: Any]) -> String {
        var values = result["values"] as? [String: [String: Any]] ?? [:]
        values["login"]?["password"] = nil
        let kept: [String: Any] = ["status": result["status"] ?? "", "path": result["path"] ?? [], "values": values]
        return (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Lines fed before the kill, and the secrets the resume asks again first: after line 4
    /// the run is on `failed`, and `login`, still running, reads the password typed before.
    @Test(arguments: [(1, [String]()), (2, []), (4, ["guess"]), (5, []), (8, [])])
    func aRunKilledAtAnyPointResumesToTheSameResult(killAfter lines: Int, askedAgain: [String]) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let whole = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path],
                                           stdin: Self.script.joined(separator: "\n") + "\n")
        let live = try LiveRun(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state],
                               directory: directory, statePath: state)
        live.waitForChange(from: nil)
        for line in Self.script.prefix(lines) { live.feed(line) }
        #expect(live.signal(SIGKILL) == SIGKILL)
        let saved = try #require(live.savedState)
        // The accounts map holds "wonderland" as data; the answer typed is never saved.
        #expect(!String(decoding: saved, as: UTF8.self).contains(#""password":"wonderland""#))
        #expect(!String(decoding: saved, as: UTF8.self).contains("guess"))
        let rest = (askedAgain + Self.script.dropFirst(lines)).joined(separator: "\n") + "\n"
        let resumed = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"],
                                             stdin: rest, directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(comparable(try result(resumed.stdout)) == comparable(try result(whole.stdout)))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func aSignalSavesTheStateAndExitsWithItsCode(signal: Int32, status: Int32) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let live = try LiveRun(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state],
                               directory: directory, statePath: state)
        live.waitForChange(from: nil)
        live.feed("sign_in")
        live.feed("alice")
        #expect(live.signal(signal) == status)
        #expect(live.process.terminationReason == .exit)
        let resumed = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"],
                                             stdin: "wonderland\nsubmit\nquit\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try result(resumed.stdout)["screen"] as? String == "home")
    }

    /// A program killed because flowrun is stopping did not complete: the state saved is
    /// the one before the action that ran it, not one where `into` holds exit code 137, so
    /// a resume offers the action again.
    @Test func aProgramKilledByTheStoppingSignalIsNotSavedAsCompleted() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { out: {} }
        screens:
          s:
            actions: [go, quit]
            on:
              go:
                run: { command: [sh, -c, "touch started; exec sleep 10"], into: out }
                say: "ran"
        """)
        let state = directory.appendingPathComponent("state.json").path
        let live = try LiveRun(["run", "--plain", "--trust", directory.appendingPathComponent("f.yaml").path, "--state", state],
                               directory: directory, statePath: state)
        live.waitForChange(from: nil)
        live.input.fileHandleForWriting.write(Data("go\n".utf8))
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("started").path), Date() < deadline { usleep(10_000) }
        #expect(live.signal(SIGTERM) == 143)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(!saved.contains("137") && saved.contains(#""out":{}"#) && saved.contains(#""phase":{"action":{}}"#), "\(saved)")
    }

    @Test func aRunWhoseInputEndedResumesAtTheSameQuestion() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let flow = flows.appendingPathComponent("signin.yaml").path
        let first = try FlowrunProcess.run(["run", flow, "--state", state, "--set", "username=alice"], stdin: "sign_in\n")
        #expect(first.status == 3)
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let result = try self.result(resumed.stdout)
        #expect(result["screen"] as? String == "home")
        #expect((result["path"] as? [String])?.first == "login/welcome", "the path goes on from the saved one")
    }

    @Test func aStateOfAnotherFlowIsRefused() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        _ = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state], stdin: "sign_in\n")
        let other = try FlowrunProcess.run(["run", flows.appendingPathComponent("notes.yaml").path, "--state", state, "--resume"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("the flow has changed since the state was saved: "))
    }

    /// A state saved on the credentials screen of signin.yaml, with the flow copied beside it.
    private func savedOnCredentials() throws -> (directory: URL, state: String) {
        let directory = try FlowrunProcess.temporaryDirectory()
        for name in ["signin.yaml", "reset-password.yaml"] {
            try FileManager.default.copyItem(at: flows.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let state = directory.appendingPathComponent("state.json").path
        let first = try FlowrunProcess.run(["run", directory.appendingPathComponent("signin.yaml").path, "--state", state], stdin: "sign_in\nalice\n")
        #expect(first.status == 3)
        return (directory, state)
    }

    /// A flow edited after its state was saved: the resume is refused, naming what changed.
    @Test(arguments: [
        ("          - { id: username, label: User name, required: true, min: 3, placeholder: alice }\n          - { id: password, type: secret, label: Password, required: true }\n",
         "          - { id: password, type: secret, label: Password, required: true }\n          - { id: username, label: User name, required: true, min: 3, placeholder: alice }\n",
         "field 1 of screen 'login/credentials' was 'username', text; is now 'password', secret"),
        ("attempts", "tries", "variable 'login.attempts' is gone; variable 'login.max_attempts' is gone; variable 'login.max_tries' is new (int); variable 'login.tries' is new (int)"),
        ("                  - { value: contrast, label: High contrast }\n", "",
         "options of 'settings/profile.chosen_theme' was light, dark, contrast; is now light, dark"),
    ])
    func aChangedFlowIsRefusedNamingTheChange(old: String, new: String, named: String) throws {
        let (directory, state) = try savedOnCredentials()
        let file = directory.appendingPathComponent("signin.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", file.path, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the flow has changed since the state was saved: "), "\(resumed.stderr)")
        #expect(resumed.stderr.contains(named), "\(resumed.stderr)")
    }

    /// A state edited by hand: each value is checked against the flow on resume.
    @Test(arguments: [
        (#""attempts":0"#, #""attempts":"abc""#, "'login.attempts' holds 'abc', not a value of type int"),
        (#""attempts":0"#, #""attempts":0,"admin":true"#, "flow 'login' holds 'admin', which is not one of its variables"),
        (#""path":["login\/welcome","login\/credentials"]"#, #""path":[]"#, "its path does not end with the screen on display"),
        (#""username":"alice""#, #""username":"al""#, "'login.username' holds 'al', which its field refuses: Must be at least 3 characters."),
        // A value quoted in the message never drives the terminal.
        (#""attempts":0"#, #""attempts":"\u001b[2J""#, "'login.attempts' holds '\\u{1b}[2J', not a value of type int"),
        // More screens than a run stacks.
        (#""stack":[0,1]"#, #""stack":[0"# + String(repeating: ",1", count: 1_000) + "]",
         "flow 'login' has 1001 screens on its stack, more than the 1000 a run allows"),
    ])
    func anEditedValueIsRefused(old: String, new: String, named: String) throws {
        let (directory, state) = try savedOnCredentials()
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: state, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", directory.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"],
                                             stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the saved state is damaged: " + named), "\(resumed.stderr)")
    }

    /// A state file behind a link (to a file of its kind) is written through it and read
    /// back through it.
    @Test func aStateBehindALinkResumes() throws {
        let (directory, state) = try savedOnCredentials()
        let link = directory.appendingPathComponent("current.json").path
        #expect(symlink(state, link) == 0)
        let resumed = try FlowrunProcess.run(["run", directory.appendingPathComponent("signin.yaml").path, "--state", link, "--resume"],
                                             stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("Welcome, alice!"), "\(resumed.stderr)")
    }

    /// A state the decoder cannot read is refused at the place it cannot read, in words,
    /// not the decoder's own.
    @Test func anUnreadableStateNamesWhereItCannotBeRead() throws {
        let (directory, state) = try savedOnCredentials()
        let text = try String(contentsOfFile: state, encoding: .utf8)
        try text.replacingOccurrences(of: #""stack":[0,1]"#, with: #""stack":["x"]"#).write(toFile: state, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", directory.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"], stdin: "")
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the saved state is not readable: at state.flows[1].stack[0]: this value is not one a saved state holds here"),
                "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("DecodingError") && !resumed.stderr.contains("typeMismatch"), "\(resumed.stderr)")
    }

    /// A multichoice list naming an option more than once, as no answer can, is refused
    /// when restored.
    @Test func aRestoredChoiceRepeatingAnOptionIsRefused() throws {
        let directory = try FlowrunProcess.folder(holding: """
            version: 1
            flow: app
            start: s
            screens:
              s:
                fields:
                  - { id: pick, type: multichoice, options: [a, b, c] }
                  - { id: n, type: number }
                actions: [quit]
            """)
        let first = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json"], stdin: "a, b\n", directory: directory)
        #expect(first.status == 3, "\(first.stderr)")
        let state = directory.appendingPathComponent("st.json")
        let text = try String(contentsOf: state, encoding: .utf8)
        #expect(text.contains(#""pick":["a","b"]"#), "\(text)")
        try text.replacingOccurrences(of: #""pick":["a","b"]"#, with: #""pick":["a","a","a"]"#).write(to: state, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json", "--resume"], stdin: "2\nquit\n", directory: directory)
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the saved state is damaged: 'app.pick' holds"), "\(resumed.stderr)")
        #expect(resumed.stderr.contains("An option is chosen more than once"), "\(resumed.stderr)")
    }

    /// Runs signin.yaml with `--state` on `lines` until input ends (exit 3, the state saved
    /// as a kill after the last line would leave it): the flow's path and the state's.
    private func signUpStoppedAfter(_ lines: String) throws -> (flow: String, state: String) {
        let state = try FlowrunProcess.temporaryDirectory().appendingPathComponent("state.json").path
        let flow = flows.appendingPathComponent("signin.yaml").path
        let first = try FlowrunProcess.run(["run", flow, "--state", state], stdin: lines)
        #expect(first.status == 3)
        return (flow, state)
    }

    /// Killed between "create account" and "submit": the new password lives on only in
    /// values computed from it (the sign-up's result, the accounts map's new member), which
    /// cannot be asked again. The resume says so before it asks anything, instead of
    /// letting the sign-in fail without a word.
    @Test func valuesComputedFromASecretAreNamedBeforeAnythingIsAsked() throws {
        let (flow, state) = try signUpStoppedAfter("sign_up\nada@example.com\nada\ncontinue\nlovelace1\nlovelace1\ny\ncreate\n")
        #expect(!(try String(contentsOfFile: state, encoding: .utf8)).contains("lovelace1"))
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "\nlovelace1\nsubmit\nquit\n")
        let warning = try #require(resumed.stderr.split(separator: "\n").first { $0.contains("so now empty: ") })
        #expect(warning.contains(#"app.accounts["ada"]"#) && warning.contains("signup.password"), "\(warning)")
        let named = try #require(resumed.stderr.range(of: "so now empty: "))
        let firstScreen = try #require(resumed.stderr.range(of: "Sign in"))
        #expect(named.lowerBound < firstScreen.lowerBound, "named before the screen is shown and anything asked")
    }

    /// Killed on the "Choose a password" form after both passwords were typed: the resume
    /// asks both again, by their labels, says why, and the account is created.
    @Test func secretFieldsStillReadAreAskedAgainByTheirLabels() throws {
        let (flow, state) = try signUpStoppedAfter("sign_up\nada@example.com\nada\ncontinue\nlovelace1\nlovelace1\ny\n")
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"],
                                             stdin: "lovelace1\nlovelace1\ncreate\n\nlovelace1\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("asking again for those the run still reads: signup.new_password, signup.password_again"))
        #expect(resumed.stderr.contains("(asked again: secrets are never saved, and the run still reads this one)\nPassword: "))
        #expect(resumed.stderr.contains("(asked again: secrets are never saved, and the run still reads this one)\nPassword (again): "))
        #expect(try result(resumed.stdout)["screen"] as? String == "home", "the new account signs in with the password asked again")
    }

    /// A run whose root's active child ended on a `terminal` screen (incident.yaml's
    /// timeline), and one a branch ended with `exit`: `--resume` of the state each wrote
    /// prints its result document again, in the --output format asked, and exits with its
    /// code, asking nothing.
    @Test func aRunThatEndedResumesToItsResultAskingNothing() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let incident = flows.appendingPathComponent("incident.yaml").path
        let whole = try FlowrunProcess.run(["run", "--trust", incident, "--state", state], stdin: "DB down\napi\nsev2\ncheck\nok\nnext\nrecovered\n")
        #expect(whole.status == 0, "\(whole.stderr)")
        let again = try FlowrunProcess.run(["run", "--trust", incident, "--state", state, "--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        // The report's time is computed (`now()`): the rest is the run's.
        let withoutTime = { (document: [String: Any]) -> NSDictionary in
            var values = document["values"] as? [String: [String: Any]] ?? [:]
            values["timeline"]?["report_time"] = nil
            return document.merging(["values": values]) { $1 } as NSDictionary
        }
        #expect(withoutTime(try result(again.stdout)) == withoutTime(try result(whole.stdout)))
        #expect(!again.stderr.contains("?") && !again.stderr.contains("> "), "nothing is asked: \(again.stderr)")
        let yaml = try FlowrunProcess.run(["run", "--trust", incident, "--state", state, "--resume", "--output", "yaml"])
        #expect(yaml.status == 0 && yaml.stdout.hasPrefix("status: finished\nexit_code: 0\n"), "\(yaml.stdout)")

        let signin = flows.appendingPathComponent("signin.yaml").path
        let exited = try FlowrunProcess.run(["run", signin, "--state", state], stdin: "sign_in\nalice\nx\nsubmit\nretry\n\ny\nsubmit\nretry\n\nz\nsubmit\n")
        #expect(exited.status == 4, "\(exited.stderr)")
        let exitedAgain = try FlowrunProcess.run(["run", signin, "--state", state, "--resume"])
        #expect(exitedAgain.status == 4, "\(exitedAgain.stderr)")
        #expect(try result(exitedAgain.stdout)["message"] as? String == "Too many failed attempts for alice.")
    }

    /// An ending edited into a state is one a run of the flow can have, or the resume is refused.
    @Test func anEditedEndingIsRefused() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let signin = flows.appendingPathComponent("signin.yaml").path
        _ = try FlowrunProcess.run(["run", signin, "--state", state], stdin: "sign_in\nalice\nx\nsubmit\nretry\n\ny\nsubmit\nretry\n\nz\nsubmit\n")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(#""exitCode":4"#), "\(text)")
        try text.replacingOccurrences(of: #""exitCode":4"#, with: #""exitCode":77"#).write(toFile: state, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", signin, "--state", state, "--resume"])
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the saved state is damaged: it ended as 'exited' with exit code 77, which no run of the flow does"), "\(resumed.stderr)")
    }

    /// Killed after a secret was kept in a list: the list, computed from the secret, is
    /// lost. It comes back as its declared initial value, the empty list, not `null`, and
    /// the warning says so.
    @Test func aLostValueGoesBackToItsInitialValue() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let flow = directory.appendingPathComponent("history.yaml").path
        try """
        version: 1
        flow: app
        start: s
        variables: { history: [] }
        screens:
          s:
            fields: [{ id: pin, type: secret }]
            actions: [keep, quit]
            on:
              keep: { set: { history: '[pin] + history' }, say: 'Kept {{ size(history) }}.' }
        """.write(toFile: flow, atomically: true, encoding: .utf8)
        let state = directory.appendingPathComponent("state.json").path
        let first = try FlowrunProcess.run(["run", flow, "--state", state], stdin: "1234\nkeep\n")
        #expect(first.status == 3, "\(first.stderr)")
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "5678\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("and not asked again, so now back to their initial values: app.history\n"), "\(resumed.stderr)")
        let document = try result(resumed.stdout)
        #expect((document["values"] as? [String: [String: Any]])?["app"]?["history"] as? [Any] != nil, "a list, as declared")
    }

    /// A state saved by a real run, edited, and resumed with `lines`: its result.
    private func resumeEdited(_ flow: String, stoppedAfter first: String, replacing old: String, with new: String,
                              then lines: String) throws -> ProcessRunner.Outcome {
        let state = try FlowrunProcess.temporaryDirectory().appendingPathComponent("state.json").path
        let path = flows.appendingPathComponent(flow).path
        let stopped = try FlowrunProcess.run(["run", "--trust", path, "--state", state], stdin: first)
        #expect(stopped.status == 3, "\(stopped.stderr)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: state, atomically: true, encoding: .utf8)
        return try FlowrunProcess.run(["run", "--trust", path, "--state", state, "--resume"], stdin: lines)
    }

    /// The saved position moved past both required fields of the credentials screen: the
    /// resume asks them, from the first that holds no answer.
    @Test func aSavedPositionMovedPastRequiredFieldsAsksThemAgain() throws {
        let resumed = try resumeEdited("signin.yaml", stoppedAfter: "sign_in\n", replacing: #""phase":{"field":{"_0":0}}"#,
                                       with: #""phase":{"action":{}}"#, then: "alice\nwonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("User name (or /forgot_password): alice"), "\(resumed.stderr)")
        #expect(try result(resumed.stdout)["screen"] as? String == "home")
    }

    /// The list of secrets left out, emptied: the password answered before the saved
    /// position held an answer, so it is asked again all the same.
    @Test func anEmptiedListOfSecretsLeftOutStillAsksThemAgain() throws {
        let resumed = try resumeEdited("signin.yaml", stoppedAfter: "sign_in\nalice\nguess\n", replacing: #""forgottenSecrets":["login.password"]"#,
                                       with: #""forgottenSecrets":[]"#, then: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("asking again for those the run still reads: login.password"), "\(resumed.stderr)")
        #expect(try result(resumed.stdout)["screen"] as? String == "home")
    }

    /// A flow whose screen `a` asks `x` (of `type`, required) and pushes `b`: run until
    /// input ends on `b`, the saved state edited, and resumed with `lines`.
    private func resumeCovered(type: String, replacing old: String, with new: String, then lines: String) throws -> ProcessRunner.Outcome {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: a
        screens:
          a:
            fields: [{ id: x, type: \(type), required: true }]
            actions: [next]
            on: { next: { push: b } }
          b:
            fields: [{ id: y }]
            actions: [finish]
            on: { finish: { finish: true } }
        """)
        let flow = directory.appendingPathComponent("f.yaml").path
        let state = directory.appendingPathComponent("state.json").path
        let stopped = try FlowrunProcess.run(["run", "--plain", flow, "--state", state], stdin: "hello\nnext\n")
        #expect(stopped.status == 3, "\(stopped.stderr)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: state, atomically: true, encoding: .utf8)
        return try FlowrunProcess.run(["run", "--plain", flow, "--state", state, "--resume"], stdin: lines)
    }

    /// A required answer emptied on a screen covered by the one on display: the resume asks
    /// it again before going on, and the run does not finish with it empty.
    @Test func aRequiredAnswerEmptiedOnACoveredScreenIsAskedAgain() throws {
        let resumed = try resumeCovered(type: "text", replacing: #""x":"hello""#, with: #""x":null"#, then: "\nagain\nyy\nfinish\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("asking them again: app.x"), "\(resumed.stderr)")
        #expect(resumed.stderr.contains("An answer is required."), "\(resumed.stderr)")
        #expect((try result(resumed.stdout)["values"] as? [String: [String: Any]])?["app"]?["x"] as? String == "again")
    }

    /// The list of secrets left out, emptied, with the secret on a covered screen: the
    /// secret is asked again all the same, computed from the flow and the values.
    @Test func anEmptiedListOfSecretsStillAsksASecretOnACoveredScreen() throws {
        let resumed = try resumeCovered(type: "secret", replacing: #""forgottenSecrets":["app.x"]"#, with: #""forgottenSecrets":[]"#,
                                        then: "\nagain\nyy\nfinish\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("asking again for those the run still reads: app.x"), "\(resumed.stderr)")
        #expect(resumed.stderr.contains("An answer is required."), "\(resumed.stderr)")
    }

    /// A message edited into an ending whose `exit` has none: the resume is refused.
    @Test func aMessageEditedIntoAnExitWithoutOneIsRefused() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: a
        screens:
          a:
            actions: [stop]
            on: { stop: { exit: { code: 5 } } }
        """)
        let flow = directory.appendingPathComponent("f.yaml").path
        let state = directory.appendingPathComponent("state.json").path
        let ended = try FlowrunProcess.run(["run", "--plain", flow, "--state", state], stdin: "stop\n")
        #expect(ended.status == 5, "\(ended.stderr)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(#""exitCode":5,"#), "\(text)")
        try text.replacingOccurrences(of: #""exitCode":5,"#, with: #""exitCode":5,"message":"All checks passed.","#)
            .write(toFile: state, atomically: true, encoding: .utf8)
        let resumed = try FlowrunProcess.run(["run", "--plain", flow, "--state", state, "--resume"])
        #expect(resumed.status == 2, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("the saved state is damaged: it ended as 'exited' with exit code 5"), "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("All checks passed."), "\(resumed.stderr)")
    }

    /// Runs added to a `for_each` (7 services for the 2 chosen): the elements are those
    /// its `for_each` gives, computed again, and 2 services are checked.
    @Test func aRepetitionRunsOverTheElementsItsFlowGivesWhateverTheFileSays() throws {
        let resumed = try resumeEdited("incident.yaml", stoppedAfter: "DB down\napi,db\nsev2\ncheck\n", replacing: #""elements":["api","db"]"#,
                                       with: #""elements":["api","db","web","queue","api","db","web"]"#, then: "ok\nnext\nok\nnext\nrecovered\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let results = (try result(resumed.stdout)["values"] as? [String: [String: Any]])?["checks"]?["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["service"] as? String } == ["api", "db"])
    }

    /// `--state` saves the whole stack after every step: a flow that pushes forever stops
    /// at the stack limit (1,000 screens), with a message, before saving grows slow.
    @Test func aFlowThatPushesForeverStopsAtTheStackLimit() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: deep
        start: page
        on:
          more: { push: page }
        screens:
          page:
            actions: [more, quit]
        """)
        let state = directory.appendingPathComponent("state.json").path
        let started = Date()
        let run = try FlowrunProcess.run(["run", "--plain", directory.appendingPathComponent("f.yaml").path, "--state", state, "--output", "none"],
                                         stdin: String(repeating: "more\n", count: 1_000) + "quit\n", timeout: 120)
        #expect(run.status == 2, "\(run.stderr.suffix(300))")
        #expect(run.stderr.contains("flow 'deep' has 1000 screens on its stack, the limit (a push loop?)"))
        #expect(Date().timeIntervalSince(started) < 60, "1,000 saves of a growing stack stay fast")
    }

    @Test func aShortSecretDoesNotWipeOtherAnswersFromTheState() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("st.json").path
        let flow = flows.appendingPathComponent("signin.yaml").path
        _ = try FlowrunProcess.run(["run", flow, "--state", state], stdin: "sign_in\nalice\na\n")
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try result(resumed.stdout)["screen"] as? String == "home")
    }

    @Test func anUnwritableStateStopsTheRunBeforeItStarts() throws {
        let outcome = try FlowrunProcess.run(["run", "signin.yaml", "--state", "/nonexistent/state.json"], stdin: "quit\n", directory: flows)
        #expect(outcome.status == 74, "an output that cannot be written (cli.md 1.1)")
        #expect(outcome.stdout.isEmpty, "the run never started")
        #expect(outcome.stderr.contains("flowrun: error: cannot write '/nonexistent/state.json'"))
    }
}
