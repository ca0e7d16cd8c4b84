import FlowKit
import Testing

/// How actions travel the responder chain and how flows start, present, finish and end.
@Suite struct SessionRoutingTests {
    /// Three levels: app → outer → inner, a screen in inner.
    static let nested = """
    version: 1
    flow: app
    start: outer
    variables: { log: "" }
    on:
      help: { say: "Help from the root." }
      ping: { say: "root pong" }
      gate:
        - { when: "log == 'open'", say: "root opens" }
      quit_all: { exit: { code: 7, message: "Bye {{ log }}." } }
    flows:
      outer:
        start: inner
        on:
          ping: { say: "outer pong" }
          gate:
            - { when: "log == 'closed'", say: "outer stays shut" }
        flows:
          inner:
            start: page
            screens:
              page:
                fields:
                  - { id: note }
                actions: [help, ping, gate, quit_all, set_open]
                on:
                  set_open: { set: { app.log: "'open'" } }
    """

    @Test func aNestedScreensActionIsHandledThreeLevelsUp() throws {
        var run = try SessionDriver(Self.nested)
        run.enter("", "help")
        #expect(run.said == ["Help from the root."])
        #expect(run.routes == ["help→flow 'app'"])
        #expect(run.lastScreen == "inner/page")
        #expect(run.shown.count == 1, "no transition: the screen stays as it is, not shown again")
    }

    @Test func aNearerHandlerShadowsAFartherOne() throws {
        var run = try SessionDriver(Self.nested)
        run.enter("", "ping")
        #expect(run.said == ["outer pong"])
    }

    @Test func aGuardThatFailsLetsTheActionBubble() throws {
        var run = try SessionDriver(Self.nested)
        run.enter("", "set_open", "", "gate")
        #expect(run.value("app", "log") == .string("open"), "set assigns to an ancestor's variable with flowid.name")
        #expect(run.routes.last == "gate→flow 'app'")
        #expect(run.said == ["root opens"])
    }

    @Test func exitEndsTheRunWithItsCodeAndMessage() throws {
        var run = try SessionDriver(Self.nested)
        run.enter("", "quit_all")
        #expect(run.session.outcome == RunOutcome(.exited, exitCode: 7, message: "Bye ."))
        #expect(run.events.last == .ended(RunOutcome(.exited, exitCode: 7, message: "Bye .")))
    }

    static let presenting = """
    version: 1
    flow: app
    start: home
    variables: { picked: "" }
    on:
      detail.done: { set: { picked: "detail.choice" }, say: "Picked {{ detail.choice }}." }
    screens:
      home:
        actions: [open, quit]
        on:
          open: { push: detail }
    flows:
      detail:
        start: pick
        result: { choice: item }
        screens:
          pick:
            fields:
              - { id: item, type: choice, options: [tea, coffee] }
            actions: [take, back]
            on:
              take: { finish: true }
    """

    @Test func aPresentedChildFinishesItsDoneIsHandledAboveAndTheUserIsBackUnderIt() throws {
        var run = try SessionDriver(Self.presenting)
        run.enter("open")
        #expect(run.lastScreen == "detail/pick")
        run.enter("2", "take")
        #expect(run.routes.suffix(2) == ["take→screen 'pick'", "detail.done→flow 'app'"])
        #expect(run.said == ["Picked coffee."])
        #expect(run.value("app", "picked") == .string("coffee"), "the flow's result is readable as detail.choice")
        #expect(run.lastScreen == "app/home")
        #expect(run.asking == "actions")
    }

    @Test func backOnAPresentedChildsOnlyScreenDismissesItWithoutDone() throws {
        var run = try SessionDriver(Self.presenting)
        run.enter("open", "", "back")
        #expect(run.lastScreen == "app/home")
        #expect(run.said.isEmpty, "no done when a flow is dismissed with back")
        run.enter("back")
        #expect(run.said == ["There is nothing to go back to."])
    }

    static let activeChild = """
    version: 1
    flow: app
    start: wizard
    flows:
      wizard:
        start: step
        screens:
          step:
            actions: [done]
            on:
              done: { finish: true }
    """

    @Test func anActiveChildFinishingLeavesNothingShownSoItsParentFinishesToo() throws {
        var run = try SessionDriver(Self.activeChild)
        run.enter("done")
        #expect(run.session.outcome == RunOutcome(.finished, exitCode: 0))
    }

    @Test func aLoopWithoutInputIsStoppedByTheStepLimit() throws {
        // The child finishes as soon as it starts, and its done handler starts it again.
        let flow = """
        version: 1
        flow: app
        start: home
        screens:
          home:
            actions: [spin, quit]
            on:
              spin: { push: child }
        on:
          child.done: { replace: child }
        flows:
          child:
            start: end
            screens:
              end: { terminal: true }
        """
        var run = try SessionDriver(flow, maxSteps: 50)
        run.enter("spin")
        #expect(run.session.outcome?.status == .failed)
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message?.hasPrefix("runaway-transitions") == true)
    }

    @Test func aSendLoopIsStoppedByTheStepLimit() throws {
        // The child finishes at once; its parent sends `restart` up; the root starts the parent again.
        let flow = """
        version: 1
        flow: app
        start: home
        on:
          restart: { replace: mid }
        screens:
          home:
            actions: [go, quit]
            on:
              go: { replace: mid }
        flows:
          mid:
            start: child
            on:
              child.done: { send: restart }
            flows:
              child:
                start: end
                screens:
                  end: { terminal: true }
        """
        var run = try SessionDriver(flow, maxSteps: 100)
        run.enter("go")
        #expect(run.session.outcome == RunOutcome(.failed, exitCode: 2,
                                                   message: "runaway-transitions: more than 100 steps without input (a send or replace loop?)"))
        #expect(run.routes.filter { $0 == "restart→flow 'app'" }.count > 10)
    }

    @Test func onlyEnvironmentVariablesListedAlongTheChainAreVisible() throws {
        let flow = """
        version: 1
        flow: app
        start: inner
        env: [HOME_DIR]
        flows:
          inner:
            start: page
            env: [USER_NAME]
            screens:
              page:
                text: "{{ env.USER_NAME }} at {{ env.HOME_DIR }}"
                actions: [show, quit]
                on:
                  show: { say: "{{ env.USER_NAME }} in {{ env.HOME_DIR }}" }
        """
        var run = try SessionDriver(flow, environment: ["USER_NAME": "ada", "HOME_DIR": "/home/ada", "SECRET": "x"])
        run.enter("show")
        #expect(run.said == ["ada in /home/ada"])
        let prompt = try #require(run.actionPrompt)
        #expect(prompt.screen.text == "ada at /home/ada")
        #expect(prompt.screen.flowPath == ["app", "inner"])
    }

    @Test func aRunTimeExpressionErrorCountsAsFalseWithAWarning() throws {
        let flow = """
        version: 1
        flow: app
        start: page
        screens:
          page:
            fields:
              - { id: name }
            actions: [check, quit]
            on:
              check:
                - { when: "size(name) > 2", say: "long" }
                - { say: "short or missing" }
        """
        var run = try SessionDriver(flow)
        run.enter("", "check")
        #expect(run.said == ["short or missing"])
        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.contains("size(name) > 2") == true)
        #expect(run.session.outcome == nil)
    }

    @Test func startingAFlowAgainCreatesItAfresh() throws {
        let flow = """
        version: 1
        flow: app
        start: home
        screens:
          home:
            actions: [count, quit]
            on:
              count: { push: counter }
        flows:
          counter:
            start: page
            variables: { n: 0 }
            screens:
              page:
                actions: [bump, back]
                on:
                  bump: { set: { n: n + 1 } }
        """
        var run = try SessionDriver(flow)
        run.enter("count", "bump", "bump")
        #expect(run.value("counter", "n") == .int(2))
        run.enter("back", "count")
        #expect(run.value("counter", "n") == .int(0))
    }

    /// Back from a replaced screen of a presented flow dismisses the flow.
    @Test func backFromReplacedScreenOfPresentedFlow() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          go: { push: sub }
        screens:
          home:
            actions: [go, quit]
        flows:
          sub:
            start: a
            on:
              next: { replace: b }
            screens:
              a:
                actions: [next]
              b:
                actions: [back]
        """)
        run.enter("go", "next", "back")
        #expect(run.shown == ["app/home", "sub/a", "sub/b", "app/home"])
    }

    /// `c.done` pushes a root screen when the root has nothing under it: back has nowhere to go.
    @Test func backAfterDonePush() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: c
        on:
          c.done: { push: b }
        screens:
          b:
            actions: [back]
        flows:
          c:
            start: c1
            on:
              ok: { finish: true }
            screens:
              c1:
                actions: [ok]
        """)
        run.enter("ok", "back")
        #expect(run.shown == ["c/c1", "app/b"])
        #expect(run.said == ["There is nothing to go back to."])
    }

    @Test func backTrueInAncestorDismissesPresentedFlow() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          go: { push: sub }
          cancel: { back: true }
        screens:
          home:
            actions: [go, quit]
        flows:
          sub:
            start: c1
            on:
              next: { push: c2 }
            screens:
              c1:
                actions: [next]
              c2:
                actions: [cancel]
        """)
        run.enter("go", "next", "cancel")
        #expect(run.shown == ["app/home", "sub/c1", "sub/c2", "app/home"])
    }

    @Test func backFromActiveChildOfPresentedFlow() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          go: { push: sub }
        screens:
          home:
            actions: [go, quit]
        flows:
          sub:
            start: inner
            flows:
              inner:
                start: a
                screens:
                  a:
                    actions: [back]
        """)
        run.enter("go", "back")
        #expect(run.shown == ["app/home", "inner/a", "app/home"])
    }

    @Test func typedQuitReachesUnlistedHandler() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          quit: { push: confirm }
          really: { exit: { code: 0 } }
        screens:
          home:
            actions: [stay]
            on:
              stay: { say: "ok" }
          confirm:
            actions: [really, back]
        """)
        run.enter("quit")
        #expect(run.lastScreen == "app/confirm")
    }

    @Test func guardedQuitFallsToApplication() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        variables: { confirm: false }
        on:
          quit:
            - when: "confirm"
              push: bye
        screens:
          home:
            actions: [quit]
          bye:
            actions: [back]
        """)
        run.enter("quit")
        #expect(run.session.outcome?.status == .cancelled)
    }

    @Test func replacedChildFinishingFinishesParent() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: P
        on:
          P.done: { push: special }
        screens:
          special:
            actions: [quit]
        flows:
          P:
            start: a
            on:
              go: { push: C }
              swap: { replace: C }
            screens:
              a:
                actions: [go, quit]
            flows:
              C:
                start: c1
                on:
                  fin: { finish: true }
                  next: { push: c2 }
                screens:
                  c1:
                    actions: [fin, next]
                  c2:
                    actions: [swap]
        """)
        run.enter("go", "next", "swap", "fin")
        #expect(run.lastScreen == "app/special")
    }
}
