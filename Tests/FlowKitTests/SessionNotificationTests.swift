import FlowKit
import Testing
import FlowExpressions

/// `post` and `observe` (spec §7 1.1): a notification reaches every observer in the tree,
/// root first, parents before children, in file order, whether or not it is on the
/// chain; observers change variables and say things, but never what is shown.
@Suite struct SessionNotificationTests {
    static let flow = """
    version: 1
    flow: app
    start: work
    variables: { log: [] }
    observe:
      saved:
        - when: size(log) > 5
          say: never
        - set: { log: 'log + ["app"]' }
    flows:
      work:
        start: edit
        observe:
          saved: { set: { app.log: 'app.log + ["work"]' }, say: "work saw it" }
        screens:
          edit:
            actions: [save, quit]
            on:
              save: { post: saved, say: "saved" }
      audit:
        start: s
        observe:
          saved: { set: { app.log: 'app.log + ["audit"]' } }
        screens: { s: { actions: [quit] } }
        flows:
          deep:
            start: s
            observe:
              saved: { set: { app.log: 'app.log + ["deep"]' } }
            screens: { s: { actions: [quit] } }
      late:
        start: s
        observe:
          saved: { set: { app.log: 'app.log + ["late"]' } }
        screens: { s: { actions: [quit] } }
    """

    @Test func everyObserverRunsRootFirstParentsBeforeChildrenInFileOrder() throws {
        var run = try SessionDriver(Self.flow)
        run.enter("save")
        #expect(run.value("app", "log") == .list(["app", "work", "audit", "deep", "late"].map(Value.string)))
        #expect(run.observed == ["saved→flow 'app'", "saved→flow 'work'", "saved→flow 'audit'", "saved→flow 'deep'", "saved→flow 'late'"])
        #expect(run.said == ["work saw it", "saved"], "observers run before the posting branch's say")
        #expect(run.shown == ["work/edit"], "a post never changes what is shown, nor shows the screen again")
        #expect(run.asking == "actions")
    }

    @Test func anObserverMayNotMakeATransition() {
        let report = Validator().validate(Array("""
        version: 1
        flow: app
        start: s
        observe:
          saved: { say: hi, push: s }
        screens:
          s:
            actions: [save, quit]
            on: { save: { post: saved } }
        """.utf8), file: "f.yaml")
        #expect(report.diagnostics.map(\.code) == [.unknownKey])
        #expect(report.diagnostics.first?.message == "'push' is not a key of an observer's branch (observers make no transition)")
    }

    @Test func observersPostingToEachOtherStopAtTheStepLimitWithoutDeepening() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        observe:
          ping: { post: pong }
          pong: { post: ping }
        screens:
          s:
            actions: [go, quit]
            on: { go: { post: ping } }
        """)
        run.enter("go")
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message?.hasPrefix("runaway-transitions") == true)
    }
}
