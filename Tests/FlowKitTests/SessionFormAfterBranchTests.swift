import FlowKit
import Testing

/// Which fields a form asks after a branch that stays on its screen, after `/ID` at the
/// action prompt, and once a child flow over it finishes or is dismissed (spec §5 1.2).
@Suite struct SessionFormAfterBranchTests {
    static let verify = """
    version: 1
    flow: app
    start: verify
    variables: { tries: 0 }
    screens:
      verify:
        fields:
          - { id: email, required: true }
          - { id: code, required: true, pattern: "[0-9]{6}" }
          - { id: pin, required: true }
          - id: pin_again
            required: true
            validate:
              - { rule: pin_again == pin, message: The PINs differ. }
          - { id: note, when: tries < 5 }
        actions:
          - { id: check, default: true }
          - { id: resend, validate: false }
          - { id: scramble }
          - quit
        on:
          check:
            - when: code != "123456"
              set: { code: 'null', tries: tries + 1 }
              say: Wrong code.
            - say: Verified.
          resend: { set: { email: 'null' }, say: Sent again. }
          scramble: { set: { pin: '"9999"', tries: '9' } }
    """

    /// A line typed at the action prompt, as plain mode and flow tests read it.
    private func choose(_ line: String, in run: inout SessionDriver) throws {
        let prompt = try #require(run.actionPrompt)
        run.events += run.session.enter(ActionLine(line, at: prompt))
    }

    @Test func aWrongCodeTakenBackIsAskedAgainAloneThenTheActions() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "111111", "1234", "1234", "a note", "check")
        #expect(run.said == ["Wrong code."])
        #expect(run.asking == "code", "the field the branch left without an answer is asked again")
        #expect(run.fieldPrompt?.defaultValue == nil)
        run.enter("123456")
        #expect(run.asking == "actions", "the fields that keep a valid answer are not asked again")
        try choose("", in: &run)
        #expect(run.said == ["Wrong code.", "Verified."])
        #expect(run.shown == ["app/verify"], "the screen is not shown again")
        #expect(run.value("app", "email") == .string("ada@example.com"))
        #expect(run.value("app", "note") == .string("a note"))
    }

    @Test func anAnswerThatNoLongerMeetsItsRuleIsAskedAgainPreFilled() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "123456", "1234", "1234", "a note", "scramble")
        #expect(run.asking == "pin_again", "pin_again == pin no longer holds")
        #expect(run.fieldPrompt?.defaultValue == .string("1234"), "pre-filled with its answer")
        run.enter("9999")
        #expect(run.asking == "actions")
        #expect(run.value("app", "note") == .null, "a field whose when no longer holds is null, as on the first pass")
    }

    @Test func aBranchThatStaysAtAFieldAsksTheEarlierFieldThenGoesOn() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "123456", "/resend")
        #expect(run.said == ["Sent again."])
        #expect(run.asking == "email", "the e-mail the branch took back")
        run.enter("bob@example.com")
        #expect(run.asking == "pin", "then the first field not asked yet")
        run.enter("1234", "1234", "")
        #expect(run.asking == "actions")
        #expect(run.value("app", "code") == .string("123456"))
    }

    @Test func slashIdAtTheActionPromptAsksAFieldAgainOrChoosesAnAction() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "123456", "1234", "1234", "")
        let prompt = try #require(run.actionPrompt)
        #expect(ActionLine("/pin", at: prompt) == .field("pin"))
        #expect(ActionLine("/check", at: prompt) == .action("check"), "an action's id, as the bare id")
        #expect(ActionLine("/quit", at: prompt) == .action("quit"))
        #expect(ActionLine("pin", at: prompt) == .action("pin"), "without the slash, a line names an action")
        try choose("/pin", in: &run)
        #expect(run.asking == "pin")
        #expect(run.fieldPrompt?.defaultValue == .string("1234"), "pre-filled as its [default]")
        run.enter("5678")
        #expect(run.asking == "pin_again", "the answer left pin_again without a valid one")
        run.enter("5678")
        #expect(run.asking == "actions", "then the action prompt comes back")
        try choose("/nothing", in: &run)
        #expect(run.refused.last == "'nothing' is not an action of this screen.")
        try choose("/check", in: &run)
        #expect(run.said == ["Verified."])
    }

    @Test func slashIdRefusesAFieldItsWhenSkips() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "123456", "1234", "1234", "", "scramble", "9999")
        #expect(run.asking == "actions")
        try choose("/note", in: &run)
        #expect(run.refused.last == "That question is not asked now.")
        #expect(run.asking == "actions")
    }

    static let covered = """
    version: 1
    flow: app
    start: form
    on:
      lookup.done: { set: { city: lookup.found }, say: "Found {{ lookup.found }}." }
    screens:
      form:
        fields:
          - { id: name, required: true }
          - { id: city, required: true }
          - { id: note }
        actions:
          - { id: look_up, validate: false }
          - { id: help, validate: false }
          - { id: save, default: true }
        on:
          look_up: { push: lookup }
          help: { push: helper }
          save: { finish: true }
    flows:
      lookup:
        start: search
        result: { found: 'query == "" ? null : query' }
        screens:
          search:
            fields: [{ id: query }]
            actions: [done, back]
            on: { done: { finish: true } }
      helper:
        start: tips
        screens:
          tips: { text: Tips., terminal: true }
    """

    @Test func aScreenUncoveredByAFinishedChildKeepsItsAnswers() throws {
        var run = try SessionDriver(Self.covered)
        run.enter("Ada", "Paris", "", "look_up")
        #expect(run.lastScreen == "lookup/search")
        run.enter("London", "done")
        #expect(run.said == ["Found London."])
        #expect(run.shown == ["app/form", "lookup/search", "app/form"], "the uncovered screen is shown again")
        #expect(run.asking == "actions", "its answered, valid fields are not asked again")
        #expect(run.value("app", "city") == .string("London"))
    }

    @Test func anUncoveredScreenAsksWhatTheDoneHandlerLeftWithoutAnAnswer() throws {
        var run = try SessionDriver(Self.covered)
        run.enter("Ada", "Paris", "", "look_up", "", "done")
        #expect(run.asking == "city", "done set city to null: asked again")
        run.enter("Rome")
        #expect(run.asking == "actions")
    }

    @Test func aChildFinishedFromAFieldLeavesTheFieldsNotAnsweredToAsk() throws {
        var run = try SessionDriver(Self.covered)
        run.enter("Ada", "/help")
        #expect(run.shown == ["app/form", "helper/tips", "app/form"], "a terminal screen finishes its flow")
        #expect(run.asking == "city", "the fields not answered yet")
        run.enter("Rome")
        #expect(run.asking == "note", "the optional one too: it was not asked yet")
        run.enter("")
        #expect(run.asking == "actions")
    }

    @Test func aChildDismissedByBackIsABackOntoTheScreen() throws {
        var run = try SessionDriver(Self.covered)
        run.enter("Ada", "Paris", "", "look_up", "", "back")
        #expect(run.shown == ["app/form", "lookup/search", "app/form"])
        #expect(run.asking == "name", "its fields are asked again")
        #expect(run.fieldPrompt?.defaultValue == .string("Ada"), "pre-filled")
    }

    @Test func aStateSavedWhileAFieldIsAskedAgainResumesThere() throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "111111", "1234", "1234", "a note", "check")
        var restored = try Session(tree: run.session.tree, restoring: run.session.savedState())
        _ = restored.redisplay()
        #expect(restored.prompt.map { if case .field(let prompt) = $0 { prompt.field.id } else { "" } } == "code")
        _ = restored.answer("123456")
        if case .action? = restored.prompt {} else { Issue.record("the fields kept are not asked after a resume either") }
    }

    @Test(arguments: ["0", "1", "99"])
    func aStateWhoseFieldsNotAskedYetDoNotAddUpIsRefused(notYetAsked: String) throws {
        var run = try SessionDriver(Self.verify)
        run.enter("ada@example.com", "111111", "1234", "1234", "a note", "check")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(saved.contains(#""notYetAsked":5"#), "the code (1) is asked again, every field was asked: \(saved)")
        let tampered = saved.replacingOccurrences(of: #""notYetAsked":5"#, with: "\"notYetAsked\":\(notYetAsked)")
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array(tampered.utf8)) }
    }

    @Test func aCoveredFormIsSavedAndOneNamingNoFieldIsRefused() throws {
        var run = try SessionDriver(Self.covered)
        run.enter("Ada", "/look_up", "", "done")
        #expect(run.asking == "city", "chosen at the city, which was not asked yet")
        run = try SessionDriver(Self.covered)
        run.enter("Ada", "/look_up")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(saved.contains(#""coveredForms":{"0":1}"#), "the form screen, its field 1 not asked yet: \(saved)")
        #expect((try? Session(tree: run.session.tree, restoring: Array(saved.utf8))) != nil)
        let tampered = saved.replacingOccurrences(of: #""coveredForms":{"0":1}"#, with: #""coveredForms":{"0":9}"#)
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array(tampered.utf8)) }
    }
}
