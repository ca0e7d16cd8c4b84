import Foundation
import Testing
import TestSupport

/// Completion, hover and definition of `flowrun lsp` in the places cli.md 1.2 names: the
/// flow style every example writes, a file that others `use`, a `run`'s `into` and
/// `env.NAME`. Places are found in the text by what precedes them, not counted by hand.
struct LanguageServerNavigationTests {
    static let flow = """
        version: 1
        flow: app
        start: home
        env: [DEPLOY_HOST]
        variables: { out: {} }
        on: { notify: { say: Noted. } }
        flows:
          wizard:
            start: step
            screens:
              step: { actions: [back] }
        screens:
          home:
            text: "Deploying to {{ env.DEPLOY_HOST }}"
            actions: [go, again, tell, quit]
            on:
              go: { push: wizard }
              again: [ { when: 'out.exit_code == 0', replace: home }, { run: { command: [uptime], into: out }, push: home } ]
              tell: { send: notify }

        """

    @Test func completionAfterAFlowStyleKeyOffersWhatTheBlockStyleDoes() throws {
        let places = [
            ("go: { push: ", ["home", "wizard"]),
            ("{ when: 'out.exit_code == 0', replace: ", ["home", "wizard"]),
            ("tell: { send: ", ["notify"]),
        ]
        let replies = try Self.ask("textDocument/completion", at: places.map(\.0), in: Self.flow)
        for ((place, expected), reply) in zip(places, replies) {
            let labels = Set(((reply as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String })
            #expect(labels.isSuperset(of: expected), "after '\(place)': \(labels.sorted())")
            #expect(!labels.contains("push") && !labels.contains("version"), "a value, not a key, after '\(place)': \(labels.sorted())")
        }
    }

    @Test func completionAtAKeyOfAFlowMappingOffersItsKeys() throws {
        let reply = try Self.ask("textDocument/completion", at: ["go: { "], in: Self.flow)
        let labels = Set(((reply.first as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String })
        #expect(labels.isSuperset(of: ["push", "replace", "send", "when", "set"]), "\(labels.sorted())")
    }

    /// A `set` key indexes into a variable (spec §7 1.2): completion offers names, in the
    /// key and in its index, and hover shows the variable's type.
    @Test func anIndexedSetKeyIsCompletedAndHovered() throws {
        let text = """
            version: 1
            flow: app
            start: home
            variables: { accounts: { alice: wonderland }, user: ada }
            screens:
              home:
                actions: [go, quit]
                on:
                  go: { set: { 'accounts[user]': '"pw"' } }

            """
        let completions = try Self.ask("textDocument/completion", at: ["{ set: { 'acc", "'accounts[us"], in: text, lookingPast: nil)
        for reply in completions {
            let labels = Set(((reply as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String })
            #expect(labels.isSuperset(of: ["accounts", "user"]), "\(labels.sorted())")
        }
        let hover = try Self.ask("textDocument/hover", at: ["'accounts[u"], in: text, lookingPast: "'accou")
        let shown = ((hover.first as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(shown?.contains("**variable `accounts`** of flow 'app': map(string, string)") == true, "\(String(describing: shown))")
    }

    @Test func definitionGoesFromIntoToTheVariableAndFromEnvToItsDeclaration() throws {
        let replies = try Self.ask("textDocument/definition", at: ["into: ", "{{ env.DEP"], in: Self.flow)
        let lines = Self.flow.components(separatedBy: "\n")
        func start(_ reply: Any?) -> (Int, Int)? {
            guard let start = ((reply as? [String: Any])?["range"] as? [String: Any])?["start"] as? [String: Any],
                  let line = start["line"] as? Int, let character = start["character"] as? Int else { return nil }
            return (line, character)
        }
        let into = try #require(start(replies[0]), "into: → somewhere")
        #expect(lines[into.0].dropFirst(into.1).hasPrefix("out: {}"), "into: → the variable: \(lines[into.0])")
        let env = try #require(start(replies[1]), "env.NAME → somewhere")
        #expect(lines[env.0].dropFirst(env.1).hasPrefix("DEPLOY_HOST]"), "env.NAME → its env entry: \(lines[env.0])")
    }

    /// The hover in a used file routes as `flowrun chain` on its user does: an action the
    /// used file leaves to its users is handled by each instance's user.
    @Test func hoverInAUsedFileRoutesTheActionThroughItsUsers() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let used = "version: 1\nflow: confirm\nstart: ask\nscreens:\n  ask: { actions: [agree, back] }\n"
        let user = """
            version: 1
            flow: app
            start: home
            flows:
              first: { use: confirm.yaml }
              second: { use: confirm.yaml }
            on: { agree: { finish: true } }
            screens:
              home:
                actions: [one, two, quit]
                on: { one: { push: first }, two: { push: second } }

            """
        let usedFile = directory.appendingPathComponent("confirm.yaml"), userFile = directory.appendingPathComponent("user.yaml")
        try used.write(to: usedFile, atomically: true, encoding: .utf8)
        try user.write(to: userFile, atomically: true, encoding: .utf8)
        let chain = try FlowrunProcess.run(["chain", userFile.path, "first/ask"], timeout: 30)
        #expect(chain.stdout.contains("agree"), "\(chain.stdout)\(chain.stderr)")

        let hover = try Self.ask("textDocument/hover", at: ["[agree"], in: used, file: usedFile,
                                 opening: [(userFile, user)], lookingPast: "[")
        let text = try #require(((hover.first as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(!text.contains("no responder handles it"), "\(text)")
        #expect(text.contains("chain: screen 'ask' → flow 'first' → flow 'app' → the application"), "\(text)")
        #expect(text.contains("chain: screen 'ask' → flow 'second' → flow 'app' → the application"), "\(text)")
        #expect(text.contains("- flow 'app': always"), "\(text)")
    }

    /// The quick fix of an expression cut at a bracket quotes the whole expression, not
    /// the bracket the diagnostic points at.
    @Test func theQuickFixOfACutExpressionQuotesAllOfIt() throws {
        let flow = "version: 1\nflow: app\nstart: s\nvariables: { l: [1, 2], r: 0 }\nscreens:\n  s:\n    actions: [go, quit]\n"
            + "    on: { go: { set: { r: l[0] + 1 }, finish: true } }\n"
        let file = try FlowrunProcess.temporaryDirectory().appendingPathComponent("cut.yaml")
        let opened = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + LSPStream.didOpen(file, flow) + LSPStream.request(1, "shutdown"), timeout: 30)
        let published = LSPStream.messages(in: opened.stdout).compactMap { $0["params"] as? [String: Any] }.last
        let diagnostics = try #require(published?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["expression-syntax"])
        let params = LSPStream.json(["textDocument": ["uri": DocumentURIForTests.uri(file.path)],
                                     "range": try #require(diagnostics.first?["range"]), "context": ["diagnostics": diagnostics]])
        let asked = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + LSPStream.request(1, "textDocument/codeAction", params: params)
                                           + LSPStream.request(2, "shutdown"), timeout: 30)
        let actions = LSPStream.messages(in: asked.stdout).first { $0["id"] as? Int == 1 }?["result"] as? [[String: Any]]
        let changes = (actions?.first?["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]
        let edit = try #require(changes?[DocumentURIForTests.uri(file.path)]?.first)
        #expect(edit["newText"] as? String == "'l[0] + 1'")
        let line = try #require(flow.components(separatedBy: "\n").first { $0.contains("l[0]") })
        let start = try #require(line.range(of: "l[0] + 1")).lowerBound.utf16Offset(in: line)
        let range = edit["range"] as? [String: [String: Int]]
        #expect(range?["start"] == ["line": 7, "character": start])
        #expect(range?["end"] == ["line": 7, "character": start + "l[0] + 1".utf16.count])
    }

    // MARK: Helpers

    /// Opens `text` (after the documents in `opening`), asks `method` at the end of each of
    /// `places` (or, with `lookingPast`, just after that prefix of it), and returns the
    /// results in order.
    static func ask(_ method: String, at places: [String], in text: String, file: URL? = nil,
                    opening: [(URL, String)] = [], lookingPast: String? = nil) throws -> [Any?] {
        let file = try file ?? FlowrunProcess.temporaryDirectory().appendingPathComponent("flow.yaml")
        let uri = DocumentURIForTests.uri(file.path)
        var input = Data()
        for (other, otherText) in opening { input += LSPStream.didOpen(other, otherText) }
        input += LSPStream.didOpen(file, text)
        for (number, place) in places.enumerated() {
            let (line, character) = try #require(position(after: lookingPast.map { place.prefix($0.count) }.map(String.init) ?? place,
                                                          within: place, in: text), "'\(place)' is in the text")
            input += LSPStream.request(number + 1, method, params: LSPStream.json(
                ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]))
        }
        input += LSPStream.request(places.count + 1, "shutdown") + LSPStream.notification("exit")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 30)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let messages = LSPStream.messages(in: outcome.stdout)
        return (1...places.count).map { id in messages.first { $0["id"] as? Int == id }?["result"] }
    }

    /// The 0-based line and UTF-16 character just after `prefix`, in the first line that
    /// holds `place` (which starts with `prefix`).
    static func position(after prefix: String, within place: String, in text: String) -> (Int, Int)? {
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            guard let range = line.range(of: place) else { continue }
            return (number, line[..<range.lowerBound].utf16.count + prefix.utf16.count)
        }
        return nil
    }
}
