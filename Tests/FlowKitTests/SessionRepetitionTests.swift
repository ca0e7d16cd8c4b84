import FlowKit
import Testing

/// `for_each` (spec §7 1.1): a child flow runs afresh once per element, `done` comes once
/// after the last run with `flowid.results`, and `back` steps between the runs.
@Suite struct SessionRepetitionTests {
    static func flow(items: String = #"["api", "db", "web"]"#) -> String {
        """
        version: 1
        flow: app
        start: home
        variables: { items: \(items), prefix: "svc" }
        on:
          check.done: { say: "{{ size(check.results) }}: {{ check.results.map(r, r.name + '=' + r.state).join(' ') }}", replace: summary }
        flows:
          check:
            title: "Checking {{ name }}"
            start: ask
            params: { name: null, prefix: "" }
            result: { name: 'prefix + "/" + name', state: state }
            screens:
              ask:
                fields: [{ id: state, type: choice, options: [ok, down] }]
                actions: [next, more, back]
                on:
                  next: { finish: true }
                  more: { push: extra }
              extra:
                actions: [next]
                on: { next: { finish: true } }
        screens:
          home:
            actions: [go, quit]
            on:
              go: { push: { to: check, for_each: items, as: name, with: { prefix: prefix } } }
          summary: { terminal: true }
        """
    }

    @Test func theFlowRunsOncePerElementThenDoneComesOnceWithEveryResult() throws {
        var run = try SessionDriver(Self.flow())
        run.enter("go", "ok", "next", "down", "next", "ok", "next")
        #expect(run.shown == ["app/home", "check/ask", "check/ask", "check/ask", "app/summary"])
        #expect(run.said == ["3: svc/api=ok svc/db=down svc/web=ok"], "one done, after the last run, with the results in order")
        let titles = run.events.compactMap { if case .screenShown(let view) = $0 { view.flowTitles.map(\.title) } else { nil } }.flatMap { $0 }
        #expect(titles == ["Checking api", "Checking db", "Checking web"], "each run starts afresh, its title with its element")
        let repeats = run.events.compactMap { if case .repeated(_, let element, let count) = $0 { "\(element)/\(count)" } else { nil } }
        #expect(repeats == ["1/3", "2/3", "3/3"])
        #expect(run.session.outcome?.status == .finished)
    }

    @Test func backInALaterRunReturnsToThePreviousRunsLastScreenWithItsAnswers() throws {
        var run = try SessionDriver(Self.flow())
        run.enter("go", "down", "more")
        #expect(run.lastScreen == "check/extra")
        run.enter("next")   // the first run ends on `extra`
        #expect(run.lastScreen == "check/ask")
        run.enter("/back")   // the second run's first screen: back goes into the first run
        #expect(run.lastScreen == "check/extra", "the previous element's last screen")
        run.enter("next", "ok", "next", "ok", "next")
        #expect(run.said == ["3: svc/api=down svc/db=ok svc/web=ok"], "the revisited run's result replaces its first one")
    }

    @Test func backInTheFirstRunDismissesTheWholeRepetitionWithoutDone() throws {
        var run = try SessionDriver(Self.flow())
        run.enter("go")
        #expect(run.shown == ["app/home", "check/ask"])
        run.enter("/back")
        #expect(run.lastScreen == "app/home")
        #expect(run.said.isEmpty, "no done")
        run.enter("go", "ok", "next")
        let repeats = run.events.compactMap { if case .repeated(_, let element, _) = $0 { element } else { nil } }
        #expect(repeats == [1, 1, 2], "starting again starts from the first element")
    }

    @Test func anEmptyListStartsNothingAndDoneComesAtOnce() throws {
        var run = try SessionDriver(Self.flow(items: "[]"))
        run.enter("go")
        #expect(run.shown == ["app/home", "app/summary"])
        #expect(run.said == ["0: "])
    }

    @Test func moreThanTenThousandElementsStopTheRun() throws {
        let many = "[" + (0...10_000).map(String.init).map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        var run = try SessionDriver(Self.flow(items: many))
        run.enter("go")
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message?.contains("10001 elements; the limit is 10000") == true)
    }

    /// Spec §11 1.2: a repetition's runs are not steps of a loop, so ten thousand runs
    /// that ask nothing all finish; the steps of each run still count.
    @Test func tenThousandRunsWithoutInputAllFinish() throws {
        let many = "[" + (1...10_000).map(String.init).joined(separator: ", ") + "]"
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        variables: { items: \(many) }
        on:
          step.done: { say: "{{ size(step.results) }} runs", replace: summary }
        flows:
          step:
            start: s
            params: { n: 0 }
            result: { n: n }
            screens: { s: { terminal: true } }
        screens:
          home:
            actions: [go, quit]
            on: { go: { push: { to: step, for_each: items, as: n } } }
          summary: { terminal: true }
        """)
        run.enter("go")
        #expect(run.session.outcome?.status == .finished, "\(run.session.outcome?.message ?? "")")
        #expect(run.said == ["10000 runs"])
    }

    @Test func aLoopThatStartsARepetitionEachTimeIsStillStopped() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          step.done: { replace: { to: step, for_each: "[1, 2, 3]", as: n } }
        flows:
          step:
            start: s
            params: { n: 0 }
            screens: { s: { terminal: true } }
        screens:
          home:
            actions: [go, quit]
            on: { go: { push: { to: step, for_each: "[1, 2, 3]", as: n } } }
        """, maxSteps: 100)
        run.enter("go")
        #expect(run.session.outcome?.message?.hasPrefix("runaway-transitions") == true)
    }

    @Test func aValueThatIsNotAListStartsNothingWithAWarning() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        variables: { items: null }
        flows:
          check:
            start: s
            params: { name: "" }
            screens: { s: { actions: [back] } }
        screens:
          home:
            actions: [go, quit]
            on: { go: { push: { to: check, for_each: items, as: name } } }
        """)
        run.enter("go")
        #expect(run.lastScreen == "app/home")
        #expect(run.warnings == ["'items' gave null, not a list; nothing is started"])
    }
}

/// Spec §11 1.1: a flow's stack holds at most 10,000 screens; a push past it stops the run.
@Suite struct SessionStackLimitTests {
    @Test func aPushPastAThousandScreensStopsTheRun() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [again, quit]
            on: { again: { push: s } }
        """)
        for _ in 0..<999 { _ = run.session.perform("again") }
        #expect(run.session.outcome == nil)
        run.enter("again")
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message == "flow 'app' has 1000 screens on its stack, the limit (a push loop?)")
    }
}
