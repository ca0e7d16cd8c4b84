import FlowKit
import Testing

/// A screen's `enter` (spec §5 1.2): its branches run each time a transition makes the
/// screen the one shown, before it is shown; a transition it makes skips the screen.
@Suite struct SessionEnterTests {
    /// The events' kinds in order, a screen by its id: "said:…", "shown:…".
    static func timeline(_ events: [SessionEvent]) -> [String] {
        events.compactMap { event in
            switch event {
            case .said(let text): "said:\(text)"
            case .screenShown(let view): "shown:\(view.screen)"
            default: nil
            }
        }
    }

    @Test func enterRunsAtTheStartBeforeTheScreenIsShown() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { n: 0 }
        screens:
          s:
            title: "n is {{ n }}"
            enter: { set: { n: n + 1 }, say: entering }
            actions: [quit]
        """)
        #expect(Self.timeline(run.events) == ["said:entering", "shown:s"])
        #expect(run.value("app", "n") == .int(1))
        let title = run.events.compactMap { if case .screenShown(let view) = $0 { view.title } else { nil } }
        #expect(title == ["n is 1"], "the title reads what enter set")
        #expect(run.routes == ["enter→screen 's'"])
    }

    static let moves = """
    version: 1
    flow: app
    start: a
    variables: { n: 0, bounce: false }
    screens:
      a:
        enter: { set: { n: n + 1 } }
        actions: [stay, restart, go]
        on:
          stay: { say: stayed }
          restart: { replace: a }
          go: { push: b }
      b:
        enter:
          - { when: bounce, set: { bounce: false }, say: bounced, back: true }
          - say: "on b"
        actions: [back, again]
        on:
          again: { set: { bounce: true }, push: b }
    """

    @Test func enterRunsOnPushBackAndReplaceButNotAfterABranchThatStays() throws {
        var run = try SessionDriver(Self.moves)
        run.enter("stay")
        #expect(run.value("app", "n") == .int(1), "a branch that stays does not enter the screen again")
        run.enter("go")
        #expect(run.said == ["stayed", "on b"])
        run.enter("back")
        #expect(run.value("app", "n") == .int(2), "back onto a enters it")
        run.enter("restart")
        #expect(run.value("app", "n") == .int(3), "replace enters it")
        run.enter("go", "again")
        // The second b's enter goes back, onto the first b, which is entered again.
        #expect(Array(run.said.suffix(3)) == ["on b", "bounced", "on b"])
        #expect(run.shown.suffix(2) == ["app/b", "app/b"])
    }

    @Test func aTransitionInEnterSkipsTheScreen() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: a
        screens:
          a:
            title: never shown
            enter: { say: skipping, replace: b }
            actions: [quit]
          b:
            actions: [quit]
        """)
        #expect(Self.timeline(run.events) == ["said:skipping", "shown:b"])
        #expect(run.session.path == ["app/b"], "a screen its enter leaves is not on the path")
    }

    @Test func theFirstBranchWhoseWhenHoldsRuns() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: a
        variables: { ready: true }
        screens:
          a:
            enter:
              - { when: "!ready", say: "not ready", replace: b }
              - { when: ready, say: ready }
              - { say: never }
            actions: [quit]
          b:
            actions: [quit]
        """)
        #expect(Self.timeline(run.events) == ["said:ready", "shown:a"])
    }

    @Test func enterRunsWhenAChildFlowOverTheScreenFinishesAfterTheDoneHandler() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: a
        variables: { log: "" }
        screens:
          a:
            enter: { set: { log: "log + 'enter '" } }
            actions: [child, quit]
            on:
              child: { push: c }
        on:
          c.done: { set: { log: "log + 'done '" } }
        flows:
          c:
            start: only
            screens:
              only:
                actions: [finish]
            on:
              finish: { finish: true }
        """)
        run.enter("child", "finish")
        #expect(run.value("app", "log") == .string("enter done enter "))
        #expect(run.lastScreen == "app/a")
        run.enter("child", "back")
        #expect(run.value("app", "log") == .string("enter done enter enter "), "a child dismissed by back is a back onto the screen")
    }

    @Test func enterRunsItsCommandsFirst() throws {
        let table = SessionCommandListTests.Table { _ in CommandResult(exitCode: 0, stdout: "v1.2.0\n") }
        let run = try SessionDriver(files: ["f.yaml": """
        version: 1
        flow: app
        start: a
        variables: { tags: {} }
        screens:
          a:
            title: "last tag {{ trim(tags.stdout) }}"
            enter:
              run: { command: [git, tag], into: tags }
              say: "{{ tags.exit_code }}"
            actions: [quit]
        """], commands: table)
        #expect(table.programs == ["git"])
        #expect(Self.timeline(run.events) == ["said:0", "shown:a"])
        let title = run.events.compactMap { if case .screenShown(let view) = $0 { view.title } else { nil } }
        #expect(title == ["last tag v1.2.0"])
    }

    @Test func anEnterThatSendsAnActionHandledWithoutATransitionShowsTheScreen() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: a
        variables: { n: 0 }
        screens:
          a:
            enter: { send: count }
            actions: [quit]
        on:
          count: { set: { n: n + 1 }, say: counted }
        """)
        #expect(Self.timeline(run.events) == ["said:counted", "shown:a"])
        #expect(run.value("app", "n") == .int(1), "the screen's enter is not run again")
        #expect(run.asking == "actions")
    }

    @Test func enterTransitionsCountTowardsTheRunawayLimit() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: a
        variables: { spin: true }
        screens:
          a:
            enter: { when: spin, replace: b }
            actions: [quit]
          b:
            enter: { when: spin, replace: a }
            actions: [quit]
        """, maxSteps: 100)
        #expect(run.session.outcome?.message?.hasPrefix("runaway-transitions") == true)
        #expect(run.shown.isEmpty)
    }

    @Test func aResumedRunDoesNotEnterTheScreenAgain() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { n: 0 }
        screens:
          s:
            enter: { set: { n: n + 1 }, say: entering }
            actions: [quit]
        """)
        let restored = try Session(tree: run.session.tree, restoring: run.session.savedState())
        let events = restored.redisplay()
        #expect(Self.timeline(events) == ["shown:s"])
        #expect(restored.values["app"]?["n"] == .int(1))
    }
}

