import Foundation
import Testing
import TestSupport

/// Assignments into maps and lists (spec §7 1.2) and secrecy tracked per member (cli.md
/// 1.2), as the user sees them: the plain-mode screen, the transcript, the result,
/// `--state` and `--resume`, and a flow test's report.
@Suite(.serialized) struct SecretMemberTests {
    private let signin = Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path
    private static let signUp = ["sign_up", "ada@example.com", "ada", "continue", "lovelace1", "lovelace1", "y", "create"]

    private let accounts = """
    version: 1
    flow: app
    start: s
    variables: { items: [a, b], accounts: { alice: wonderland } }
    screens:
      s:
        fields: [{ id: user }, { id: pw, type: secret }]
        actions: [add, bad, show, quit]
        on:
          add: { set: { 'accounts[user]': pw } }
          bad: { set: { 'items[5]': '"x"' } }
          show: { say: '{{ size(accounts) }} accounts: {{ accounts }}' }
    """

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The saved state's variables of the root flow.
    private func savedRootVariables(_ path: String) throws -> [String: Any] {
        let document = try json(try String(contentsOfFile: path, encoding: .utf8))
        let flows = (document["state"] as? [String: Any])?["flows"] as? [[String: Any]]
        return try #require(flows?.first?["variables"] as? [String: Any])
    }

    @Test func onlyTheSecretMemberIsMaskedOnTheScreenAndInTheTranscriptTheResultHoldsIt() throws {
        let directory = try FlowrunProcess.folder(holding: accounts)
        let transcript = directory.appendingPathComponent("t.jsonl").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--transcript", transcript, "--output", "json"],
                                         stdin: "ada\nlovelace\nadd\nbad\nshow\nquit\n", directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\n2 accounts: {ada: ******, alice: wonderland}\n"), "\(run.stderr)")
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(recorded.contains(#""text":"2 accounts: {ada: ******, alice: wonderland}""#), "\(recorded)")
        for shown in [run.stderr, recorded] { #expect(!shown.contains("lovelace")) }
        // The result holds secrets (the program reading stdout asked for them).
        let values = (try json(run.stdout)["values"] as? [String: [String: Any]])?["app"]
        #expect(values?["accounts"] as? [String: String] == ["alice": "wonderland", "ada": "lovelace"])
    }

    /// On a terminal, a person reads the result: the secret answer and the secret member
    /// show as the mask, the other members and answers as they are.
    @Test func theResultOnATerminalMasksTheSecretAndTheSecretMember() throws {
        let screen = try PtyDriver.drive([.expect("User"), .send("ada\r"), .expect("Pw"), .send("lovelace\r"),
                                          .expect("Actions"), .send("add\r"), .expect("Actions"), .send("quit\r"), .expect("status")],
                                         flow: accounts, arguments: ["--plain"], stdoutOnTerminal: true)
        #expect(screen.expect_failed == nil, "\(screen.rendered)")
        #expect(screen.status == 0, "\(screen.rendered)")
        for shown in [#""pw" : "******""#, #""user" : "ada""#, #""ada" : "******""#, #""alice" : "wonderland""#] {
            #expect(screen.rendered.contains(shown), "\(shown) in \(screen.rendered)")
        }
        #expect(!screen.screen.contains("lovelace"), "\(screen.screen)")
        #expect(screen.terminal_restored)
    }

    /// Spec §7 1.2: a list position out of range is not assigned, with a warning shown
    /// where run-time warnings are (stderr and the transcript), at the key.
    @Test func anOutOfRangeAssignmentIsAWarningAtItsKey() throws {
        let directory = try FlowrunProcess.folder(holding: accounts)
        let transcript = directory.appendingPathComponent("t.jsonl").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--transcript", transcript],
                                         stdin: "ada\nlovelace\nbad\nquit\n", directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("f.yaml:11:21: warning: 'items[5]' is not assigned: [5] is out of range: the list has 2 element(s)\n"), "\(run.stderr)")
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(recorded.contains(#""at":"f.yaml:11:21","event":"warning","text":"'items[5]' is not assigned"#), "\(recorded)")
        #expect((try json(run.stdout)["values"] as? [String: [String: Any]])?["app"]?["items"] as? [String] == ["a", "b"])
    }

    /// An assignment into a secret that cannot be made says so without telling its shape:
    /// not how many elements a list computed from a secret has, nor what a secret member
    /// holds.
    @Test func anAssignmentIntoASecretThatCannotBeMadeDoesNotTellItsShape() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { tags: [], d: null }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [split, far, deep, quit]
            on:
              split: { set: { tags: 'pw.split(",")', d: '{"k": pw, "n": "public"}' } }
              far: { set: { 'tags[5]': '"x"' } }
              deep: { set: { 'd["k"]["x"]': '"x"', 'd["n"]["x"]': '"x"' } }
        """)
        let transcript = directory.appendingPathComponent("t.jsonl").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--transcript", transcript],
                                         stdin: "a1,b2,c3\nsplit\nfar\ndeep\nquit\n", directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: 'tags[5]' is not assigned: what it goes into is secret (not shown)\n"), "\(run.stderr)")
        #expect(run.stderr.contains(#"warning: 'd["k"]["x"]' is not assigned: what it goes into is secret (not shown)"# + "\n"), "\(run.stderr)")
        // A member that is not secret is told as before.
        #expect(run.stderr.contains(#"warning: 'd["n"]["x"]' is not assigned: it holds string there, not a list or map to index with ["x"]"# + "\n"),
                "\(run.stderr)")
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        for shown in [run.stderr, recorded] {
            #expect(!shown.contains("3 element"), "\(shown)")
            #expect(!shown.contains("a1"), "\(shown)")
        }
    }

    /// The example's promise: a sign-up, Ctrl-C, `--resume`. The state keeps the other
    /// accounts and leaves out the new one's key and password; the resume names it as
    /// lost, and the demo account still signs in.
    @Test func aSignUpInterruptedKeepsTheOtherAccountsAndTheDemoAccountStillSignsIn() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let live = try ResumeTests.LiveRun(["run", signin, "--state", state], directory: directory, statePath: state)
        live.waitForChange(from: nil)
        for line in Self.signUp { live.feed(line) }
        #expect(live.signal(SIGINT) == 130)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(!saved.contains("lovelace1"))
        #expect(try savedRootVariables(state)["accounts"] as? [String: String] == ["alice": "wonderland", "bob": "builder123"])
        let resumed = try FlowrunProcess.run(["run", signin, "--state", state, "--resume"], stdin: "alice\nwonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains(#"gone from their maps (null in their lists): app.accounts["ada"]"#), "\(resumed.stderr)")
        let document = try json(resumed.stdout)
        #expect(document["screen"] as? String == "home", "the demo account signs in")
        let app = (document["values"] as? [String: [String: Any]])?["app"]
        #expect(app?["current_user"] as? String == "alice")
        #expect(app?["accounts"] as? [String: String] == ["alice": "wonderland", "bob": "builder123"])
    }

    /// The same through the end of input (`--state` saved as after the last line), and a
    /// second save after the resume still names the member while it is missing.
    @Test func aMissingMemberIsNamedUntilItHasAValueAgain() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let first = try FlowrunProcess.run(["run", signin, "--state", state], stdin: Self.signUp.joined(separator: "\n") + "\n")
        #expect(first.status == 3, "\(first.stderr)")
        let stopped = try FlowrunProcess.run(["run", signin, "--state", state, "--resume"], stdin: "alice\n")
        #expect(stopped.status == 3, "\(stopped.stderr)")
        #expect(stopped.stderr.contains(#"app.accounts["ada"]"#))
        let again = try FlowrunProcess.run(["run", signin, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains(#"gone from their maps (null in their lists): app.accounts["ada"]"#), "\(again.stderr)")
    }

    /// A macro or `cel.bind` binds a name for its own arguments: an index that reads that
    /// name names no member known before the evaluation, even where a variable bears the
    /// name (`user` holds "alice" here), so the value is masked on the screen, in the
    /// transcript and in a program's stderr.
    @Test func anIndexByAMacrosBoundNameIsMaskedWhateverAVariableOfThatNameHolds() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { accounts: { alice: wonderland }, user: alice, r: {} }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [add, show, tell, quit]
            on:
              add: { set: { 'accounts["ada"]': pw } }
              show: { say: 'mapped {{ keys(accounts).map(user, accounts[user]) }}, bound {{ cel.bind(user, "ada", accounts[user]) }}, alice {{ accounts[user] }}' }
              tell:
                run: { command: [sh, -c, 'echo "got $P" >&2'], env: { P: '{{ cel.bind(user, "ada", accounts[user]) }}' }, into: r }
        """)
        let transcript = directory.appendingPathComponent("t.jsonl").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--trust", "--transcript", transcript],
                                         stdin: "lovelace\nadd\nshow\ntell\nquit\n", directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\nmapped ******, bound ******, alice wonderland\n"), "\(run.stderr)")
        #expect(run.stderr.contains("\ngot ******\n"), "\(run.stderr)")
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        for shown in [run.stderr, recorded] { #expect(!shown.contains("lovelace"), "\(shown)") }
    }

    /// A repetition over a map's keys resumes where it was though the map lost a secret
    /// member: the keys are no secret, and the elements saved are those the flow gave.
    @Test func aRepetitionOverTheKeysOfAMapThatLostASecretMemberResumes() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { accounts: { bob: builder } }
        on:
          rep.done: { say: 'done: {{ rep.results.map(r, r.name + "=" + r.note) }}' }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [add, each, quit]
            on:
              add: { set: { 'accounts["ada"]': pw } }
              each: { push: { to: rep, for_each: 'keys(accounts)', as: name } }
        flows:
          rep:
            params: { name: "" }
            start: r
            screens:
              r:
                title: 'user {{ name }}'
                fields: [{ id: note }]
                terminal: true
        """)
        let state = directory.appendingPathComponent("state.json").path
        let first = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state], stdin: "lovelace\nadd\neach\nfirst\n", directory: directory)
        #expect(first.status == 3, "\(first.stderr)")
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state, "--resume"], stdin: "lovelace\nsecond\nquit\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains(#"gone from their maps (null in their lists): app.accounts["ada"]"#), "\(resumed.stderr)")
        #expect(resumed.stderr.contains("\ndone: ada=first, bob=second\n"), "\(resumed.stderr)")
    }

    /// A value that may have held secret members but holds none (`null`, from the other
    /// branch of `?:`) has nothing left out: the state saved resumes, naming nothing lost.
    @Test func aNullThatMightHaveHeldSecretMembersIsSavedAndResumes() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { flag: false, maybe: null, outer: { a: null } }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [keep, quit]
            on:
              keep: { set: { maybe: 'flag ? {"x": pw} : null', outer: '{"a": flag ? {"x": pw} : null}' } }
        """)
        let state = directory.appendingPathComponent("state.json").path
        let first = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state], stdin: "lovelace\nkeep\n", directory: directory)
        #expect(first.status == 3, "\(first.stderr)")
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state, "--resume", "--output", "json"],
                                             stdin: "lovelace\nquit\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("not saved"), "\(resumed.stderr)")
        #expect((try json(resumed.stdout)["values"] as? [String: [String: Any]])?["app"]?["outer"] as? [String: NSNull] == ["a": NSNull()])
    }

    /// A flow test's report hides a computed value that reads a secret member, and the
    /// secret answers in the `results` of a repetition, in every format; a computed
    /// `size()` is no secret and is shown.
    @Test func aFlowTestHidesComputedValuesAndResultsMadeFromSecrets() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { accounts: { alice: wonderland } }
        computed: { theirs: 'accounts["ada"]', count: 'size(accounts)' }
        on:
          rep.done: { say: done }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [add, each, quit]
            on:
              add: { set: { 'accounts["ada"]': pw } }
              each: { push: { to: rep, for_each: '["x"]', as: name } }
        flows:
          rep:
            params: { name: "" }
            start: r
            screens:
              r:
                fields: [{ id: code, type: secret }]
                terminal: true
        """)
        try """
        flow: f.yaml
        cases:
          - name: made from secrets
            input: [lovelace, add, each, s3cr3tcode, quit]
            expect:
              values:
                app: { theirs: nope, count: 5 }
                rep: { results: [] }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        for format in ["text", "json", "junit"] {
            let outcome = try FlowrunProcess.run(["test", "--format", format, "f.flowtest.yaml"], directory: directory)
            #expect(outcome.status == 1, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("values: app.theirs differs from the expected value (it holds a secret: neither is shown)"), "\(outcome.stdout)")
            #expect(outcome.stdout.contains(#"values: rep.results: expected 0 element(s), got 1: [{"code": "******", "name": "x"}]"#)
                    || outcome.stdout.contains(#"values: rep.results: expected 0 element(s), got 1: [{\"code\": \"******\", \"name\": \"x\"}]"#),
                    "as JSON escapes it: \(outcome.stdout)")
            #expect(outcome.stdout.contains("values: app.count: expected 5, got 2"), "\(outcome.stdout)")
            #expect(!outcome.stdout.contains("lovelace") && !outcome.stdout.contains("s3cr3t"), "\(outcome.stdout)")
        }
    }

    /// A repetition's `results` are secret where its runs' results are: a run whose
    /// `result` leaves its secret out gives a result that is shown; without a `result`,
    /// only the secret answers of each run are masked. A map's keys filtered by a test
    /// of the keys alone are no secret (cli.md 1.2: its keys are not secret); filtered
    /// by its secret values, they are.
    @Test func resultsAndKeysAreSecretOnlyWhereTheyHoldOrTellASecret() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: home
        variables: { accounts: { admin: root, bob: builder } }
        on:
          login: { push: { to: auth, for_each: '["x", "y"]', as: p } }
          plain.done: { say: "plain={{ plain.results }}" }
          auth.done:
            say: "auth={{ auth.results }} keys={{ accounts.filter(k, k != 'admin') }} guessed={{ accounts.filter(k, accounts[k] == 'root') }}"
            push: { to: plain, for_each: '["z"]', as: p }
        flows:
          auth:
            params: { p: "" }
            start: creds
            result: { user: user }
            screens:
              creds:
                fields: [ { id: user }, { id: pw, type: secret } ]
                terminal: true
          plain:
            params: { p: "" }
            start: creds
            screens:
              creds:
                fields: [ { id: user }, { id: pw, type: secret } ]
                terminal: true
        screens:
          home:
            fields: [ { id: pin, type: secret } ]
            actions: [save, login, quit]
            on: { save: { set: { 'accounts["carol"]': pin } } }
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--output", "none"],
                                             stdin: "1234\nsave\nlogin\nbob\nhunter2\nann\nhunter3\ncarl\nhunter4\nquit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("auth={user: bob}, {user: ann} keys=bob, carol guessed=******\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("plain={p: z, pw: ******, user: carl}\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter") && !outcome.stderr.contains("1234"), "\(outcome.stderr)")
    }

    /// A run whose result holds a secret makes only its own element secret, not the
    /// elements of the runs after it.
    @Test func aSecretRunLeavesTheNextRunsResultShown() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: home
        on:
          go: { push: { to: two, for_each: '["x", "y"]', as: p } }
          two.done: { say: "first={{ two.results[0] }} second={{ two.results[1] }} same={{ two.results[1] == {'v': 'ann'} }}" }
        flows:
          two:
            params: { p: "" }
            variables: { v: "" }
            start: creds
            result: { v: v }
            screens:
              creds:
                fields: [ { id: user }, { id: pw, type: secret }, { id: keep, type: choice, options: [pw, user] } ]
                actions: [done]
                on:
                  done:
                    - { when: keep == "pw", set: { v: pw }, finish: true }
                    - { set: { v: user }, finish: true }
        screens:
          home:
            actions: [go, quit]
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--output", "none"],
                                             stdin: "go\nbob\nhunter2\n1\ndone\nann\nhunter3\n2\ndone\nquit\n", directory: directory)
        #expect(outcome.stderr.contains("first={v: ******} second={v: ann} same=true\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter"), "\(outcome.stderr)")
    }

    /// `remember: true` keeps no answer that holds a secret: not one taken from a default
    /// that reads a secret member, nor a list given a secret member since. The others are kept.
    @Test func aRememberedAnswerThatHoldsASecretIsNotKept() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { accounts: { alice: wonderland } }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [add, next, quit]
            on:
              add: { set: { 'accounts["ada"]': pw } }
              next: { push: t }
          t:
            fields:
              - { id: hint, default: '{{ accounts["ada"] }}', remember: true }
              - { id: tags, type: multichoice, options: [a, b], remember: true }
              - { id: plain, default: '{{ accounts.alice }}', remember: true }
            actions: [done]
            on:
              done: { set: { 'tags[0]': pw }, finish: true }
        """)
        let home = directory.appendingPathComponent("state").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain"], stdin: "lovelace\nadd\nnext\n\na,b\n\ndone\n",
                                         directory: directory, environment: ["XDG_STATE_HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let stored = try String(contentsOfFile: home + "/flowrun/remembered.json", encoding: .utf8)
        #expect(!stored.contains("lovelace"), "\(stored)")
        #expect(!stored.contains("app.hint") && !stored.contains("app.tags"), "\(stored)")
        #expect(stored.contains(#""app.plain" : "wonderland""#), "\(stored)")
    }

    /// A map given to a child flow's param (`with`) keeps its secrecy per member: the
    /// child shows its keys, its size and its other members, and `--state` keeps them.
    @Test func aMapGivenToAChildFlowKeepsItsSecrecyPerMember() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { accounts: { alice: wonderland } }
        screens:
          s:
            fields: [{ id: pw, type: secret }]
            actions: [add, child, quit]
            on:
              add: { set: { 'accounts["ada"]': pw } }
              child: { push: { to: kid, with: { accts: accounts } } }
        flows:
          kid:
            params: { accts: {} }
            start: k
            screens:
              k:
                text: 'kid: {{ size(accts) }} {{ accts }}'
                fields: [{ id: note }]
        """)
        let state = directory.appendingPathComponent("state.json").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state], stdin: "lovelace\nadd\nchild\n", directory: directory)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("\nkid: 2 {ada: ******, alice: wonderland}\n"), "\(run.stderr)")
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(!saved.contains("lovelace"))
        let document = try json(saved)
        let flows = (document["state"] as? [String: Any])?["flows"] as? [[String: Any]]
        #expect((flows?.last?["variables"] as? [String: Any])?["accts"] as? [String: String] == ["alice": "wonderland"])
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state, "--resume"], stdin: "lovelace\n", directory: directory)
        #expect(resumed.stderr.contains(#"gone from their maps (null in their lists): app.accounts["ada"], kid.accts["ada"]"#), "\(resumed.stderr)")
    }

    /// A map a child flow returns (`result`) keeps its secrecy per member: read from
    /// outside, its keys, size and other members are shown, and `--state` keeps them and
    /// names the member left out.
    @Test func aMapAChildFlowReturnsKeepsItsSecrecyPerMember() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        on:
          kid.done: { push: after }
        screens:
          s:
            actions: [child, quit]
            on:
              child: { push: kid }
          after:
            text: 'back: {{ size(kid.out) }} {{ kid.out }}'
            fields: [{ id: note }]
        flows:
          kid:
            variables: { accts: { alice: wonderland } }
            start: k
            result: { out: accts }
            screens:
              k:
                fields: [{ id: pw, type: secret }]
                actions: [fin]
                on:
                  fin: { set: { 'accts["ada"]': pw }, finish: true }
        """)
        let state = directory.appendingPathComponent("state.json").path
        let run = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state], stdin: "child\nlovelace\nfin\n", directory: directory)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("\nback: 2 {ada: ******, alice: wonderland}\n"), "\(run.stderr)")
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(!saved.contains("lovelace"))
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--plain", "--state", state, "--resume"], stdin: "", directory: directory)
        #expect(resumed.stderr.contains(#"kid.out["ada"]"#), "\(resumed.stderr)")
        #expect(resumed.stderr.contains("\nback: 1 {alice: wonderland}\n"), "\(resumed.stderr)")
    }

    /// A flow test's report shows a difference in a member that is not secret, and never
    /// the secret member.
    @Test func aFlowTestShowsADifferenceOutsideTheSecretMember() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("signin.flowtest.yaml")
        try """
        flow: \(signin)
        cases:
          - name: the other accounts are shown
            answers: { email: ada@example.com }
            input: [sign_up, ada, continue, lovelace1, lovelace1, y, create, quit]
            expect:
              values:
                app: { accounts: { ada: lovelace1, bob: builder } }
        """.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("values: app.accounts.bob: "), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("builder123"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("lovelace1"), "\(outcome.stdout)")
    }
}
