import FlowKit
import Testing
import FlowYAML

/// `FlowOutline`: what the language server shows of a flow, routing read through the
/// Session's chain walk.
@Suite struct FlowOutlineTests {
    /// A flow's own branch sends from the flow's parent up, as the Session routes it: the
    /// flow's own handler of the action is not the one that takes it.
    @Test func aSendIsShownHandledWhereTheSessionRoutesIt() throws {
        let loaded = FlowLoader().load(Array("""
            version: 1
            flow: app
            start: kid
            on:
              help: { say: "app" }
            flows:
              kid:
                start: page
                on:
                  help: { say: "kid" }
                  ask: { send: help }
                screens:
                  page: { actions: [ask] }
            """.utf8), file: "f.yaml")
        let outline = FlowOutline(document: try #require(loaded.document), sources: loaded.sources)
        // `help` in `ask: { send: help }`.
        let sent = outline.reference(at: Mark(line: 11, column: 21), in: "f.yaml")
        #expect(sent?.hover == "sends **`help`**, handled by flow 'app'")
    }

    /// Each command of a `run` list has its `into` shown, and a field's check by a
    /// program (spec §6 1.2) its templates' names.
    @Test func theCommandsOfAListAndOfACheckAreOutlined() throws {
        let loaded = FlowLoader().load(Array("""
            version: 1
            flow: app
            start: s
            variables: { a: {}, b: {} }
            screens:
              s:
                fields:
                  - id: tag
                    validate: [{ run: { command: [check, "{{ tag }}"] } }]
                actions: [go]
                on:
                  go:
                    run:
                      - { command: [one], into: a }
                      - { command: [two], into: b }
            """.utf8), file: "f.yaml")
        let outline = FlowOutline(document: try #require(loaded.document), sources: loaded.sources)
        let second = outline.reference(at: Mark(line: 15, column: 37), in: "f.yaml")
        #expect(second?.hover.contains("**variable `b`**") == true, "\(String(describing: second?.hover))")
        #expect(second?.definition?.start.line == 4)
        let read = outline.reference(at: Mark(line: 9, column: 50), in: "f.yaml")
        #expect(read?.hover.contains("`tag`") == true, "\(String(describing: read?.hover))")
    }

    /// A `set` key that indexes into an ancestor's map (spec §7 1.2) shows its names: the
    /// flow, its variable, and what the index reads.
    @Test func anIndexedSetKeyShowsItsNames() throws {
        let loaded = FlowLoader().load(Array("""
            version: 1
            flow: app
            start: kid
            variables: { accounts: {} }
            flows:
              kid:
                start: page
                variables: { user: ada }
                screens:
                  page:
                    actions: [go]
                    on:
                      go: { set: { 'app.accounts[user]': '"pw"' } }
            """.utf8), file: "f.yaml")
        let outline = FlowOutline(document: try #require(loaded.document), sources: loaded.sources)
        let variable = outline.reference(at: Mark(line: 13, column: 30), in: "f.yaml")
        #expect(variable?.hover.contains("**`app.accounts`**") == true, "\(String(describing: variable?.hover))")
        #expect(variable?.definition?.start.line == 4)
        let index = outline.reference(at: Mark(line: 13, column: 39), in: "f.yaml")
        #expect(index?.hover.contains("**variable `user`** of flow 'kid'") == true, "\(String(describing: index?.hover))")
    }
}

extension FlowOutlineTests {
    /// A function or macro named in an expression shows how it is called and what it gives;
    /// completion offers them as written.
    @Test func functionsAndMacrosInAnExpressionAreDescribed() throws {
        let loaded = FlowLoader().load(Array("""
            version: 1
            flow: app
            start: page
            variables: { last: 1.2.0 }
            computed: { after: 'cel.bind(v, semver(last), v.isGreaterThan(semver("1.0.0")))' }
            screens:
              page: { actions: [quit] }
            """.utf8), file: "f.yaml")
        let outline = FlowOutline(document: try #require(loaded.document), sources: loaded.sources)
        let line = "computed: { after: 'cel.bind(v, semver(last), v.isGreaterThan(semver(\"1.0.0\")))' }"
        func hover(_ word: String) throws -> String? {
            let column = line.distance(from: line.startIndex, to: try #require(line.range(of: word)).lowerBound) + 2
            return outline.reference(at: Mark(line: 5, column: column), in: "f.yaml")?.hover
        }
        #expect(try hover("bind") == "**macro `cel.bind`**: `cel.bind(x, init, e)` → `e`, with `x` bound to the value of `init`")
        #expect(try hover("semver(last)") == "**function `semver`**: `semver(s)` or `semver(s, true)` → semver")
        #expect(try hover("isGreaterThan") == "**function `isGreaterThan`**: `v.isGreaterThan(w)` → bool")
        #expect(Set(EditingContext.functions).isSuperset(of: ["cel.bind", "semver", "isSemver", "major", "minor", "patch",
                                                              "compareTo", "isGreaterThan", "isLessThan", "exists_one"]))
    }

    @Test func theEnterKeyOfAScreenIsExplained() throws {
        let loaded = FlowLoader().load(Array("""
            version: 1
            flow: app
            start: page
            screens:
              page:
                enter: { say: hello }
                actions: [quit]
            """.utf8), file: "f.yaml")
        let outline = FlowOutline(document: try #require(loaded.document), sources: loaded.sources)
        let hover = outline.reference(at: Mark(line: 6, column: 5), in: "f.yaml")?.hover
        #expect(hover?.hasPrefix("**enter** of screen 'page'") == true, "\(String(describing: hover))")
    }
}
