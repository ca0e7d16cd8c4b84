import FlowKit
import Testing

/// `use`, `params` and `with` (spec §3, §4, §7 1.1): one file, several controllers, each
/// with its own variables, its params given downhill, its result read uphill.
@Suite struct SessionReuseTests {
    static let confirm = """
    version: 1
    flow: confirm
    title: "{{ question }}"
    start: ask
    params: { question: null, yes_label: "Yes", times: 0 }
    variables: { answered: false }
    result: { ok: answered, asked: question }
    screens:
      ask:
        text: "{{ question }} ({{ times }})"
        actions: [{ id: "yes", label: "{{ yes_label }}" }, "no"]
        on:
          "yes": { set: { answered: true }, finish: true }
          "no": { finish: true }
    """

    static let app = """
    version: 1
    flow: app
    start: home
    variables: { target: prod, count: 2 }
    flows:
      deploy:
        use: confirm.yaml
        with: { question: '"Deploy to " + target + "?"' }
      erase:
        use: confirm.yaml
        title: Careful
    on:
      deploy.done: { say: "deploy {{ deploy.ok }} {{ deploy.asked }}" }
      erase.done: { say: "erase {{ erase.ok }} {{ erase.asked }}" }
    screens:
      home:
        actions: [deploy, erase, quit]
        on:
          deploy: { push: deploy }
          erase: { push: { to: erase, with: { question: '"Erase " + string(count) + "?"', yes_label: '"Erase"', times: count } } }
    """

    @Test func eachInstanceIsItsOwnControllerWithItsOwnParams() throws {
        var run = try SessionDriver(files: ["app.yaml": Self.app, "confirm.yaml": Self.confirm])
        run.enter("deploy")
        #expect(run.lastScreen == "deploy/ask")
        guard case .screenShown(let view)? = run.events.last(where: { if case .screenShown = $0 { true } else { false } }) else {
            Issue.record("no screen")
            return
        }
        #expect(view.text == "Deploy to prod? (0)", "`with` on the use entry, evaluated in the parent")
        #expect(view.flowTitles.map(\.title) == ["Deploy to prod?"], "the used file's title, with its params")
        run.enter("yes", "erase")
        #expect(run.said == ["deploy true Deploy to prod?"])
        guard case .screenShown(let erase)? = run.events.last(where: { if case .screenShown = $0 { true } else { false } }) else {
            Issue.record("no screen")
            return
        }
        #expect(erase.text == "Erase 2? (2)", "`with` on the transition; a param given an int")
        #expect(erase.flowTitles.map(\.title) == ["Careful"], "the entry's title replaces the file's")
        #expect(run.actionPrompt?.actions.first?.label == "Erase")
        run.enter("no")
        #expect(run.said.last == "erase false Erase 2?")
        #expect(run.value("deploy", "answered") == .bool(true), "the instances keep separate variables")
        #expect(run.value("erase", "answered") == .bool(false))
    }

    @Test func aRequiredParamWithoutAValueStopsTheRunWhenTheValidatorCannotSeeIt() throws {
        // Run on its own, the used file's root has no one to give it `question`.
        let run = try SessionDriver(files: ["confirm.yaml": Self.confirm])
        #expect(run.session.outcome?.status == .failed)
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message?.contains("missing-param: flow 'confirm'") == true)
        #expect(run.shown.isEmpty, "nothing is shown of a flow that could not start")
    }

    @Test func aParamGivenNullAtRunTimeIsMissingToo() throws {
        var run = try SessionDriver(files: ["app.yaml": """
        version: 1
        flow: app
        start: home
        variables: { nothing: null }
        flows:
          ask:
            use: confirm.yaml
            with: { question: nothing }
        screens:
          home:
            actions: [ask, quit]
            on: { ask: { push: ask } }
        """, "confirm.yaml": Self.confirm])
        run.enter("ask")
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message == "missing-param: flow 'ask' was started without a value for 'question'")
    }
}
