import FlowKit
import Foundation
import Testing

/// Behaviours a review found broken, each kept as a test of its own.
@Suite struct SessionRegressionTests {
    // R1: a template default on an integer field is refused at run time.
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

    // R2: a literal default of another YAML type passes validation but is refused.
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

    // R3: a result naming a secret is written to the saved state.
    @Test func secretInResultIsSaved() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: login
        on:
          login.done: { replace: home }
        screens:
          home: { actions: [quit] }
        flows:
          login:
            start: s
            result: { pw: password }
            screens:
              s:
                fields:
                  - { id: password, type: secret }
                actions: [ok]
                on:
                  ok: { finish: true }
        """)
        run.enter("hunter2-secret", "ok")
        #expect(run.lastScreen == "app/home")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(!saved.contains("hunter2-secret"))
    }

    // R6 runtime: back from a replaced screen of a presented flow dismisses it (g2.yaml).
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

    // R7 runtime: c.done pushes a root screen when the root has nothing under it (g4.yaml).
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

    @Test func aFlowReadsItsOwnVariablesByNameEvenWithAResult() throws {
        let yaml = """
        version: 1
        flow: app
        start: s
        variables: { count: 2 }
        result: { total: count }
        screens:
          s:
            text: "{{ app.count }}"
            actions: [quit]
        """
        #expect(Validator().validate(Array(yaml.utf8), file: "f.yaml").diagnostics.isEmpty)
        let run = try SessionDriver(yaml)
        #expect(try #require(run.actionPrompt).screen.text == "2")
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

    @Test func aSecretCopiedIntoAnotherVariableIsNotSaved() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { note: "" }
        screens:
          s:
            fields:
              - { id: pw, type: secret }
            actions: [keep, quit]
            on:
              keep: { set: { note: "'pw is ' + pw" } }
        """
        var run = try SessionDriver(flow)
        run.enter("hunter2-secret", "keep")
        #expect(run.value("app", "note") == .string("pw is hunter2-secret"))
        #expect(!String(decoding: run.session.savedState(), as: UTF8.self).contains("hunter2"))
    }

    @Test(arguments: [#"[{"screen":{"_0":7}}]"#, #"[{"flow":{"_0":0}}]"#])
    func aTamperedStateIsRefusedNotFollowed(stack: String) throws {
        let run = try SessionDriver(SessionTests.specExample)
        var saved = String(decoding: run.session.savedState(), as: UTF8.self)
        // Replace the root's stack (the first flow's) with the tampered one.
        let rootStack = try #require(saved.range(of: #""stack":\[[^\]]*\]"#, options: .regularExpression))
        saved.replaceSubrange(rootStack, with: "\"stack\":\(stack)")
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array(saved.utf8)) }
    }

    /// A `set` whose expression fails leaves its variable as it was, and says so (spec §9 1.1).
    @Test func aFailedSetSaysTheVariableIsNotAssigned() throws {
        var driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { n: 7 }
        screens:
          s:
            fields: [{ id: word }]
            actions: [count, quit]
            on: { count: { set: { n: 'int(word)' } } }
        """)
        driver.enter("seven", "count")
        #expect(driver.warnings == ["'int(word)' failed: int(): 'seven' is not an integer; 'n' is not assigned"])
        #expect(driver.value("app", "n") == .int(7))
    }
}

