@testable import FlowKit
import Testing
import TestSupport

/// `test --generate`'s search of classes: answers made from patterns and boundaries,
/// states merged on what a later decision reads, programs tried failing.
@Suite struct TestGenerationTests {
    private func compiled(_ yaml: String) throws -> ResponderTree {
        try ResponderTree(try #require(FlowLoader().load(Array(yaml.utf8), file: "g.yaml").document))
    }

    private func generated(_ yaml: String) throws -> (tree: ResponderTree, generated: TestGenerator.Generated) {
        let tree = try compiled(yaml)
        return (tree, TestGenerator(universe: CoverageUniverse(tree: tree)).generate())
    }

    @Test(arguments: [
        ("[a-z][a-z0-9-]*", "aa"), ("[0-9]{6}", "000000"), ("[^@ ]+@[^@ ]+", "a@a"), ("(foo|bar)-\\d+", "foo-0"),
        ("REF-9[0-9]{2}", "REF-900"), ("^(?:x|y)?z$", "xz"),
    ])
    func aPatternGivesATextItMatches(pattern: String, example: String) {
        #expect(PatternExample.matching(pattern) == example)
    }

    @Test func aPatternExampleKeepsTheLengthBounds() {
        #expect(PatternExample.matching("[a-z]+", min: 8) == "aaaaaaaa")
        #expect(PatternExample.matching("[a-z]{2,3}", max: 1) == nil)
        #expect(PatternExample.matching("(unclosed") == nil)
    }

    /// The pattern's example answers the field; the `matches` example takes the branch;
    /// 8 is the side of `n > 7` that holds.
    @Test func patternsMatchesAndBoundariesGiveTheAnswersBranchesNeed() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        screens:
          ask:
            fields:
              - { id: ref, required: true, pattern: "REF-[0-9]{3}" }
              - { id: n, type: integer, required: true }
            actions: [go]
            on:
              go:
                - when: ref.matches("^REF-9[0-9]{2}$")
                  replace: nines
                - when: n > 7
                  replace: many
                - replace: other
          nines: { terminal: true }
          many: { terminal: true }
          other: { terminal: true }
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        #expect(generated.cases.contains { $0.input.contains("REF-900") })
        #expect(generated.cases.contains { $0.input.contains("8") })
    }

    /// A counter only shown on a screen does not tell states apart: without the merge, each
    /// `bump` would be a new state, and the branch behind five `hop`s would need many more.
    @Test func valuesNoDecisionReadsDoNotTellStatesApart() throws {
        let flow = """
        version: 1
        flow: g
        start: ask
        variables: { shown: 0, hops: 0 }
        screens:
          ask:
            text: "Bumped {{ shown }} time(s)."
            fields:
              - { id: note, label: Note }
            actions: [bump, hop]
            on:
              bump: { set: { shown: shown + 1 } }
              hop:
                - when: hops >= 4
                  replace: far
                - set: { hops: hops + 1 }
          far: { terminal: true }
        """
        let (tree, generated) = try generated(flow)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let live = LiveValues(tree: tree)
        #expect(live.names.contains("hops") && !live.names.contains("shown") && !live.names.contains("note"))
        #expect(generated.statesSearched < 40, "\(generated.statesSearched)")
    }

    /// An assignment into a map (spec §7 1.2) makes its index as live as its value: which
    /// key the value goes to decides what `m["x"]` reads.
    @Test func theIndexOfAnAssignmentIntoAMapIsLive() throws {
        let tree = try compiled("""
        version: 1
        flow: g
        start: ask
        variables: { m: {} }
        screens:
          ask:
            fields: [{ id: key }, { id: shown }]
            actions: [put, check]
            on:
              put: { set: { 'm[key]': shown } }
              check:
                - when: '"x" in m'
                  replace: found
          found: { terminal: true }
        """)
        let live = LiveValues(tree: tree)
        #expect(live.names.contains("m") && live.names.contains("key") && live.names.contains("shown"))
    }

    /// A child flow that has ended, and that only its own `done` handler reads, no longer
    /// tells states apart: the answers it was given are gone once it has finished.
    @Test func aFlowThatEndedIsForgottenUnlessReadAfterwards() throws {
        let tree = try compiled("""
        version: 1
        flow: g
        start: home
        on:
          ask: { push: child }
          child.done: { say: "Got {{ child.word }}." }
        flows:
          child:
            start: form
            result: { word: word }
            on: { save: { finish: true } }
            screens:
              form:
                fields:
                  - id: word
                    required: true
                    validate: [{ rule: 'word != "x"', message: Not x. }]
                actions: [save]
        screens:
          home:
            actions: [ask]
        """)
        let live = LiveValues(tree: tree)
        func finished(with word: String) -> Session {
            var session = Session(tree: tree)
            _ = session.start()
            _ = session.perform("ask")
            _ = session.enter(FieldLine(word))
            _ = session.perform("save")
            return session
        }
        let first = finished(with: "alpha"), second = finished(with: "beta")
        #expect(first.values["child"]?["word"] == .string("alpha") && first.currentScreen == second.currentScreen)
        #expect(live.key(of: first) == live.key(of: second))
        let asking = [(first, "gamma"), (second, "delta")].map { session, word in
            var session = session
            _ = session.perform("ask")
            _ = session.enter(FieldLine(word))
            return session
        }
        #expect(live.key(of: asking[0]) != live.key(of: asking[1]), "while the flow runs, its answers tell states apart")
    }

    /// A branch that reads a program's exit code is reached with the program failing, and
    /// the case says so in its stub.
    @Test func aProgramIsTriedFailingWhereABranchReadsIt() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        variables: { out: {} }
        screens:
          ask:
            actions: [go]
            on:
              go:
                run: { command: [make], into: out }
                send: check
          failed: { terminal: true }
          built: { terminal: true }
        on:
          check:
            - when: out.exit_code != 0
              replace: failed
            - replace: built
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let failing = try #require(generated.cases.first { !$0.stubs.isEmpty })
        #expect(failing.stubs.map(\.arguments) == [["make"]])
        let played = FlowTestRunner(tree: tree).play(failing.input, stubs: failing.stubs)
        #expect(played.session.path.last == "g/failed")
        let text = FlowTestWriter(tree: tree).write(flow: "g.yaml", cases: [(name: failing.name, played: played)], command: "test")
        #expect(text.contains(#"{ command: ["make"], exit_code: 1, stdout: "" }"#), "\(text)")
    }

    /// Where a decision reads `timed_out`, a program is tried timing out too.
    @Test func aProgramIsTriedTimingOutWhereABranchReadsIt() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        variables: { out: {} }
        screens:
          ask:
            actions: [go]
            on:
              go:
                run: { command: [make], into: out }
                send: check
          slow: { terminal: true }
          failed: { terminal: true }
          built: { terminal: true }
        on:
          check:
            - when: out.timed_out
              replace: slow
            - when: out.exit_code != 0
              replace: failed
            - replace: built
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let runner = FlowTestRunner(tree: tree)
        let text = FlowTestWriter(tree: tree).write(flow: "g.yaml", cases: generated.cases.map { (name: $0.name, played: runner.play($0.input, stubs: $0.stubs)) },
                                                    command: "test")
        #expect(text.contains(#"{ command: ["make"], exit_code: 137, stdout: "", timed_out: true }"#), "\(text)")
        let file = try #require(FlowTestReader().read(Array(text.utf8), file: "g.flowtest.yaml").file)
        let messages = file.cases.map(runner.run).flatMap(\.failures).map(\.message)
        #expect(messages.isEmpty, "\(messages)")
    }

    /// Plays the generated cases, writes them, reads the file back and runs it: the messages
    /// of the failures, none when the written file passes at once.
    private func failuresOfWrittenCases(_ tree: ResponderTree, _ generated: TestGenerator.Generated) throws -> (text: String, failures: [String]) {
        let runner = FlowTestRunner(tree: tree)
        let text = FlowTestWriter(tree: tree).write(flow: "g.yaml", cases: generated.cases.map { (name: $0.name, played: runner.play($0.input, stubs: $0.stubs)) },
                                                    command: "test")
        let file = try #require(FlowTestReader().read(Array(text.utf8), file: "g.flowtest.yaml").file)
        return (text, file.cases.map(runner.run).flatMap(\.failures).map(\.message))
    }

    /// A flow whose `go` runs `git tag` into `out`, then goes to `tagged` where `condition`
    /// holds, else to `untagged`.
    private static func branchingOnGitTag(when condition: String) -> String {
        """
        version: 1
        flow: g
        start: ask
        variables: { out: {} }
        screens:
          ask:
            actions: [go]
            on:
              go:
                run: { command: [git, tag], into: out }
                send: check
          tagged: { terminal: true }
          untagged: { terminal: true }
        on:
          check:
            - when: \(condition)
              replace: tagged
            - replace: untagged
        """
    }

    /// A branch that reads what a program wrote is reached with an output the search tries
    /// (here its filler), written as the case's stub.
    @Test func aBranchOnAProgramsOutputIsReachedWithAnOutputTried() throws {
        let (tree, generated) = try generated(Self.branchingOnGitTag(when: #"out.stdout.trim() != """#))
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let (text, failures) = try failuresOfWrittenCases(tree, generated)
        #expect(text.contains(#"{ command: ["git", "tag"], exit_code: 0, stdout: "test" }"#), "\(text)")
        #expect(failures.isEmpty, "\(failures)")
    }

    /// The release checklist in small: the last tag, read as the flow starts, is a field's
    /// placeholder made up as the program's output, and the version answered is the one
    /// after it, the other side of the version comparison.
    @Test func aTagReadAsTheFlowStartsIsMadeUpAndANewerVersionAnswered() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        variables: { tags: {}, _last: "" }
        screens:
          ask:
            enter:
              run: { command: [git, tag], into: tags }
              set: { _last: 'tags.stdout.trim()' }
            fields:
              - id: version
                placeholder: 1.4.0
                required: true
                validate:
                  - { rule: isSemver(version), message: Not a version. }
                  - { rule: '_last == "" || semver(version).isGreaterThan(semver(_last, true))', message: Not newer. }
            actions: [go]
            on:
              go:
                - when: _last != ""
                  replace: newer
                - replace: first
          newer: { terminal: true }
          first: { terminal: true }
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let newer = try #require(generated.cases.first { $0.name.hasPrefix("reaches g/newer") })
        #expect(newer.input.first == "1.4.1")
        #expect(newer.stubs.map(\.result.stdout) == ["1.4.0"])
        let (_, failures) = try failuresOfWrittenCases(tree, generated)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// An output none of those tried gives needs a stub written by hand.
    @Test func aBranchOnAnOutputNoneTriedGivesAsksForAStubByHand() throws {
        let (_, generated) = try generated(Self.branchingOnGitTag(when: "size(out.stdout) == 7"))
        let branch = try #require(generated.unreached.first { $0.kind == .branches })
        #expect(generated.reasons[branch] == "its guard reads a program's stdout, and no output the search tries leads there: write its stub by hand")
    }

    /// `pin == pin_again` where the two fields are offered no text in common (a pattern on
    /// one, a placeholder on the other): the second is offered what the first holds, so
    /// the equal side is reached; where only that text fits both, a text that differs
    /// from it is offered too, so the other side is.
    @Test(arguments: ["placeholder: again", #"pattern: "[0-9]{4}""#])
    func aFieldComparedWithAnotherIsOfferedWhatItHoldsAndSomethingElse(again: String) throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        screens:
          ask:
            fields:
              - { id: pin, required: true, pattern: "[0-9]{4}" }
              - { id: pin_again, required: true, \(again) }
            actions: [go]
            on:
              go:
                - when: pin == pin_again
                  replace: same
                - replace: different
          same: { terminal: true }
          different: { terminal: true }
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        #expect(generated.cases.contains { $0.input.prefix(2) == ["0000", "0000"] })
    }

    /// A refused answer leaves the session as it was (spec §6: it asks again, nothing is
    /// lost) and exercises nothing, so no case needs one: not where a rule refuses, nor
    /// where a check by a program does (tried failing like any program).
    @Test func noGeneratedCaseHoldsARefusedLine() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        screens:
          ask:
            fields:
              - id: code
                required: true
                validate:
                  - { rule: 'code != "x"', message: Not x. }
                  - run: { command: [check, "{{ code }}"] }
                    message: Taken.
            actions: [go]
            on:
              go:
                - when: code == "y"
                  replace: why
                - replace: done
          why: { terminal: true }
          done: { terminal: true }
        """)
        #expect(generated.unreached.isEmpty, "\(generated.unreached.map { $0.describe(in: tree) })")
        let runner = FlowTestRunner(tree: tree)
        let text = FlowTestWriter(tree: tree).write(flow: "g.yaml", cases: generated.cases.map { (name: $0.name, played: runner.play($0.input, stubs: $0.stubs)) },
                                                    command: "test")
        let file = try #require(FlowTestReader().read(Array(text.utf8), file: "g.flowtest.yaml").file)
        let results = file.cases.map(runner.run)
        #expect(results.allSatisfy { $0.refusals.isEmpty && $0.passed }, "\(text)")
    }

    /// A guard no answer satisfies is reported with why, once its handler has run.
    /// A field no answer tried gets past still lets the search choose the screen's listed
    /// `quit` there (`/quit`); a field checked as a version is given one.
    @Test func aListedQuitIsReachedPastAFieldNoAnswerGetsPastAndAVersionIsTried() throws {
        let (_, unanswerable) = try generated("""
        version: 1
        flow: g
        start: s
        screens:
          s:
            fields:
              - { id: code, required: true, validate: [ { rule: 'code == "x" && code == "y"', message: Never. } ] }
            actions: [save, quit]
            on: { save: { finish: true } }
        """)
        #expect(unanswerable.cases.contains { $0.input == ["/quit"] }, "\(unanswerable.cases.map(\.input))")
        #expect(!unanswerable.unreached.contains { if case .action(_, "quit") = $0 { true } else { false } }, "\(unanswerable.unreached)")
        let (_, versioned) = try generated("""
        version: 1
        flow: g
        start: s
        screens:
          s:
            fields:
              - { id: version, required: true, validate: [ { rule: 'isSemver(version)', message: Not a version. } ] }
            actions: [save, quit]
            on: { save: { finish: true } }
        """)
        #expect(versioned.unreached.isEmpty, "\(versioned.unreached)")
        #expect(versioned.cases.contains { $0.input.first == "1.0.0" }, "\(versioned.cases.map(\.input))")
    }

    @Test func anUnreachableBranchSaysWhy() throws {
        let (tree, generated) = try generated("""
        version: 1
        flow: g
        start: ask
        screens:
          ask:
            fields:
              - { id: word, required: true }
            actions: [go]
            on:
              go:
                - when: word == "a" && word == "b"
                  replace: never
                - replace: done
          never: { terminal: true }
          done: { terminal: true }
        """)
        let never = try #require(tree.screen(flow: "g", id: "never"))
        #expect(generated.reasons[.screen(never)] == "no input the search tries leads there")
        let guarded = try #require(generated.unreached.first { $0.kind == .branches })
        #expect(generated.reasons[guarded] == "its guard held for no answer tried (nor with a program failing)")
        #expect(!generated.stoppedAtBound)
    }
}
