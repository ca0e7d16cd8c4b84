import Foundation
import Testing
import TestSupport

/// `flowrun chain FLOW SCREEN`, run as a user runs it.
@Suite struct ChainCommandTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")

    @Test func printsTheChainAndWhoHandlesEachAction() throws {
        let outcome = try FlowrunProcess.run(["chain", "signin.yaml", "profile"], directory: flows)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Golden.matches(outcome.stdout, "chain-signin-profile.txt"), "\(outcome.stdout)")
        // sign_out is offered on a screen three flows below the root that handles it.
        #expect(outcome.stdout.contains("\n  sign_out  flow 'app': always\n"))
    }

    @Test func aNotificationListsItsObserversInOrderAndWhoPostsIt() throws {
        let outcome = try FlowrunProcess.run(["chain", "incident.yaml", "paged"], directory: flows)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("observers:\n  1. flow 'timeline'\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("posted by:\n  flow 'incident' on escalate #1"))
    }

    @Test func aScreenMayBeNamedWithItsFlow() throws {
        let outcome = try FlowrunProcess.run(["chain", "signin.yaml", "login/credentials"], directory: flows)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("screen 'credentials' of flow 'login' (app › login)\n"))
    }

    @Test func eachBranchShowsItsGuardAndTheActionItForwards() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: editor
        on:
          save: { say: saved }
          editor.done: { exit: { code: 0 } }
        flows:
          editor:
            start: home
            variables: { n: 0 }
            on:
              relay:
                - { when: "n > 2", send: save }
                - finish: true
            screens:
              home:
                actions: [save, relay, quit]
                on:
                  save: { when: "n == 0", set: { n: n + 1 } }
        """)
        let outcome = try FlowrunProcess.run(["chain", "f.yaml", "home"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("""
          save   screen 'home': when n == 0
                 flow 'app': always
          relay  flow 'editor': when n > 2, sends save
                   → flow 'app': always
                 flow 'editor': always

        """), "\(outcome.stdout)")
        // A flow id names the flow's start screen, through a start that is a child flow.
        let flow = try FlowrunProcess.run(["chain", "f.yaml", "app"], directory: directory)
        #expect(flow.status == 0, "\(flow.stderr)")
        #expect(flow.stdout == outcome.stdout)
    }

    @Test func anUnknownScreenIsAUsageErrorWithASuggestion() throws {
        let outcome = try FlowrunProcess.run(["chain", "signin.yaml", "credntials"], directory: flows)
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "flowrun: error: no screen or notification 'credntials' in signin.yaml; did you mean 'credentials'?\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aFlowWithErrorsIsRefusedWithItsDiagnostics() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try "version: 1\nflow: app\nstart: nowhere\nscreens: { s: { actions: [quit] } }\n"
            .write(to: directory.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["chain", "bad.yaml", "s"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("bad.yaml:3:8: error: 'nowhere' is not a screen or child flow of flow 'app' [unknown-target]"))
        #expect(outcome.stdout.isEmpty)
    }
}
