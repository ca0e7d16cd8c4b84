import FlowKit
import Testing

/// Fields (spec §6): types, constraints, rules, defaults, `when`, and secrets.
@Suite struct SessionFieldTests {
    static let form = """
    version: 1
    flow: app
    start: form
    variables: { greeting: Hello }
    screens:
      form:
        fields:
          - { id: age, type: integer, min: 18, max: 130, required: true }
          - { id: agree, type: boolean }
          - { id: size, type: choice, options: [{ value: s, label: Small }, { value: m, label: Medium }, { value: l, label: Large }] }
          - { id: tags, type: multichoice, options: [red, green, blue], max: 2 }
          - { id: pet, when: agree, default: "{{ greeting }} cat" }
          - { id: pin, type: secret, pattern: '[0-9]{4}' }
          - id: pin_again
            type: secret
            validate:
              - { rule: "pin_again == pin", message: "The PINs differ." }
        actions: [quit]
    """

    @Test func answersAreReadByTypeAndRefusedLinesAskAgain() throws {
        var run = try SessionDriver(Self.form)
        run.enter("", "twelve", "12", "40")
        #expect(run.refused == ["An answer is required.", "'twelve' is not a whole number.", "Must be at least 18."])
        #expect(run.value("app", "age") == .int(40))
        run.enter("maybe", "YES")
        #expect(run.value("app", "agree") == .bool(true))
        run.enter("3")
        #expect(run.value("app", "size") == .string("l"))
        run.enter("blue, red")
        #expect(run.value("app", "tags") == .list([.string("red"), .string("blue")]), "in the options' order")
        #expect(run.asking == "pet")
        let prompt = try #require(run.fieldPrompt)
        #expect(prompt.defaultValue == .string("Hello cat"), "a template default is rendered")
        run.enter("")
        #expect(run.value("app", "pet") == .string("Hello cat"))
    }

    /// Spec §6 1.2: an answer is taken as typed or refused, never silently turned into
    /// another value.
    @Test func aMultichoiceAnswerNamingAnOptionTwiceIsRefusedNotMerged() throws {
        var run = try SessionDriver(Self.form)
        run.enter("40", "no", "s", "blue, red, blue", "3, blue", "[red, 1]", "blue, red")
        #expect(run.refused == ["'blue' names an option already chosen: name each option once.",
                                "'blue' names an option already chosen: name each option once.",
                                "'1' names an option already chosen: name each option once."])
        #expect(run.value("app", "tags") == .list([.string("red"), .string("blue")]))
    }

    @Test func aNumberAnswerIsADecimalLiteralThatKeepsItsValue() throws {
        var run = try SessionDriver(Self.numberFlow)
        run.enter("0x1p3", "1e-400", "1e400", "inf", "nan", ".5e", "1.")
        #expect(run.refused == ["'0x1p3' is not a number (write it in decimal, as 12, -0.5 or 1.5e3).",
                                "'1e-400' is too small for a number: it would round to 0.",
                                "'1e400' is too large for a number.",
                                "'inf' is not a number (write it in decimal, as 12, -0.5 or 1.5e3).",
                                "'nan' is not a number (write it in decimal, as 12, -0.5 or 1.5e3).",
                                "'.5e' is not a number (write it in decimal, as 12, -0.5 or 1.5e3)."])
        #expect(run.value("app", "n") == .double(1))
        var zero = try SessionDriver(Self.numberFlow)
        zero.enter("0.000e-400")
        #expect(zero.refused.isEmpty, "a zero written small is still zero")
        #expect(zero.value("app", "n") == .double(0))
    }

    static let numberFlow = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields: [{ id: n, type: number }]
        actions: [quit]
    """

    /// A field's pattern matches the whole answer in linear time (RE2): a hostile answer
    /// is refused at once as any other, and the field takes the next answer.
    @Test func aHostileAnswerToABacktrackingPatternIsRefusedAtOnce() throws {
        var run = try SessionDriver("""
            version: 1
            flow: app
            start: s
            screens:
              s:
                fields: [{ id: code, pattern: "(a+)+$" }]
                actions: [quit]
            """)
        let started = ContinuousClock.now
        run.enter(String(repeating: "a", count: 40) + "!", String(repeating: "a", count: 40) + "!", "aaaa")
        #expect(ContinuousClock.now - started < .milliseconds(200))
        #expect(run.refused == Array(repeating: "'\(String(repeating: "a", count: 40))…' does not have the expected form.", count: 2))
        #expect(run.value("app", "code") == .string("aaaa"))
    }

    @Test func multichoiceBoundsAndUnknownOptionsAreRefused() throws {
        var run = try SessionDriver(Self.form)
        run.enter("40", "no", "s", "red,green,blue", "purple", "green")
        #expect(run.refused == ["Must be at most 2 choices.", "'purple' is not one of the options (1. red, 2. green, 3. blue)."])
        #expect(run.value("app", "tags") == .list([.string("green")]))
        #expect(run.asking == "pin", "pet is skipped: its when does not hold")
        #expect(run.value("app", "pet") == .null)
    }

    @Test func secretsAreCheckedWithoutBeingRepeated() throws {
        var run = try SessionDriver(Self.form)
        run.enter("40", "no", "s", "", "12ab", "1234", "9999", "1234")
        #expect(run.refused == ["The answer does not have the expected form.", "The PINs differ."])
        #expect(!run.events.contains { "\($0)".contains("12ab") || "\($0)".contains("9999") })
        #expect(run.asking == "actions")
    }

    @Test func aScreenEnteredAgainOffersCurrentValuesAsDefaults() throws {
        let flow = """
        version: 1
        flow: app
        start: page
        screens:
          page:
            fields:
              - { id: name, default: nobody }
            actions: [more, quit]
            on:
              more: { push: other }
          other:
            actions: [back]
        """
        var run = try SessionDriver(flow)
        run.enter("", "more", "back")
        #expect(run.value("app", "name") == .string("nobody"))
        #expect(run.fieldPrompt?.defaultValue == .string("nobody"))
        run.enter("ada", "more", "back")
        #expect(run.fieldPrompt?.defaultValue == .string("ada"), "the current value is offered, not the field's default")
        run.enter("")
        #expect(run.value("app", "name") == .string("ada"))
        #expect(run.shown == ["app/page", "app/other", "app/page", "app/other", "app/page"])
    }

    /// Spec §5 1.1: a branch with no transition leaves the screen as it is.
    @Test func aSayOnlyBranchKeepsTheAnswersAndDoesNotAskAgain() throws {
        let flow = """
        version: 1
        flow: app
        start: page
        screens:
          page:
            fields:
              - { id: name, required: true }
            actions: [again, quit]
            on:
              again: { say: "Once more." }
        """
        var run = try SessionDriver(flow)
        run.enter("ada", "again")
        #expect(run.said == ["Once more."])
        #expect(run.asking == "actions", "the action prompt comes back, the field is not asked again")
        #expect(run.actionPrompt?.actions.map(\.id) == ["again", "quit"])
        #expect(run.shown == ["app/page"])
        #expect(run.value("app", "name") == .string("ada"))
    }

    @Test func actionsThatDoNotValidateMayBeChosenAtAField() throws {
        let flow = """
        version: 1
        flow: app
        start: home
        screens:
          home:
            actions: [edit, quit]
            on:
              edit: { push: form }
          form:
            fields:
              - { id: name, required: true }
            actions: [save, back, { id: cancel, validate: false }]
            on:
              save: { say: saved }
              cancel: { back: true }
        """
        var session = try SessionDriver(flow).session
        _ = session.perform("edit")
        #expect(session.perform("save") == [.refused("Answer the questions of this screen before 'save'.")])
        var events = session.perform("cancel")
        #expect(events.contains { if case .screenShown(let view) = $0 { view.flow == "app" && view.screen == "home" } else { false } })
        _ = session.perform("edit")
        events = session.perform("back")
        #expect(events.contains { if case .screenShown(let view) = $0 { view.flow == "app" && view.screen == "home" } else { false } })
        #expect(session.perform("nonsense") == [.refused("'nonsense' is not an action of this screen.")])
    }

    /// cli.md 1.2: at a secret field no message repeats the line, even one that named an
    /// action (`/ID`); at any other field the action is named.
    @Test func aRefusedActionAtASecretFieldIsNotNamed() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { open: false }
        screens:
          s:
            fields:
              - { id: pin, type: secret }
              - { id: name }
            actions: [save, { id: skip, validate: false, when: open }]
            on:
              save: { say: saved }
              skip: { say: skipped }
        """
        var session = try SessionDriver(flow).session
        #expect(session.perform("hunter2") == [.refused("That is not an action of this screen.")])
        #expect(session.perform("save") == [.refused("Answer the questions of this screen before that action.")])
        #expect(session.perform("skip") == [.refused("That action is not available now.")])
        _ = session.answer("abcd")
        #expect(session.perform("hunter2") == [.refused("'hunter2' is not an action of this screen.")])
        #expect(session.perform("skip") == [.refused("'skip' is not available now.")])
    }

    @Test func actionsAreOfferedWhileTheirWhenHoldsAndOptionsMayBeComputed() throws {
        let flow = """
        version: 1
        flow: app
        start: shop
        variables: { sizes: [s, m, l], stock: 0 }
        screens:
          shop:
            fields:
              - { id: size, type: choice, options: sizes }
            actions: [restock, { id: buy, when: "stock > 0" }, quit]
            on:
              restock: { set: { stock: stock + 1 } }
              buy: { say: "Bought {{ size }}." }
        """
        var run = try SessionDriver(flow)
        let field = try #require(run.fieldPrompt)
        #expect(field.options.map(\.label) == ["s", "m", "l"])
        run.enter("2")
        let before = try #require(run.actionPrompt)
        #expect(before.actions.map(\.id) == ["restock", "quit"])
        #expect(run.session.perform("buy") == [.refused("'buy' is not available now.")])
        run.enter("restock", "", "buy")
        #expect(run.said == ["Bought m."])
    }

    @Test func aFlowsResultReadsNullUntilItFinishes() throws {
        let flow = """
        version: 1
        flow: app
        start: home
        screens:
          home:
            text: "Last: {{ picker.choice }}"
            actions: [pick, quit]
            on:
              pick: { push: picker }
        flows:
          picker:
            start: page
            variables: { secretly: 1 }
            result: { choice: "'tea'" }
            screens:
              page:
                actions: [done]
                on:
                  done: { finish: true }
        """
        var run = try SessionDriver(flow)
        let first = try #require(run.actionPrompt)
        #expect(first.screen.text == "Last: ")
        run.enter("pick", "done")
        let after = try #require(run.actionPrompt)
        #expect(after.screen.text == "Last: tea")
    }

    @Test func endOfInputLeavesTheRunIncomplete() throws {
        var run = try SessionDriver(Self.form)
        #expect(run.session.endOfInput() == [.ended(RunOutcome(.incomplete, exitCode: 3, message: "input ended before the flow did"))])
        run.enter("40")
        #expect(run.refused == ["no prompt for '40'"])
    }

    /// A template default on an integer field is computed, not refused at run time.
    @Test func templateDefaultOnIntegerField() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { base: 3 }
        screens:
          s:
            fields:
              - { id: n, type: integer, default: "{{ base + 1 }}" }
            actions: [quit]
        """)
        run.enter("")
        #expect(run.refused.isEmpty, "refused: \(run.refused)")
        #expect(run.value("app", "n") == .int(4))
    }

    /// A literal default of another YAML type (a number on a text field) is taken as text.
    @Test func numericDefaultOnTextField() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: zip, default: 12345 }
            actions: [quit]
        """)
        run.enter("")
        #expect(run.refused.isEmpty, "refused: \(run.refused)")
        #expect(run.asking == "actions")
    }

    @Test func aChoiceWithNoOptionsRefusesAnswersInsteadOfCrashing() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { items: [] }
        screens:
          s:
            fields:
              - { id: pick, type: choice, options: items }
              - { id: many, type: multichoice, options: items }
            actions: [quit]
        """
        var run = try SessionDriver(flow)
        run.enter("1", "x", "")
        #expect(run.refused == ["There are no options to choose from.", "There are no options to choose from."])
        #expect(run.asking == "many")
        #expect(run.session.answer(value: .list([.string("x")])) == [.refused("There are no options to choose from.")])
    }

    @Test func aRequiredMultichoiceNeedsAChoice() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: tags, type: multichoice, options: [a, b], required: true }
            actions: [quit]
        """
        var run = try SessionDriver(flow)
        run.enter(",", "2")
        #expect(run.refused == ["An answer is required."])
        #expect(run.value("app", "tags") == .list([.string("b")]))
    }
}
