import FlowKit
import Testing
import FlowYAML

/// The terminal's form as a value: keys in, requests and lines out (spec §5 1.1).
@Suite struct FormTests {
    static let plain = TextStyle(enabled: false)

    private func form(at position: Int = 0) throws -> (Form, SessionDriver) {
        var driver = try SessionDriver(SessionFormTests.signIn)
        if position > 0 { driver.enter("ada") }
        var form = Form()
        form.ask(try #require(driver.fieldPrompt))
        return (form, driver)
    }

    @Test func typingEditsTheLineAndEnterOrTabAnswersIt() throws {
        var (form, _) = try form()
        for character in "ada" { #expect(form.handle(.character(character)) == .redraw) }
        #expect(form.handle(.left) == .redraw)
        #expect(form.handle(.character("m")) == .redraw)
        #expect(form.handle(.tab) == .answer("adma"))
        let (lines, cursor) = form.render(width: 80, style: Self.plain)
        #expect(lines.first == "User: adma")
        #expect(cursor?.row == 0 && cursor?.column == 9, "after 'adm', the cursor's place before the edit")
    }

    /// A combining mark typed after a letter joins it, as the terminal draws them: the
    /// cursor moves over the two as one, and Backspace deletes them whole.
    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() throws {
        var (form, _) = try form()
        for character in ["c", "a", "f", "e", "\u{301}", "!"] as [Character] { _ = form.handle(.character(character)) }
        _ = form.handle(.left)
        _ = form.handle(.left)
        _ = form.handle(.character("X"))
        #expect(form.handle(.tab) == .answer("cafX" + "e\u{301}" + "!"))
        var (again, _) = try self.form()
        for character in ["n", "o", "e", "\u{301}"] as [Character] { _ = again.handle(.character(character)) }
        _ = again.handle(.backspace)
        #expect(again.handle(.tab) == .answer("no"))
    }

    /// Every line of the form fits in one row, or the redraw, which moves up by rows,
    /// leaves copies behind: an answer with no space to break at (a URL) is cut where the
    /// row ends, a label wider than half the row is cut with "…".
    @Test func everyLineFitsInARowWhateverTheAnswerOrTheLabel() throws {
        var (form, driver) = try form()
        let url = "https://grafana.example.com/d/abc123/production-overview?orgId=1&from=now-6h&to=now&var-cluster=eu-west-1"
        form.answered(as: url)
        driver.enter(url)
        form.ask(try #require(driver.fieldPrompt))
        let (lines, _) = form.render(width: 40, style: Self.plain)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.joined().contains("https://grafana.example.com"), "\(lines)")
        let terms = String(repeating: "I have read the terms and agree to them ", count: 3)
        let legal = String(repeating: "Your full legal name as in your passport ", count: 3)
        var long = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [ { id: consent, label: "\(terms)", type: boolean }, { id: name, label: "\(legal)" } ]
            actions: [quit]
        """)
        for (index, width) in [(0, 40), (1, 30)] {
            if index == 1 { long.enter("y") }
            var asking = Form()
            asking.ask(try #require(long.fieldPrompt))
            let rendered = asking.render(width: width, style: Self.plain)
            #expect(rendered.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(rendered.lines)")
            if let cursor = rendered.cursor { #expect(cursor.column < width, "the cursor within the row") }
        }
    }

    /// Type-ahead in a multichoice list, as in a choice list: the letters typed move to the
    /// first entry that starts with them; Space then ticks that one.
    @Test func typeAheadMovesInAMultichoiceList() throws {
        let driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [ { id: tags, type: multichoice, options: [alpha, beta, gamma, zeta, zulu] } ]
            actions: [quit]
        """)
        var form = Form()
        form.ask(try #require(driver.fieldPrompt))
        #expect(form.handle(.character("z")) == .redraw)
        #expect(form.handle(.character("u")) == .redraw)
        _ = form.handle(.character(" "))
        #expect(form.handle(.enter) == .answer("5"), "zulu ticked")
    }

    /// A paste arrives as one key: its line breaks answer nothing (a trailing one is
    /// dropped, the others read as spaces).
    @Test func aPasteIsOneLineOfTheAnswer() throws {
        var (form, _) = try form()
        #expect(form.handle(.paste("ada\nlovelace\r\n")) == .redraw)
        #expect(form.handle(.tab) == .answer("ada lovelace"))
    }

    /// A paste of any size holds at most a line of input (spec §11 1.2), as plain mode does.
    @Test func aLineStopsGrowingAtTheInputLimitAndSaysWhy() throws {
        var (form, _) = try form()
        let character: Character = "😀"
        let fits = InputLimit.lineBytes / character.utf8.count
        for _ in 0..<fits { _ = form.handle(.character(character)) }
        #expect(form.message == nil)
        #expect(form.handle(.character(character)) == .redraw)
        #expect(form.message == InputLimit.refusal)
        #expect(form.handle(.backspace) == .redraw)
        #expect(form.handle(.character("a")) == .redraw)
        #expect(form.message == nil, "room again after a Backspace")
        #expect(form.handle(.enter) == .answer(String(repeating: character, count: fits - 1) + "a"))
    }

    @Test func actionsThatNeedTheAnswersAreDimAndRefusedAtAField() throws {
        var (form, _) = try form()
        #expect(form.handle(.alt("s")) == .redraw)
        #expect(form.message == "Answer the questions of this screen before 'Submit'.")
        #expect(form.handle(.alt("f")) == .choose(action: "forgot"), "Alt and a key choose an action that needs no answers")
        let dim = form.render(width: 80, style: TextStyle(enabled: true)).lines.last ?? ""
        #expect(dim.contains("\u{1B}[2m  [s] Submit"), "dim while the fields are asked: \(dim)")
    }

    @Test func shiftTabGoesBackAndTheBarTakesKeysAndArrows() throws {
        var (form, driver) = try form(at: 1)
        form.answered(as: "ada")
        #expect(form.handle(.backTab) == .previousField)
        driver.enter("secret1")
        form.offer(try #require(driver.actionPrompt))
        #expect(form.selected == 0, "the default action has the focus")
        #expect(form.handle(.right) == .redraw)
        #expect(form.handle(.enter) == .choose(action: "forgot"))
        #expect(form.handle(.character("s")) == .choose(action: "submit"), "in the bar a key alone chooses")
        #expect(form.handle(.character("?")) == .help)
        #expect(form.handle(.escape) == .back)
    }

    /// What was typed into a field left for an earlier one (Shift-Tab) comes back when the
    /// field is asked again, as it stays when Tab goes to the bar.
    @Test func goingBackToAnEarlierFieldKeepsWhatWasTypedInThisOne() throws {
        var (form, driver) = try form()
        form.answered(as: "ada")
        driver.enter("ada")
        let password = try #require(driver.fieldPrompt)
        form.ask(password)
        for character in "half typ" { _ = form.handle(.character(character)) }
        #expect(form.handle(.backTab) == .previousField)
        #expect(form.takeBackLastRow()?.position == 0)
        _ = driver.session.revisit(field: 0)
        form.ask(try #require(driver.fieldPrompt))
        #expect(form.handle(.enter) == .answer("ada"))
        form.answered(as: "ada")
        driver.enter("ada")
        form.ask(try #require(driver.fieldPrompt))
        #expect(form.handle(.enter) == .answer("half typ"), "the text typed before going back")
    }

    /// An action whose key is `?` is chosen by it in the bar, as everywhere (spec §5);
    /// `?` shows the chain's help only where no action takes it.
    @Test func anActionKeyedQuestionMarkIsChosenByItInTheBar() throws {
        let driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [{ id: help, key: "?" }, quit]
            on:
              help: { say: Help }
        """)
        var form = Form()
        form.offer(try #require(driver.actionPrompt))
        #expect(form.handle(.character("?")) == .choose(action: "help"))
    }

    @Test func theBarIsWrappedWithEachActionWhole() throws {
        var (form, _) = try form()
        _ = form.handle(.character("x"))
        let lines = form.render(width: 24, style: Self.plain).lines
        #expect(lines.allSatisfy { $0.count <= 24 }, "\(lines)")
        #expect(lines.contains { $0.contains("[f] Forgot password?") })
    }

    @Test func typingInAListPicksTheFirstEntryStartingWithWhatWasTyped() throws {
        let driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: size, type: choice, required: true, options: [small, large, ladle] }]
            actions: [quit]
        """)
        var form = Form()
        form.ask(try #require(driver.fieldPrompt))
        for character in "lad" { _ = form.handle(.character(character)) }
        #expect(form.handle(.enter) == .answer("3"), "'lad' is ladle, past large")
    }

    /// An optional list offers "(no answer)" whatever it holds: with a default or an answer
    /// to take back, choosing it clears the field (plain mode's `/`); with neither, it is
    /// the empty answer.
    @Test func noAnswerClearsAnOptionalListThatHoldsAValue() throws {
        let driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: col, type: choice, options: [red, blue], default: blue }
              - { id: size, type: choice, options: [s, l] }
            actions: [quit]
        """)
        var form = Form()
        form.ask(try #require(driver.fieldPrompt))
        let lines = form.render(width: 40, style: Self.plain).lines
        #expect(lines.contains("  (no answer)") && lines.contains("❯ blue"), "\(lines)")
        _ = form.handle(.up)
        _ = form.handle(.up)
        #expect(form.handle(.enter) == .clear)
        var empty = Form()
        var next = driver
        next.enter("1")
        empty.ask(try #require(next.fieldPrompt))
        #expect(empty.handle(.enter) == .answer(""), "no value to clear: the empty answer")
    }

    /// A line longer than the terminal is shown on one row around the cursor, what is cut
    /// off marked "…": the form is redrawn in place by rows, so no row may wrap.
    @Test func aLineLongerThanTheWidthShowsAroundTheCursorOnOneRow() throws {
        var (form, _) = try form()
        let typed = "abcdefghijklmnopqrstuvwxyz0123456789"
        for character in typed { _ = form.handle(.character(character)) }
        let atEnd = form.render(width: 20, style: Self.plain)
        #expect(atEnd.lines.allSatisfy { DisplayWidth.of($0) <= 19 }, "\(atEnd.lines)")
        #expect(atEnd.lines.first == "User: …z0123456789", "\(atEnd.lines)")
        #expect(atEnd.cursor?.row == 0 && atEnd.cursor?.column == 18, "after the last character: \(String(describing: atEnd.cursor))")
        _ = form.handle(.home)
        let atStart = form.render(width: 20, style: Self.plain)
        #expect(atStart.lines.first == "User: abcdefghijkl…", "\(atStart.lines)")
        #expect(atStart.cursor?.column == 6)
        #expect(form.handle(.enter) == .answer(typed), "what is shown is cut, not what is typed")
    }

    /// A list taller than the terminal shows the part around the entry chosen, saying how
    /// many more are above and below, so the form never outgrows the screen.
    @Test func aListTallerThanTheTerminalShowsThePartAroundTheChoice() throws {
        let options = (0..<40).map { "opt\($0 < 10 ? "0" : "")\($0)" }
        let driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: pick, type: choice, required: true, options: [\(options.joined(separator: ", "))] }]
            actions: [quit]
        """)
        var form = Form()
        form.ask(try #require(driver.fieldPrompt))
        for _ in 0..<21 { _ = form.handle(.down) }
        let (lines, _) = form.render(width: 60, height: 12, style: Self.plain)
        #expect(lines.count <= 12, "\(lines)")
        #expect(lines.contains("❯ opt20"), "the entry chosen is shown: \(lines)")
        #expect(lines.contains { $0.hasPrefix("  ↑ ") && $0.hasSuffix(" more") } && lines.contains { $0.hasPrefix("  ↓ ") && $0.hasSuffix(" more") }, "\(lines)")
        #expect(form.handle(.enter) == .answer("21"))
    }
}

