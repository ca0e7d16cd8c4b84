import Foundation
import Testing
import TestSupport
import FlowExpressions

/// The terminal shows a screen as one form (spec §5 1.1): fields, then an action bar;
/// Tab and Shift-Tab move between them, answers are edited in place, action keys work
/// at any moment, actions that need answers are dim until they are given, and the form
/// follows the terminal's width. Driven through a real pseudo-terminal.
@Suite(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the pty driver needs it"))
struct TerminalFormTests {
    typealias Step = PtyDriver.Step
    static let tab = PtyDriver.tab, backTab = PtyDriver.backTab, enter = PtyDriver.enter

    static let flow = """
    version: 1
    flow: app
    start: form
    screens:
      form:
        title: Sign in
        fields:
          - { id: name, label: Name, required: true }
          - { id: team, label: Team, required: true }
        actions:
          - { id: submit, label: Sign in, key: s, default: true }
          - { id: forgot, label: Forgot password?, key: f, validate: false }
          - { id: help_me, label: Help me with signing in please, key: h, validate: false }
        on:
          submit: { finish: true }
          forgot: { push: reset }
          help_me: { say: "Ask at the desk." }
      reset:
        title: Check your e-mail
        actions: [back]
    """

    private func drive(_ steps: [Step], flow: String = Self.flow) throws -> PtyDriver.Screen {
        try PtyDriver.drive(steps, flow: flow)
    }

    /// What the screen showed after the last occurrence of `marker`.
    private func after(_ marker: String, in screen: PtyDriver.Screen) -> Substring {
        screen.screen.range(of: marker, options: .backwards).map { screen.screen[$0.upperBound...] } ?? ""
    }

    @Test func tabMovesToTheBarAndShiftTabBackToTheField() throws {
        let screen = try drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Team:"), .send("core" + Self.tab),
            .expect("Choose:"), .send(Self.backTab), .wait(150), .send(Self.tab), .expect("Choose:"), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let back = try #require(screen.screen.range(of: "Choose:")).upperBound
        #expect(screen.screen[back...].contains("Team:\u{1B}[0m core"), "Shift-Tab goes back to the field, its answer in the editor")
        #expect(try screen.appValues()["team"] as? String == "core")
        #expect(screen.terminal_restored)
    }

    @Test func anEarlierAnswerIsEditedInPlace() throws {
        let screen = try drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Team:"),
            .send(Self.backTab), .wait(150), .send("m" + Self.tab), .wait(150), .send("core" + Self.tab), .expect("Choose:"), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(try screen.appValues()["name"] as? String == "Adam", "the editor held 'Ada' with the cursor at its end")
        #expect(screen.terminal_restored)
    }

    @Test func anActionKeyWorksDuringAField() throws {
        let screen = try drive([.expect("Name:"), .send("Ad\u{1B}f"), .expect("Check your e-mail"), .send("\u{4}")])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.screen.contains("[f] Forgot password?"), "each action's key is shown")
        #expect(screen.terminal_restored)
        let result = try screen.result()
        #expect(result["path"] as? [String] == ["app/form", "app/reset"], "Alt-f chose 'forgot' before the fields were answered")
    }

    @Test func anActionThatNeedsTheAnswersIsDimUntilTheyAreGiven() throws {
        let screen = try drive([
            .expect("Name:"), .send("\u{1B}s"), .expect("Answer the questions"),
            .send("Ada" + Self.tab), .expect("Team:"), .send("core" + Self.tab), .expect("Choose:"), .send("s"),
        ])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.screen.contains("\u{1B}[2m  [s] Sign in"), "dim while fields are asked")
        #expect(after("Choose:", in: screen).contains("[s] Sign in"))
        let result = try screen.result()
        #expect(result["status"] as? String == "finished", "its key chose it once the fields were answered")
        #expect(screen.terminal_restored)
    }

    @Test func theFormIsWrappedAgainWhenTheTerminalNarrows() throws {
        let screen = try drive([
            .resize(rows: 24, columns: 100), .expect("Name:"), .wait(150), .send("Ada" + Self.tab), .expect("Team:"),
            .resize(rows: 24, columns: 40), .wait(300), .send("\u{3}"),
        ])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let redrawn = after("Team:", in: screen)
        let plain = redrawn.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
        let lines = plain.unicodeScalars.split(separator: "\n").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
        #expect(lines.contains { $0.contains("[h] Help me with signing in please") }, "each action stays whole: \(lines)")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines) in \(screen.screen.debugDescription)")
        #expect(screen.terminal_restored)
    }

    /// A line typed past the terminal's width stays on one row, shown around the cursor:
    /// the form, redrawn after each key, leaves no copies of its rows behind.
    @Test func aLineLongerThanTheTerminalLeavesNoCopiesOfTheForm() throws {
        let screen = try drive([.resize(rows: 24, columns: 40), .expect("Name:"), .wait(150), .send("first" + Self.tab), .expect("Team:"),
                                .send(String(repeating: "q", count: 60)), .wait(300), .send("\u{3}")])
        #expect(screen.expect_failed == nil, "\(screen.rendered)")
        let rows = screen.rendered.components(separatedBy: "\n")
        #expect(rows.filter { $0.hasPrefix("Name: first") }.count == 1, "\(screen.rendered)")
        #expect(screen.screen.contains("Team:\u{1B}[0m …qqq"), "shown around the cursor: \(screen.screen.debugDescription)")
    }

    /// A list taller than the terminal shows the part around the entry chosen: moving
    /// through it leaves no copies of the form behind, and Enter takes the entry shown.
    @Test func aListTallerThanTheTerminalLeavesNoCopiesOfTheForm() throws {
        let options = (0..<40).map { "opt\($0 < 10 ? "0" : "")\($0)" }.joined(separator: ", ")
        let flow = "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: pick, type: choice, required: true, options: [\(options)] }]\n    actions: [quit]\n"
        let screen = try drive([.resize(rows: 12, columns: 60), .expect("Pick"), .wait(150)] + Array(repeating: .send(PtyDriver.down), count: 21)
                               + [.wait(300), .send(Self.enter), .expect("Choose"), .send("\u{3}")], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.rendered)")
        #expect(screen.rendered.components(separatedBy: "\n").filter { $0.hasPrefix("Pick") }.count == 1, "\(screen.rendered)")
        #expect(screen.rendered.contains("Pick: opt20"), "\(screen.rendered)")
    }

    @Test func aLongTextIsWrappedAtWords() throws {
        let words = (1...50).map { "word\($0)" }.joined(separator: " ")
        let flow = "version: 1\nflow: app\nstart: s\nscreens:\n  s: { text: \"\(words)\", actions: [quit] }\n"
        let screen = try drive([.expect("Choose:"), .send("\u{4}")], flow: flow)
        #expect(screen.expect_failed == nil)
        let plain = screen.screen.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
        let lines = plain.unicodeScalars.split(separator: "\n").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
        let textLines = lines.filter { $0.hasPrefix("word") }
        #expect(textLines.count >= 4, "\(lines)")
        #expect(textLines.allSatisfy { $0.count <= 80 })
        #expect(textLines.joined(separator: " ") == words, "broken at spaces only")
        #expect(screen.terminal_restored)
    }

    // MARK: Spec §5 1.2: reaching the bar, nothing selected, a program's stderr, resumed answers, `say` below the answers

    /// The lines of what the terminal shows at the end, scroll-back included.
    private func rows(_ screen: PtyDriver.Screen) -> [String] {
        screen.rendered.components(separatedBy: "\n")
    }

    /// Whether `texts` appear in this order on the terminal, each in a row of its own.
    private func inOrder(_ texts: [String], in screen: PtyDriver.Screen) -> Bool {
        var rest = rows(screen)[...]
        for text in texts {
            guard let found = rest.firstIndex(where: { $0.contains(text) }) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    @Test func aRequiredBooleanOrChoiceStartsWithNothingSelectedAndEnterIsRefusedAsInPlainMode() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: agree, label: Agree, type: boolean, required: true }
              - { id: colour, label: Colour, type: choice, required: true, options: [red, green] }
            actions: [{ id: done, default: true }]
            on: { done: { finish: true } }
        """
        let plain = try FlowrunProcess.run(["run", "f.yaml"], stdin: "\n", directory: try FlowrunProcess.folder(holding: flow))
        let refusal = try #require(plain.stderr.components(separatedBy: "\n").first { $0.hasPrefix("! ") }?.dropFirst(2), "\(plain.stderr)")
        let screen = try drive([
            .expect("Agree"), .wait(150), .send(Self.enter), .expect(String(refusal)), .send(PtyDriver.down + Self.enter),
            .expect("Colour"), .wait(150), .send(Self.enter), .wait(150), .send(PtyDriver.down + Self.enter), .expect("Choose:"), .send(Self.enter),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let asked = try #require(screen.screen.range(of: "Agree")).upperBound
        let firstDrawing = screen.screen[asked...].components(separatedBy: "Actions:").first ?? ""
        #expect(!firstDrawing.contains("❯"), "nothing is selected before a key: \(firstDrawing.debugDescription)")
        #expect(screen.screen.components(separatedBy: String(refusal)).count == 3, "Enter refused at both fields: \(screen.screen)")
        let values = try screen.appValues()
        #expect(values["agree"] as? Bool == true, "↓ selected Yes")
        #expect(values["colour"] as? String == "red", "↓ selected the first option")
        #expect(screen.terminal_restored)
    }

    @Test func tabAtAnEmptyRequiredFieldReachesTheBarWhereOnlyTheActionsThatNeedNoAnswersCanBeChosen() throws {
        let screen = try drive([
            .expect("Name:"), .send(Self.tab), .expect("Choose:"), .expect("An answer is required."),
            .send(PtyDriver.left), .wait(150), .send(Self.enter), .expect("Answer the questions of this screen before 'Sign in'."),
            .send(Self.backTab), .wait(150), .send("Ada" + PtyDriver.down), .expect("Team:"), .wait(150), .send(PtyDriver.down), .wait(150),
            .send(PtyDriver.left + PtyDriver.left), .wait(150), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let result = try screen.result()
        #expect(result["status"] as? String == "cancelled", "Quit was chosen at the empty field 'Team': \(result)")
        #expect(try screen.appValues()["name"] as? String == "Ada", "Shift-Tab went back to the field that waits")
        #expect(screen.terminal_restored)
    }

    @Test func shiftTabAtTheFirstFieldReachesTheBarOnItsLastAction() throws {
        let screen = try drive([.expect("Name:"), .send("\u{1B}h"), .expect("Ask at the desk."), .send(Self.backTab), .expect("Choose:"), .send(Self.enter)])
        #expect(screen.expect_failed == nil, "an action's key works at the empty field, then Shift-Tab: \(screen.screen)")
        #expect(try screen.result()["status"] as? String == "cancelled", "Enter chose Quit, the bar's last action")
        #expect(screen.terminal_restored)
    }

    @Test func aProgramsStderrStaysAboveTheFormRedrawnUnderIt() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: name, label: Name }
              - { id: token, label: Token, type: secret }
            actions: [check, done]
            on:
              check:
                run:
                  command:
                    - sh
                    - -c
                    - 'printf ''got %s\\n'' "$T" >&2; printf ''bad \\033[31mred\\n'' >&2; printf ''no line break'' >&2'
                  env: { T: "{{ token }}" }
                say: "Checked."
              done: { finish: true }
        """
        let screen = try PtyDriver.drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Token:"), .send("hunter22" + Self.tab), .expect("Choose:"),
            .send(Self.enter), .expect("Checked."), .wait(200), .send(PtyDriver.tab + Self.enter),
        ], flow: flow, arguments: ["--trust"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(inOrder(["Name: Ada", "Token: ******", "got ******", "bad ", "no line break", "› Checked."], in: screen), "\(screen.rendered)")
        #expect(rows(screen).filter { $0.contains("Name:") }.count == 1, "no stale copy of a row: \(screen.rendered)")
        #expect(!screen.screen.contains("hunter22"), "a secret is masked in the program's stderr")
        #expect(!screen.screen.contains("\u{1B}[31mred"), "a control character of the program is not written raw")
        #expect(try screen.result()["status"] as? String == "finished")
        #expect(screen.terminal_restored)
    }

    @Test func aResumedRunShowsTheAnswersAlreadyGivenOnItsScreen() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        _ = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json"], stdin: "Ada\n", directory: directory)
        let screen = try PtyDriver.drive([.expect("Team:"), .send("core" + Self.tab), .expect("Choose:"), .send(Self.enter)],
                                         in: directory, arguments: ["f.yaml", "--state", "st.json", "--resume"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(inOrder(["Sign in", "Name: Ada", "Team: core"], in: screen), "\(screen.rendered)")
        #expect(try screen.appValues()["name"] as? String == "Ada")
        #expect(screen.terminal_restored)
    }

    /// While a resumed run asks a secret again, only Quit can be chosen, and the bar
    /// offers only it: Back would be refused.
    @Test func aSecretAskedAgainOnResumeOffersOnlyQuit() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: key
        screens:
          key:
            fields: [ { id: token, label: Token, type: secret, required: true } ]
            actions: [ { id: next, label: Next } ]
            on: { next: { push: name } }
          name:
            text: "Token of {{ size(token) }} characters."
            fields: [ { id: name, label: Name } ]
        """)
        _ = try FlowrunProcess.run(["run", "f.yaml", "--state", "st.json"], stdin: "hunter22\nnext\n", directory: directory)
        let screen = try PtyDriver.drive([.expect("asked again"), .wait(150), .send("hunter22" + Self.tab), .expect("Name:"), .send("\u{4}")],
                                         in: directory, arguments: ["f.yaml", "--state", "st.json", "--resume"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        // What was drawn from the question to the next screen's field, and after it.
        let question = try #require(screen.screen.range(of: "asked again"))
        let next = try #require(screen.screen.range(of: "Name:", range: question.upperBound..<screen.screen.endIndex))
        let asking = screen.screen[question.lowerBound..<next.lowerBound]
        #expect(asking.contains("Quit"), "\(asking.debugDescription)")
        #expect(!asking.contains("Back"), "Back is offered while the secret is asked again: \(asking.debugDescription)")
        #expect(screen.screen[next.upperBound...].contains("Back"), "Back is offered once the secret is answered: \(screen.rendered)")
        #expect(screen.terminal_restored)
    }

    /// A refused secret starts again empty: what was typed is not shown, so it could not
    /// be corrected, and kept it would join the next attempt.
    @Test func aRefusedSecretIsTypedAgainFromEmpty() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: pin, label: PIN, type: secret, validate: [ { rule: 'size(pin) == 4', message: Four digits. } ] }
            actions: [ { id: done, label: Done, default: true } ]
            on: { done: { finish: true } }
        """
        let screen = try drive([
            .expect("PIN:"), .send("12345" + Self.enter), .expect("Four digits."), .send("1234" + Self.enter), .expect("Choose:"),
            .send(Self.enter),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(try screen.appValues()["pin"] as? String == "1234")
        #expect(!screen.screen.contains("1234"), "the secret was shown: \(screen.rendered)")
        #expect(screen.terminal_restored)
    }

    /// A paste (the terminal marks it, bracketed paste) is typed into the field in focus:
    /// its line breaks answer no field, a secret's second line is not shown elsewhere, and
    /// its letters choose no action in the bar.
    @Test func aPasteIsTypedIntoTheFieldAndChoosesNothing() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: name, label: Name }
              - { id: pw, label: Password, type: secret }
            actions: [ { id: go, label: Go, key: g }, { id: done, label: Done, default: true } ]
            on: { go: { exit: { code: 5 } }, done: { finish: true } }
        """
        func pasted(_ text: String) -> String { "\u{1B}[200~" + text + "\u{1B}[201~" }
        let screen = try drive([
            .expect("Name:"), .send(pasted("hello\nworld\ngood morning\n")), .wait(150), .send(Self.enter), .expect("Password:"),
            .send(pasted("correct horse\nbattery staple\n")), .wait(150), .send(Self.enter), .expect("Choose:"),
            .send(pasted("g")), .wait(300), .send(Self.enter),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(try screen.result()["status"] as? String == "finished", "a pasted g chose Go")
        #expect(try screen.appValues()["name"] as? String == "hello world good morning")
        #expect(try screen.appValues()["pw"] as? String == "correct horse battery staple")
        #expect(!screen.screen.contains("battery") && !screen.screen.contains("horse"), "the secret was shown: \(screen.rendered)")
        #expect(screen.screen.contains("\u{1B}[?2004h") && screen.screen.contains("\u{1B}[?2004l"), "pastes are marked, then no more")
        #expect(screen.terminal_restored)
    }

    @Test func aSayIsShownBelowTheAnsweredFieldsAsInPlainMode() throws {
        let flow = Self.flow.replacingOccurrences(of: "forgot: { push: reset }", with: "forgot: { say: \"Sending a link.\", push: reset }")
        let screen = try drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Team:"), .send("core" + Self.tab), .expect("Choose:"),
            .send("h"), .expect("Ask at the desk."), .wait(150), .send("f"), .expect("Check your e-mail"), .send("\u{4}"),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(inOrder(["Name: Ada", "Team: core", "› Ask at the desk.", "› Sending a link.", "Check your e-mail"], in: screen), "\(screen.rendered)")
        #expect(rows(screen).filter { $0.contains("Name:") }.count == 1, "each row is left once: \(screen.rendered)")
        #expect(screen.terminal_restored)
    }

    /// A branch that stays on the screen and takes an answer back asks that field again
    /// in the form, the other answers kept in their rows (spec §5 1.2).
    @Test func aFieldTheBranchTookBackIsAskedAgainInTheForm() throws {
        let flow = """
        version: 1
        flow: app
        start: verify
        screens:
          verify:
            fields:
              - { id: name, label: Name, required: true }
              - { id: code, label: Code, required: true }
            actions:
              - { id: check, label: Check, key: c, default: true }
            on:
              check:
                - when: code != "123456"
                  set: { code: 'null' }
                  say: Wrong code.
                - finish: true
        """
        let screen = try drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Code:"), .send("111111" + Self.tab), .expect("Choose:"),
            .send(Self.enter), .expect("Wrong code."), .wait(150), .send("123456" + Self.tab), .expect("Choose:"), .send(Self.enter),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let afterSay = after("Wrong code.", in: screen)
        #expect(afterSay.contains("Code:"), "the code is asked again: \(afterSay.debugDescription)")
        // The `say` is printed below the answered rows, which stay above it, not drawn again.
        #expect(inOrder(["Name: Ada", "Wrong code.", "Code: 123456"], in: screen), "\(screen.rendered)")
        #expect(rows(screen).filter { $0.contains("Name:") }.count == 1, "the name keeps its one row: \(screen.rendered)")
        #expect(try screen.appValues()["code"] as? String == "123456")
        #expect(try screen.appValues()["name"] as? String == "Ada")
        #expect(screen.terminal_restored)
    }

    /// A screen uncovered when the child flow over it finishes keeps its answers and
    /// shows them in its form, at the action prompt (spec §5 1.2).
    @Test func anUncoveredScreenShowsTheAnswersItKept() throws {
        let flow = """
        version: 1
        flow: app
        start: profile
        screens:
          profile:
            fields:
              - { id: name, label: Name, required: true }
            actions: [{ id: more, label: More, key: m }, { id: done, label: Done, key: d }]
            on: { more: { push: extra }, done: { finish: true } }
        flows:
          extra:
            start: note
            screens:
              note:
                title: A note
                actions: [{ id: ok, label: Ok, default: true }]
                on: { ok: { finish: true } }
        """
        let screen = try drive([
            .expect("Name:"), .send("Ada" + Self.tab), .expect("Choose:"), .send("m"), .expect("A note"),
            .expect("Choose:"), .send(Self.enter), .expect("profile"), .expect("Choose:"), .wait(150), .send("d"),
        ], flow: flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let uncovered = after("A note", in: screen)
        #expect(uncovered.contains("Name:\u{1B}[0m Ada"), "the kept answer is shown: \(uncovered.debugDescription)")
        #expect(try screen.appValues()["name"] as? String == "Ada")
        #expect(screen.terminal_restored)
    }
}
