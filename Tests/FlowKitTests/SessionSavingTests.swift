import FlowKit
import Foundation
import Testing

/// A session saved and restored goes on exactly as the original; secrets are never saved.
@Suite struct SessionSavingTests {
    @Test func aRestoredSessionBehavesLikeTheOriginal() throws {
        var original = try SessionDriver(SessionTests.specExample)
        original.enter("bob", "wrong", "submit")
        let saved = original.session.savedState()
        let tree = original.session.tree
        var restored = SessionDriver(session: try Session(tree: tree, restoring: saved))
        // The password is a secret, never saved: login, still running, reads it, so it is asked first.
        #expect(restored.asking == "password")
        restored.enter("wrong")
        for line in ["back", "alice", "1234", "submit"] {
            original.enter(line)
            restored.enter(line)
        }
        #expect(restored.session.path == original.session.path)
        #expect(restored.session.values == original.session.values)
        #expect(restored.lastScreen == "main/home")
    }

    @Test func secretsAreLeftOutAndAskedAgain() throws {
        var run = try SessionDriver(SessionTests.specExample)
        run.enter("alice", "s3cret-pw")
        #expect(run.asking == "actions")
        let saved = run.session.savedState()
        #expect(!String(decoding: saved, as: UTF8.self).contains("s3cret-pw"))
        #expect(String(decoding: saved, as: UTF8.self).contains("alice"))
        var restored = SessionDriver(session: try Session(tree: run.session.tree, restoring: saved))
        #expect(restored.asking == "password", "the secret of the current screen is asked again")
        restored.enter("1234", "submit")
        #expect(restored.lastScreen == "main/home")
    }

    /// cli.md 1.2: a restored answer holding U+0000 is refused as a typed one is.
    @Test func aRestoredAnswerHoldingNULIsRefused() throws {
        var run = try SessionDriver(SessionTests.specExample)
        run.enter("alice", "s3cret-pw")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(saved.contains("\"alice\""))
        let edited = saved.replacingOccurrences(of: "\"alice\"", with: "\"ali\\u0000ce\"")
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array(edited.utf8)) }
        do {
            _ = try Session(tree: run.session.tree, restoring: Array(edited.utf8))
        } catch {
            #expect("\(error)".contains("NUL character (U+0000)"), "\(error)")
        }
    }

    @Test func aStateOfAnotherFlowIsRefused() throws {
        let run = try SessionDriver(SessionTests.specExample)
        let other = try SessionDriver("version: 1\nflow: app\nstart: s\nscreens: { s: { actions: [quit] } }\n")
        #expect(throws: SessionRestoreError.self) { try Session(tree: other.session.tree, restoring: run.session.savedState()) }
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array("{nonsense".utf8)) }
    }

    @Test func aStateOfTheFormerFormatIsRefusedSayingSo() throws {
        let run = try SessionDriver(SessionTests.specExample)
        let former = Array(#"{"format":1,"shape":["app","login"],"state":{}}"#.utf8)
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: former) }
        do {
            _ = try Session(tree: run.session.tree, restoring: former)
        } catch {
            #expect(error.description == "the saved state has format 1; this flowrun reads 2")
        }
    }

    @Test func valuesKeepTheirTypesThroughSaving() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { whole: 1, real: 1.0, list: [1, 2.5, "x", null, true], map: { a: 1 } }
        screens: { s: { actions: [quit] } }
        """
        let run = try SessionDriver(flow)
        let restored = try Session(tree: run.session.tree, restoring: run.session.savedState())
        let values = try #require(restored.values["app"])
        #expect(values["whole"] == .int(1))
        guard case .double? = values["real"] else { Issue.record("1.0 must stay a double"); return }
        #expect(values["list"] == .list([.int(1), .double(2.5), .string("x"), .null, .bool(true)]))
        #expect(values["map"] == .map(["a": .int(1)]))
    }

    /// A secret of a finished flow is named as lost on resume, not asked; once the flow is
    /// started afresh, it is no longer named (it was never answered in this start).
    @Test func aLostSecretIsNamedUntilItsFlowStartsAfresh() throws {
        var run = try SessionDriver(SessionTests.specExample)
        run.enter("alice", "1234", "submit")
        #expect(run.lastScreen == "main/home")
        var restored = SessionDriver(session: try Session(tree: run.session.tree, restoring: run.session.savedState()))
        #expect(restored.session.secretsToAskAgain.isEmpty, "login finished: its password is not asked")
        #expect(restored.session.lostSecretValues == ["login.password"])
        restored.enter("logout")
        #expect(restored.lastScreen == "login/credentials")
        let again = try Session(tree: run.session.tree, restoring: restored.session.savedState())
        #expect(again.lostSecretValues.isEmpty)
    }

    /// A finished flow without `result` keeps its variables readable: a secret read from
    /// outside it (`vault.pin` in a guard of the root) is asked again on resume.
    @Test func aSecretOfAFinishedFlowReadFromOutsideIsAskedAgain() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: home
        on:
          unlock: { push: vault }
          vault.done: { push: opened }
          check:
            - when: vault.pin == "1234"
              say: Right.
            - say: Wrong.
        screens:
          home: { actions: [unlock, quit] }
          opened: { actions: [check, quit] }
        flows:
          vault:
            start: ask
            on: { open: { finish: true } }
            screens:
              ask:
                fields: [{ id: pin, type: secret, label: PIN }]
                actions: [open]
        """)
        run.enter("unlock", "1234", "open")
        #expect(run.lastScreen == "app/opened")
        var restored = SessionDriver(session: try Session(tree: run.session.tree, restoring: run.session.savedState()))
        #expect(restored.session.secretsToAskAgain == ["vault.pin"])
        #expect(restored.session.lostSecretValues.isEmpty)
        #expect(restored.fieldPrompt?.label == "PIN")
        restored.enter("1234", "check")
        #expect(restored.said == ["Right."])
    }

    /// A `for_each` over values computed from a secret: its elements, the param each run
    /// is given, its finished runs and their results are left out of the saved state too.
    @Test func aRepetitionOverASecretIsSavedWithoutIt() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: ask
        on:
          go: { push: { to: each, for_each: 'codes.split(",")', as: code } }
          each.done: { push: ask }
        screens:
          ask:
            fields: [{ id: codes, type: secret }]
            actions: [go, quit]
        flows:
          each:
            params: { code: null }
            start: show
            result: { code: code }
            screens:
              show:
                text: "Code {{ code }}"
                actions: [next]
                on: { next: { finish: true } }
        """)
        run.enter("alpha-77,beta-88", "go", "next")
        #expect(run.shown.last == "each/show")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(!saved.contains("alpha-77") && !saved.contains("beta-88"), "\(saved)")
        let restored = try Session(tree: run.session.tree, restoring: Array(saved.utf8))
        #expect(restored.lostSecretValues.contains("each.code"))
    }

    /// The root's only child ends on a terminal screen: the root finishes with nothing on
    /// its stack. Its state restores as the ended run, with its outcome.
    @Test func aRunThatEndedInAChildRestoresEnded() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: done
        flows:
          done:
            start: bye
            screens:
              bye: { fields: [{ id: note }], terminal: true }
        """)
        run.enter("thanks")
        #expect(run.session.outcome?.status == .finished)
        let restored = try Session(tree: run.session.tree, restoring: run.session.savedState())
        #expect(restored.outcome == run.session.outcome)
        #expect(restored.values["done"]?["note"] == .string("thanks"))
    }

    /// A repetition's elements are computed again from its `for_each`: an element added to
    /// the file is not run; a saved run beyond the elements the flow gives is refused.
    @Test func aRepetitionsElementsAreComputedAgain() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: ask
        on:
          go: { push: { to: each, for_each: 'codes.split(",")', as: code } }
          each.done: { push: ask }
        screens:
          ask:
            fields: [{ id: codes }]
            actions: [go, quit]
        flows:
          each:
            params: { code: null }
            start: show
            screens:
              show:
                actions: [next]
                on: { next: { finish: true } }
        """)
        run.enter("a,b", "go")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(saved.contains(#""elements":["a","b"]"#), "\(saved)")
        var restored = SessionDriver(session: try Session(tree: run.session.tree,
                                                          restoring: Array(saved.replacingOccurrences(of: #""elements":["a","b"]"#, with: #""elements":["a","b","c"]"#).utf8)))
        restored.enter("next", "next")
        #expect(restored.lastScreen == "app/ask", "two runs, as the list gives: \(restored.shown)")
        run.enter("next")
        let second = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(throws: SessionRestoreError.self) {
            try Session(tree: run.session.tree, restoring: Array(second.replacingOccurrences(of: #""codes":"a,b""#, with: #""codes":"a""#).utf8))
        }
    }

    /// A result naming a secret does not write it to the saved state.
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
}
