import FlowKit
import Testing

/// A screen is a form (spec §5 1.1): what a prompt lets the user choose while its fields
/// are asked and once they are answered.
@Suite struct SessionFormTests {
    static let signIn = """
    version: 1
    flow: app
    start: credentials
    screens:
      credentials:
        fields:
          - { id: user, required: true }
          - { id: password, type: secret, required: true }
        actions:
          - { id: submit, default: true, key: s }
          - { id: forgot, label: "Forgot password?", validate: false, key: f }
          - quit
        on:
          submit: { say: "Checking…" }
          forgot: { push: reset }
      reset:
        text: "We sent you a link."
        actions: [back]
    """

    @Test func whileFieldsAreAskedOnlyActionsThatNeedNoAnswersCanBeChosen() throws {
        var run = try SessionDriver(Self.signIn)
        #expect(run.asking == "user")
        #expect(run.fieldPrompt?.actions.map(\.id) == ["forgot", "quit"], "validate: false and the listed built-in")
        #expect(run.session.perform("submit") == [.refused("Answer the questions of this screen before 'submit'.")])
        run.enter("ada")
        #expect(run.fieldPrompt?.actions.map(\.id) == ["forgot", "quit"])
        run.events += run.session.perform("forgot")
        #expect(run.lastScreen == "app/reset", "chosen before the required password, without checking the fields")
        #expect(run.value("app", "user") == .string("ada"), "answers given so far stay")
        #expect(run.value("app", "password") == .null)
    }

    @Test func onceEveryFieldIsAnsweredEveryActionCanBeChosenAndOneIsTheDefault() throws {
        var run = try SessionDriver(Self.signIn)
        run.enter("ada", "secret1")
        let prompt = try #require(run.actionPrompt)
        #expect(prompt.actions.map(\.id) == ["submit", "forgot", "quit"])
        #expect(prompt.defaultAction?.id == "submit")
        #expect(prompt.actionID(forLine: "") == "submit", "an empty line chooses the default")
        #expect(prompt.actionID(forLine: "f") == "forgot", "a key chooses its action")
    }

    @Test func backAndQuitCanBeChosenAtAField() throws {
        var run = try SessionDriver(Self.signIn)
        run.enter("ada")
        #expect(run.fieldPrompt?.actions.map(\.id).contains("quit") == true, "quit can be chosen at a field")
        run.events += run.session.perform("forgot")
        #expect(run.actionPrompt?.actions.map(\.id) == ["back"], "the reset screen offers only back")
        run.events += run.session.perform("back")
        #expect(run.lastScreen == "app/credentials")
        #expect(run.asking == "user", "a screen entered again asks its fields again")
        #expect(run.fieldPrompt?.defaultValue == .string("ada"), "pre-filled with the current value")
        #expect(run.fieldPrompt?.currentValue == .string("ada"))
        #expect(run.fieldPrompt?.actions.map(\.id) == ["forgot", "quit"])
        run.events += run.session.perform("quit")
        #expect(run.session.outcome?.status == .cancelled)
    }

    @Test func aScreenWithoutADefaultActionOffersNone() throws {
        var run = try SessionDriver(Self.signIn)
        run.enter("ada")
        run.events += run.session.perform("forgot")
        let prompt = try #require(run.actionPrompt)
        #expect(prompt.actions.map(\.id) == ["back"])
        #expect(prompt.defaultAction == nil, "--defaults stops here")
        #expect(prompt.actionID(forLine: "") == "", "an empty line chooses nothing")
    }

    @Test func plainLinesAtAFieldChooseActionsClearAndEscape() throws {
        let flow = Self.signIn.replacingOccurrences(of: "{ id: user, required: true }", with: "{ id: user }")
        var run = try SessionDriver(flow)
        run.events += run.session.enter(FieldLine("//ada"))
        #expect(run.value("app", "user") == .string("/ada"), "`//text` answers `/text`")
        run.events += run.session.perform("forgot")
        run.events += run.session.perform("back")
        #expect(run.fieldPrompt?.defaultValue == .string("/ada"))
        run.events += run.session.enter(FieldLine("/"))
        #expect(run.value("app", "user") == .null, "`/` clears an optional field, not taking its current value")
        run.events += run.session.enter(FieldLine("/"))
        #expect(run.refused.last == "An answer is required.", "a required field cannot be cleared")
        run.events += run.session.enter(FieldLine("/forgot"))
        #expect(run.lastScreen == "app/reset")
    }

    @Test func anEarlierFieldIsRevisitedAndTheFieldsAfterItAskedAgainWithTheirValues() throws {
        var run = try SessionDriver(Self.signIn)
        run.enter("ada", "secret1")
        #expect(run.asking == "actions")
        #expect(run.session.revisit(field: 0).isEmpty)
        #expect(run.asking == "user")
        #expect(run.fieldPrompt?.currentValue == .string("ada"), "the editor starts with the answer given")
        #expect(run.fieldPrompt?.actions.map(\.id) == ["forgot", "quit"], "back among the fields, only actions that need no answers")
        run.enter("adam")
        #expect(run.asking == "password")
        #expect(run.fieldPrompt?.currentValue == .string("secret1"))
        #expect(run.session.revisit(field: 1) == [.refused("That question is not asked now.")], "not a field before this one")
        run.enter("")
        #expect(run.value("app", "user") == .string("adam"))
        #expect(run.asking == "actions")
    }
}

