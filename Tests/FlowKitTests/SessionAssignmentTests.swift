import FlowKit
import FlowExpressions
import Foundation
import Testing

/// Assignments into maps and lists (spec §7 1.2), and secrecy tracked per member (cli.md 1.2).
@Suite struct SessionAssignmentTests {
    /// A flow whose `go` assigns `set` (written as YAML flow mappings) and says `say`.
    private func flow(variables: String, set: String, say: String = "done", fields: String = "[]") -> String {
        """
        version: 1
        flow: app
        start: s
        variables: \(variables)
        screens:
          s:
            fields: \(fields)
            actions: [go, quit]
            on:
              go: { set: \(set), say: '\(say)' }
        """
    }

    private func values(_ run: SessionDriver) -> [String: Value] { run.session.values["app"] ?? [:] }

    @Test func aMapEntryIsAddedOrReplaced() throws {
        var run = try SessionDriver(flow(variables: "{ accounts: { alice: wonderland }, user: ada }",
                                         set: #"{ 'accounts[user]': '"lovelace"', 'accounts["alice"]': '"rabbit"' }"#))
        run.enter("go")
        #expect(values(run)["accounts"] == .map(["alice": .string("rabbit"), "ada": .string("lovelace")]))
        #expect(run.warnings.isEmpty)
    }

    @Test func aListElementIsReplacedAndOneOutOfRangeIsNotAssignedWithAWarning() throws {
        var run = try SessionDriver(flow(variables: "{ items: [1, 2, 3] }", set: "{ 'items[2]': 30, 'items[3]': 40, 'items[-1]': 0 }"))
        run.enter("go")
        #expect(values(run)["items"] == .list([.int(1), .int(2), .int(30)]))
        #expect(run.warnings == [
            "'items[3]' is not assigned: [3] is out of range: the list has 3 element(s)",
            "'items[-1]' is not assigned: [-1] is out of range: the list has 3 element(s)",
        ])
        #expect(run.said == ["done"], "the branch goes on")
    }

    @Test func anAssignmentGoesDeeper() throws {
        var run = try SessionDriver(flow(variables: "{ a: { b: { x: 1 }, l: [[0, 0]] }, k: y }",
                                         set: "{ 'a.b[k]': 2, 'a.l[0][1]': 5, 'a[\"c\"]': '[]' }"))
        run.enter("go")
        #expect(values(run)["a"] == .map(["b": .map(["x": .int(1), "y": .int(2)]), "l": .list([.list([.int(0), .int(5)])]), "c": .list([])]))
    }

    @Test func aStepIntoWhatIsNoMapOrListIsNotAssigned() throws {
        var run = try SessionDriver(flow(variables: "{ a: { b: 1, c: x }, n: null }", set: #"{ 'a["missing"]["x"]': 1, 'n["k"]': 1 }"#))
        run.enter("go")
        #expect(values(run)["a"] == .map(["b": .int(1), "c": .string("x")]))
        #expect(values(run)["n"] == .null)
        #expect(run.warnings == [
            #"'a["missing"]["x"]' is not assigned: the map has no key ["missing"] to go into"#,
            #"'n["k"]' is not assigned: it holds null there, not a list or map to index with ["k"]"#,
        ])
    }

    @Test func anAncestorsVariableIsAssignedInto() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: child
        variables: { accounts: {} }
        flows:
          child:
            start: s
            variables: { user: ada }
            screens:
              s:
                actions: [go, quit]
                on:
                  go: { set: { 'app.accounts[user]': '"pw"' }, say: '{{ app.accounts }}' }
        """)
        run.enter("go")
        #expect(values(run)["accounts"] == .map(["ada": .string("pw")]))
        #expect(run.said == ["{ada: pw}"])
    }

    /// Spec §11 1.2: the value an assignment builds is held to the limits of a value built
    /// at run time, in text and in elements. The branch stops there: its `say` is not said.
    @Test(arguments: [(#""0123456789abcdef""#, "larger than 16 MiB of text"), ("[0]", "larger than 1000000 elements")])
    func aValuePastTheLimitsStopsTheRun(initial: String, limit: String) throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { m: {}, v: \(initial) }
        screens:
          s:
            actions: [double, fill, quit]
            on:
              double: { set: { v: v + v } }
              fill: { set: { 'm["a"]': v, 'm["b"]': v }, say: "filled {{ size(m) }}" }
        """)
        for _ in 0..<19 { run.enter("double") }
        run.enter("fill")
        #expect(run.said.isEmpty, "\(run.said)")
        #expect(run.session.outcome?.status == .failed)
        #expect(run.session.outcome?.exitCode == 2)
        #expect(run.session.outcome?.message?.contains(limit) == true, "\(String(describing: run.session.outcome))")
    }

    // MARK: Secrecy per member

    private let accountsFlow = """
    version: 1
    flow: app
    start: s
    variables: { accounts: { alice: wonderland }, items: [a, b, c], copy: {} }
    screens:
      s:
        fields:
          - { id: user, label: User }
          - { id: pw, type: secret, label: Password }
        actions: [add, keyed, listed, copied, show, mine, quit]
        on:
          add: { set: { 'accounts[user]': pw } }
          keyed: { set: { 'accounts[pw]': '"x"' } }
          listed: { set: { 'items[1]': pw } }
          copied: { set: { copy: accounts } }
          show:
            say: '{{ size(accounts) }} | {{ accounts }} | {{ accounts["alice"] }} | {{ user in accounts }} | {{ items }} | {{ copy }}'
          mine: { say: '{{ accounts[user] }} {{ accounts["alice"] }} {{ keys(accounts) }}' }
    """

    @Test func aSecretMemberIsMaskedAloneItsKeysAndSizeShown() throws {
        var run = try SessionDriver(accountsFlow)
        run.enter("ada", "lovelace", "add", "listed", "copied", "show", "mine")
        #expect(run.said == ["2 | {ada: ******, alice: wonderland} | wonderland | true | a, ******, c | {ada: ******, alice: wonderland}",
                             "****** wonderland ada, alice"])
        #expect(run.session.holdsSecret(flow: "app", name: "accounts"))
        #expect(run.session.shown(values(run)["accounts"] ?? .null, of: "app", name: "accounts")
                == .map(["alice": .string("wonderland"), "ada": .string(SecretMask.mask)]))
    }

    @Test func aKeyComputedFromASecretMakesTheWholeMapSecret() throws {
        var run = try SessionDriver(accountsFlow)
        run.enter("ada", "lovelace", "keyed", "show")
        #expect(run.said == ["****** | ****** | ****** | ****** | a, b, c | {}"])
    }

    @Test func aValueNotSecretClearsTheMembersSecrecy() throws {
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { accounts: {} }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [hide, reveal, show, quit]
            on:
              hide: { set: { 'accounts["ada"]': pw } }
              reveal: { set: { 'accounts["ada"]': '"public"' } }
              show: { say: '{{ accounts }}' }
        """)
        run.enter("hidden", "hide", "show", "reveal", "show")
        #expect(run.said == ["{ada: ******}", "{ada: public}"])
        #expect(!run.session.holdsSecret(flow: "app", name: "accounts"))
    }

    @Test func theStateKeepsTheOtherMembersAndTheResumeNamesTheSecretOneAsLost() throws {
        var run = try SessionDriver(accountsFlow)
        run.enter("ada", "lovelace", "add", "listed")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        #expect(!saved.contains("lovelace"))
        #expect(saved.contains("wonderland"))
        #expect(saved.contains(#""items":["a",null,"c"]"#))
        var restored = SessionDriver(session: try Session(tree: run.session.tree, restoring: run.session.savedState()))
        #expect(restored.session.lostMembers == [#"app.accounts["ada"]"#, "app.items[1]"])
        #expect(restored.session.lostSecretValues == [#"app.accounts["ada"]"#, "app.items[1]"])
        #expect(restored.session.values["app"]?["accounts"] == .map(["alice": .string("wonderland")]))
        #expect(restored.session.secretsToAskAgain == ["app.pw"], "the field itself is asked again, as any secret field")
        restored.enter("again", "show")
        #expect(restored.said == ["1 | {alice: wonderland} | wonderland | false | a, null, c | {}"])
        // Named until it is given a value again.
        let again = try Session(tree: run.session.tree, restoring: restored.session.savedState())
        #expect(again.lostMembers == [#"app.accounts["ada"]"#, "app.items[1]"])
    }

    @Test func aStateListingAMemberThatIsNotMissingIsRefused() throws {
        var run = try SessionDriver(accountsFlow)
        run.enter("ada", "lovelace", "add")
        let saved = String(decoding: run.session.savedState(), as: UTF8.self)
        let edited = saved.replacingOccurrences(of: #"{"path":["ada"],"variable":"app.accounts"}"#, with: #"{"path":["alice"],"variable":"app.accounts"}"#)
        #expect(edited != saved)
        #expect(throws: SessionRestoreError.self) { try Session(tree: run.session.tree, restoring: Array(edited.utf8)) }
    }
}
