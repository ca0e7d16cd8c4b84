import Foundation
import Testing
import TestSupport

/// Interactive mode through a real pseudo-terminal (`Tests/Tools/pty_drive.py`): keys
/// in, the screen as a person sees it out, and the terminal's modes compared before
/// and after.
@Suite(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: interactive tests need its pty module"))
struct InteractiveTests {
    typealias Screen = PtyDriver.Screen
    typealias Step = PtyDriver.Step
    static let down = PtyDriver.down, left = PtyDriver.left, escape = PtyDriver.escape, enter = PtyDriver.enter

    static let flow = """
    version: 1
    flow: app
    start: form
    screens:
      form:
        title: Order
        text: "Pick what you like."
        fields:
          - { id: size, type: choice, options: [{ value: s, label: Small }, { value: m, label: Medium }, { value: l, label: Large }] }
          - { id: extras, type: multichoice, options: [cream, sugar, ice] }
          - { id: name, placeholder: "your name" }
          - { id: pin, type: secret }
        actions: [done, more]
        on:
          done: { finish: true }
          more: { push: extra }
      extra:
        title: Extra
        actions: [back]
    """

    private func drive(_ steps: [Step], flow: String = Self.flow, arguments: [String] = [], environment: [String: String] = [:]) throws -> Screen {
        try PtyDriver.drive(steps, flow: flow, arguments: arguments, environment: environment)
    }

    @Test func choicesMultichoiceLineEditingAndASecretThatNeverShows() throws {
        let screen = try drive([
            .expect("Order"), .send(Self.down + Self.down + Self.down + Self.enter),  // past "(no answer)" to Large, with the arrow keys
            .send(" " + Self.down + " " + Self.enter),                            // cream and sugar, toggled with space
            .send("word\u{17}hello wrld" + Self.left + Self.left + Self.left + "o" + Self.enter),  // Ctrl-W, then an edit in the middle
            .send("hunter2" + Self.enter),
            .expect("Choose"), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil)
        #expect(screen.status == 0)
        let values = try screen.appValues()
        #expect(values["size"] as? String == "l")
        #expect(values["extras"] as? [String] == ["cream", "sugar"])
        #expect(values["name"] as? String == "hello world")
        #expect(values["pin"] as? String == "hunter2")
        #expect(!screen.screen.contains("hunter2"), "the secret's characters never appear on the screen")
        #expect(screen.screen.contains("your name"), "the placeholder is shown while the answer is empty")
        #expect(screen.terminal_restored)
    }

    /// An optional list answered, then gone back to, offers "(no answer)" again: choosing
    /// it clears the field, as `/` does in plain mode.
    @Test func anAnsweredOptionalChoiceCanBeClearedAgain() throws {
        let screen = try drive([
            .expect("Order"), .send(Self.down + Self.down + Self.down + Self.enter),   // Large
            .expect("Extras"), .send(PtyDriver.backTab), .wait(150),                  // back to Size, Large chosen
            .send(String(repeating: "\u{1B}[A", count: 3) + Self.enter),              // up to "(no answer)"
            .expect("Extras"), .send(Self.enter), .expect("Name"), .send(Self.enter),
            .expect("Pin"), .send("1" + Self.enter), .expect("Choose"), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil, "\(screen.rendered)")
        let values = try screen.appValues()
        #expect(values["size"] is NSNull, "\(values)")
    }

    /// Ctrl-U deletes what is before the cursor and keeps what is after it (readline),
    /// as the README says.
    @Test func controlUDeletesToTheStartOfTheLine() throws {
        let screen = try drive([
            .expect("Order"), .send(Self.enter + Self.enter),
            .expect("Name"), .send("abcd" + Self.left + Self.left + "\u{15}" + Self.enter),
            .expect("Pin"), .send("1" + Self.enter),
            .expect("Choose"), .send(Self.enter),
        ])
        #expect(screen.expect_failed == nil)
        #expect(try screen.appValues()["name"] as? String == "cd")
    }

    @Test func optionalBooleansAndChoicesWithoutADefaultStartOnNoAnswer() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: newsletter, type: boolean }
              - { id: size, type: choice, options: [s, m] }
              - { id: agree, type: boolean, required: true }
              - { id: colour, type: choice, options: [red, blue], default: blue }
            actions: [done]
            on: { done: { finish: true } }
        """
        let screen = try drive([.expect("Newsletter"), .send(Self.enter), .expect("Size"), .send(Self.enter),
                                .expect("Agree"), .wait(150), .send(Self.enter), .expect("An answer is required."), .send(PtyDriver.down + Self.enter),
                                .expect("Colour"), .send(Self.enter),
                                .expect("Choose"), .send(Self.enter)], flow: flow)
        #expect(screen.expect_failed == nil)
        let values = try screen.appValues()
        #expect(values["newsletter"] is NSNull, "Enter on '(no answer)' gives null, as an empty line does")
        #expect(values["size"] is NSNull)
        #expect(values["agree"] as? Bool == true, "a required boolean offers no '(no answer)', and starts with nothing selected (spec §5 1.2)")
        #expect(values["colour"] as? String == "blue", "a default is preselected")
        #expect(screen.screen.components(separatedBy: "(no answer)").count - 1 >= 2)
    }

    @Test func aPlaceholderIsNotShownWhereADefaultWillBeTaken() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: author, default: Ada, placeholder: "your name" }
              - { id: city, placeholder: "a city" }
            actions: [done]
            on: { done: { finish: true } }
        """
        let screen = try drive([.expect("Author"), .send(Self.enter), .expect("City"), .send(Self.enter), .expect("Choose"), .send(Self.enter)], flow: flow)
        #expect(screen.expect_failed == nil)
        #expect(!screen.screen.contains("your name"), "an empty line takes Ada, not what the placeholder suggests")
        #expect(screen.screen.contains("a city"), "a field without a default keeps its placeholder")
        #expect(try screen.appValues()["author"] as? String == "Ada")
    }

    /// `--plain` on a terminal: the terminal's own echo is off while a secret is typed.
    @Test func plainModeOnATerminalDoesNotEchoASecret() throws {
        let screen = try drive([.expect("Size"), .send("1\r"), .expect("Extras"), .send("\r"), .expect("Name"), .send("Ada\r"),
                                .expect("Pin"), .send("hunter2\r"), .expect("Actions"), .send("done\r")], arguments: ["--plain"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(!screen.screen.contains("hunter2"), "\(screen.screen)")
        #expect(screen.screen.contains("Ada"), "other answers are echoed by the terminal as typed")
        #expect(screen.terminal_restored)
        #expect(try screen.appValues()["pin"] as? String == "hunter2")
    }

    /// `?`'s lines fit the terminal (80 columns here), broken at spaces, never inside a word.
    @Test func theChainExplanationWrapsAtWords() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { registered_username_for_this_demo: "", attempts_so_far: 0 }
        on:
          submit:
            - when: registered_username_for_this_demo != "" && attempts_so_far < 3 && registered_username_for_this_demo != "x"
              say: ok
        screens:
          s: { actions: [submit, quit] }
        """
        let screen = try drive([.expect("Choose"), .send("?"), .expect("responder chain"), .wait(200), .send("\u{4}")], flow: flow)
        #expect(screen.expect_failed == nil)
        let start = screen.screen.range(of: "responder chain")?.lowerBound ?? screen.screen.startIndex
        let help = screen.screen[start..<(screen.screen[start...].range(of: "Choose:")?.lowerBound ?? screen.screen.endIndex)]
        let plain = help.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        // "\r\n" is one Character in Swift: split on the newline scalar.
        let lines = plain.unicodeScalars.split(separator: "\n").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(plain.components(separatedBy: "registered_username_for_this_demo").count == 3, "the long names stand whole")
    }

    @Test func escapeGoesBack() throws {
        let screen = try drive([
            .expect("Order"), .send(String(repeating: Self.enter, count: 4)),
            .expect("Choose"), .send(Self.down + Self.enter),                     // more: push the Extra screen
            .expect("Extra"), .send(Self.escape), .wait(200),
            .expect("Order"), .wait(200), .send("\u{4}"),
        ])
        #expect(screen.expect_failed == nil)
        #expect(screen.screen.components(separatedBy: "Order").count == 3, "the first screen is shown again after Esc")
        #expect(screen.status == 3)
    }

    @Test func questionMarkListsTheActionsWithTheirResponders() throws {
        let screen = try drive([.expect("Order"), .send(String(repeating: Self.enter, count: 4)),
                                .expect("Choose"), .send("?"), .expect("responder chain"), .send("\u{4}")])
        #expect(screen.expect_failed == nil)
        #expect(screen.screen.contains("done  screen 'form': always"))
    }

    /// A screen that defines `back` itself lists it once, under its own label, and the
    /// entries after it still run the actions they name.
    @Test func aScreensOwnBackIsListedOnceAndQuitStillQuits() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            title: Start
            actions: [{ id: back, label: Go back }]
        """
        let screen = try drive([.expect("Quit"), .send(Self.down + Self.enter)], flow: flow)
        #expect(screen.expect_failed == nil)
        #expect(screen.status == 0)
        #expect(!screen.screen.contains("  Back"), "the built-in back is not listed a second time")
        let result = try screen.result()
        #expect(result["status"] as? String == "cancelled")
    }

    @Test func controlCRestoresTheTerminalAndExitsWith130() throws {
        let screen = try drive([.expect("Order"), .send(Self.down), .send("\u{3}")], arguments: ["--state", "st.json"])
        #expect(screen.status == 130)
        #expect(screen.terminal_restored, "the terminal is back in the mode it had before")
        #expect(screen.screen.contains("interrupted; progress saved in st.json"))
    }

    @Test func controlCWithoutStateDoesNotClaimProgressWasSaved() throws {
        let screen = try drive([.expect("Order"), .send("\u{3}")])
        #expect(screen.status == 130)
        #expect(screen.screen.contains("interrupted"))
        #expect(!screen.screen.contains("saved"), "nothing was saved without --state: \(screen.screen)")
        let result = try screen.result()
        #expect(result["status"] as? String == "interrupted", "an interrupted run still prints its result document")
        #expect(result["exit_code"] as? Int == 130)
    }

    @Test func typingPicksAnOptionByItsLabel() throws {
        let screen = try drive([.expect("Order"), .send("la" + Self.enter), .send("\u{4}")])
        #expect(screen.screen.contains("Size:\u{1B}[0m Large"), "typing 'la' selects Large")
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("QUIT", 131)])
    func aStoppingSignalRestoresTheTerminalAndExitsWith128PlusItsNumber(signal: String, status: Int) throws {
        let screen = try drive([.expect("Order"), .send(Self.down), .signal(signal)], arguments: ["--state", "st.json"])
        #expect(screen.status == status, "\(signal)")
        #expect(screen.terminal_restored, "\(signal)")
        #expect(screen.screen.contains("interrupted; progress saved in st.json"), "\(signal)")
        #expect(try screen.result()["status"] as? String == "interrupted", "\(signal)")
    }

    /// A terminal closed under the form (its window, an SSH connection) ends the run as
    /// SIGHUP does, whether the signal or the end of the terminal's input comes first.
    @Test func aClosedTerminalEndsTheRunAsSIGHUPDoes() throws {
        let screen = try drive([.expect("Order"), .send(Self.down), .wait(100), .hangUp], arguments: ["--state", "st.json"])
        #expect(screen.status == 129, "\(screen.screen)")
        #expect(try screen.result()["status"] as? String == "interrupted")
    }

    @Test func noColorMeansNoColour() throws {
        let coloured = try drive([.expect("Order"), .send("\u{4}")])
        #expect(coloured.screen.contains("\u{1B}[1m"))
        let plain = try drive([.expect("Order"), .send("\u{4}")], environment: ["NO_COLOR": "1"])
        #expect(!plain.screen.contains("\u{1B}[1m") && !plain.screen.contains("\u{1B}[1;36m"))
    }

    /// The errors of a flow that does not validate follow `--no-color` and `--plain` too.
    @Test(arguments: [[], ["--no-color"], ["--plain"]])
    func aFlowsErrorsAreColouredOnlyWhenColourIsWanted(arguments: [String]) throws {
        let flow = "version: 1\nflow: app\nstart: nowhere\nscreens: { s: { actions: [quit] } }\n"
        let screen = try drive([.expect("unknown-target")], flow: flow, arguments: arguments)
        #expect(screen.expect_failed == nil)
        #expect(screen.status == 2)
        #expect(screen.screen.contains("\u{1B}[") == arguments.isEmpty, "\(screen.screen.debugDescription)")
    }
}
