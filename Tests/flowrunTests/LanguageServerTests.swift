import Foundation
import Testing
import TestSupport

/// `flowrun lsp` with real clients: pytest-lsp (pygls' client) runs the protocol's
/// requests (`Tests/Tools/lsp`), and Neovim's built-in client shows a diagnostic where
/// the server placed it. Positions are checked with a line holding `日本` and an emoji
/// before the error, so a server counting scalars, or bytes, instead of UTF-16 code
/// units, or off by one, fails both.
@Suite(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the language server's clients need it"))
struct LanguageServerTests {
    static let tools = Fixtures.packageRoot.appendingPathComponent("Tests/Tools")

    /// pytest-lsp, installed with pip when missing, as the other Python checks do.
    static let pytestLSPAvailable: Bool = {
        if (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import pytest_lsp"]))?.status == 0 { return true }
        _ = try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pip", "install", "--quiet", "pytest-lsp"], timeout: 600)
        return (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import pytest_lsp"]))?.status == 0
    }()

    @Test(.slow("installs pytest-lsp with pip"))
    func pytestLSPDrivesEveryRequest() throws {
        try #require(Self.pytestLSPAvailable, "pytest-lsp could not be installed")
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                                             Self.tools.appendingPathComponent("lsp").path],
                                            environment: ["FLOWRUN_BIN": FlowrunProcess.executable.path], timeout: 600)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("10 passed"), "\(outcome.stdout)")
    }

    static let neovim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.slow("drives Neovim, which CI installs"),
          .enabled(if: neovim != nil, "Neovim is not installed (CI installs Debian's neovim): skipping its client"))
    func neovimShowsTheDiagnosticWhereTheServerPutIt() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try "version: 1\nflow: app\nstart: home\nscreens:\n  home:\n    text: \"日本😀 {{ nosuch }}\"\n    actions: [quit]\n"
            .write(to: directory.appendingPathComponent("wide.yaml"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("diagnostics.json")
        let outcome = try ProcessRunner.run(try #require(Self.neovim),
                                            ["--headless", "-u", Self.tools.appendingPathComponent("nvim/init.lua").path, "wide.yaml"],
                                            directory: directory,
                                            environment: ["FLOWRUN_BIN": FlowrunProcess.executable.path, "FLOWRUN_NVIM_OUT": output.path],
                                            timeout: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let data = try Data(contentsOf: output)
        let found = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(found.count == 1)
        // Neovim counts columns in bytes: `    text: "` is 11, 日本 6, 😀 4, ` {{ ` 4.
        #expect(found.first?["lnum"] as? Int == 5)
        #expect(found.first?["col"] as? Int == 25)
        #expect(found.first?["end_col"] as? Int == 31)
        #expect(found.first?["code"] as? String == "unknown-name")
    }

    // MARK: Framing

    /// Kinds of bad frames, each followed in the stream by a valid request.
    static let badFrames: [(String, Data)] = [
        ("no Content-Length", Data("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)),
        ("a negative Content-Length", LSPStream.frame("{}", length: "-2")),
        ("a Content-Length that is not a number", LSPStream.frame("{}", length: "two")),
        ("a Content-Length over 64 MiB", LSPStream.frame("{}", length: "\(64 << 20 + 1)")),
        ("a Content-Length of 20 digits", LSPStream.frame("{}", length: String(repeating: "9", count: 20))),
        ("a body shorter than announced", LSPStream.frame(#"{"jsonrpc":"2.0","method":"initialized"}"#, length: "60")),
        // Resynchronising must not skip the header this line runs into.
        ("a Content-Length that is not a number, running into the next header", Data(#"Content-Length: 7"}}"#.utf8)),
        // The text `Content-Length: 7` inside its JSON is not where the next message starts.
        ("a body shorter than announced that quotes a header",
         LSPStream.frame(#"{"jsonrpc":"2.0","method":"x","params":{"t":"Content-Length: 7"}}"#, length: "100")),
        ("a body longer than announced", LSPStream.frame(#"{"jsonrpc":"2.0","method":"initialized"}, "surplus": 1}"#, length: "40")),
        ("a line that is no header", Data("GET / HTTP/1.1\r\n\r\n".utf8)),
        ("a header line over 8 KiB", Data(("X-" + String(repeating: "a", count: 9000) + ": 1\r\n\r\n").utf8)),
    ]

    @Test(arguments: badFrames.map(\.0))
    func aBadFrameIsReportedAndTheNextRequestAnswered(kind: String) throws {
        let bad = try #require(Self.badFrames.first { $0.0 == kind }?.1)
        let input = bad + LSPStream.request(1, "textDocument/hover", params: "{}") + LSPStream.request(2, "shutdown")
            + LSPStream.notification("exit")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 30)
        let messages = LSPStream.messages(in: outcome.stdout)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(messages.contains { $0["id"] as? Int == 1 && $0.keys.contains("result") }, "\(outcome.stdout)")
        #expect(messages.contains { $0["id"] as? Int == 2 }, "\(outcome.stdout)")
        #expect(messages.contains { $0["method"] as? String == "window/logMessage" }, "\(outcome.stdout)")
        #expect(outcome.stderr.contains("not a message"), "\(outcome.stderr)")
    }

    @Test func everyBadFrameInOneStreamLeavesTheServerServingUntilTheInputEnds() throws {
        var input = Data()
        for (number, (_, bad)) in Self.badFrames.enumerated() {
            input += bad + LSPStream.request(number + 1, "textDocument/hover", params: "{}")
        }
        // A body cut by the end of the input: the stream is over, and so is the server.
        input += LSPStream.request(100, "shutdown") + Data("Content-Length: 50\r\n\r\n{\"jsonrpc\"".utf8)
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 30)
        let answered = Set(LSPStream.messages(in: outcome.stdout).compactMap { $0["id"] as? Int })
        #expect(answered == Set(1...Self.badFrames.count).union([100, 1000]), "\(outcome.stdout)")
        #expect(outcome.status == 0, "after shutdown, the end of the input is a clean exit: \(outcome.stderr)")
        let unfinished = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + Self.badFrames[0].1, timeout: 30)
        #expect(unfinished.status == 1, "the input ended without shutdown")
    }

    /// A bad frame that arrives on its own, after a message read before it, as an editor
    /// sends them: the bytes read before it have been let go by then.
    @Test(arguments: ["X-Foo: 1\\r\\n\\r\\n", "Content-Length: abc\\r\\n\\r\\n", "Content-Length: 4000000000\\r\\n\\r\\n"])
    func aBadFrameArrivingAloneIsSkipped(bad: String) throws {
        let script = """
            import subprocess, sys, time
            def frame(body): return b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body
            server = subprocess.Popen([sys.argv[1], "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for part in [frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'), b"\(bad)",
                         frame(b'{"jsonrpc":"2.0","id":2,"method":"shutdown"}') + frame(b'{"jsonrpc":"2.0","method":"exit"}')]:
                server.stdin.write(part)
                server.stdin.flush()
                time.sleep(0.2)
            out, err = server.communicate(timeout=20)
            print(server.returncode)
            sys.stdout.write(out.decode())
            """
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, FlowrunProcess.executable.path], timeout: 60)
        #expect(outcome.stdout.hasPrefix("0\n"), "the server ended otherwise: \(outcome.stdout) \(outcome.stderr)")
        #expect(LSPStream.messages(in: String(outcome.stdout.dropFirst(2))).contains { $0["id"] as? Int == 2 }, "\(outcome.stdout)")
    }

    /// The protocol's lifecycle and its errors: a request before `initialize` gets -32002,
    /// one after `shutdown` -32600, and a position that is none -32602; the server goes on.
    @Test func requestsOutsideTheLifecycleOrWithABadPositionGetTheProtocolsErrors() throws {
        let position = #"{"textDocument":{"uri":"file:///nowhere.yaml"},"position":{"line":-1,"character":"a"}}"#
        let input = LSPStream.request(1, "textDocument/hover", params: "{}") + LSPStream.initialize
            + LSPStream.request(2, "textDocument/hover", params: position) + LSPStream.request(3, "shutdown")
            + LSPStream.request(4, "textDocument/hover", params: "{}") + LSPStream.notification("exit")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: input, timeout: 30)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let errors = Dictionary(LSPStream.messages(in: outcome.stdout).compactMap { message -> (Int, Int)? in
            guard let id = message["id"] as? Int, let code = (message["error"] as? [String: Any])?["code"] as? Int else { return nil }
            return (id, code)
        }) { first, _ in first }
        #expect(errors == [1: -32002, 2: -32602, 4: -32600], "\(outcome.stdout)")
    }

    static let hover7 = #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}"#

    /// Frames that are not bad, or not bad in framing, that resynchronising must not skip.
    static let framesToAnswer: [(String, Data)] = [
        ("a Content-Length with spaces and a tab after it", LSPStream.frame(hover7, length: "\(hover7.utf8.count) \t ")),
        // Not a body cut short at the next header (it merely ends in `c`): not JSON.
        ("a body that is not JSON, ending in c", LSPStream.frame("abc")),
    ]

    @Test(arguments: framesToAnswer.map(\.0))
    func aFrameThatIsWellFramedIsAnsweredNotSkipped(kind: String) throws {
        let frame = try #require(Self.framesToAnswer.first { $0.0 == kind }?.1)
        let input = frame + LSPStream.request(1, "textDocument/hover", params: "{}") + LSPStream.request(2, "shutdown")
            + LSPStream.notification("exit")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 30)
        let messages = LSPStream.messages(in: outcome.stdout)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Set(messages.compactMap { $0["id"] as? Int }).isSuperset(of: [1, 2]), "\(outcome.stdout)")
        #expect(!outcome.stderr.contains("not a message"), "\(outcome.stderr)")
        if kind.contains("not JSON") {
            #expect(messages.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }, "\(outcome.stdout)")
        } else {
            #expect(messages.contains { $0["id"] as? Int == 7 }, "\(outcome.stdout)")
        }
    }

    // MARK: Checking what changed

    static let plainFlow = "version: 1\nflow: app\nstart: home\nscreens:\n  home: { actions: [quit] }\n"

    @Test func aChangeChecksOnlyTheChangedDocument() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let count = 20
        var input = Data()
        for number in 0..<count {
            input += LSPStream.didOpen(directory.appendingPathComponent("f\(number).yaml"), Self.plainFlow)
        }
        input += LSPStream.request(1, "textDocument/hover", params: "{}")
        input += LSPStream.didChange(directory.appendingPathComponent("f7.yaml"), Self.plainFlow + "# edited\n")
        input += LSPStream.request(2, "shutdown")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 60)
        let messages = LSPStream.messages(in: outcome.stdout)
        let marker = try #require(messages.firstIndex { $0["id"] as? Int == 1 })
        let published = messages.map { ($0["params"] as? [String: Any])?["uri"] as? String }
        let onOpening = messages[..<marker].filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(onOpening.count == count, "each opening publishes its own document only")
        let onChange = published[(marker + 1)...].compactMap { $0 }
        #expect(onChange == [DocumentURIForTests.uri(directory.appendingPathComponent("f7.yaml").path)])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func aDocumentIncludingTheChangedOneIsPublishedAgain() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let part = "version: 1\nflow: part\nstart: s\nscreens:\n  s: { actions: [back] }\n"
        let user = "version: 1\nflow: app\nstart: home\nflows:\n  part: { include: part.yaml }\n"
            + "screens:\n  home:\n    actions: [go, quit]\n    on: { go: { push: part } }\n"
        let other = directory.appendingPathComponent("other.yaml"), partFile = directory.appendingPathComponent("part.yaml")
        let userFile = directory.appendingPathComponent("user.yaml")
        var input = LSPStream.didOpen(other, Self.plainFlow) + LSPStream.didOpen(partFile, part) + LSPStream.didOpen(userFile, user)
        input += LSPStream.request(1, "textDocument/hover", params: "{}")
        // The part now names a variable nobody declares: its user's check finds it.
        input += LSPStream.didChange(partFile, part.replacingOccurrences(of: "actions: [back]", with: "text: \"{{ nosuch }}\", actions: [back]"))
        input += LSPStream.request(2, "shutdown")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 60)
        let messages = LSPStream.messages(in: outcome.stdout)
        let marker = try #require(messages.firstIndex { $0["id"] as? Int == 1 })
        let onChange = messages[(marker + 1)...].filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        let uris = onChange.compactMap { $0["uri"] as? String }
        #expect(Set(uris) == Set([partFile, userFile].map { DocumentURIForTests.uri($0.path) }), "\(uris)")
        #expect(uris.count == 2)
        let partFindings = onChange.first { $0["uri"] as? String == DocumentURIForTests.uri(partFile.path) }?["diagnostics"] as? [[String: Any]]
        #expect(partFindings?.map { $0["code"] as? String } == ["unknown-name"])
    }

    // MARK: Hover and symbols

    /// Hover is worked out at the place asked, from the model: names inside a literal
    /// block, a folded expression over two lines and a flow-style target are all found.
    @Test func hoverNamesWhatIsAtThePlaceInEveryKindOfScalar() throws {
        let flow = """
            version: 1
            flow: app
            start: home
            variables:
              count: 0
            screens:
              home:
                text: |
                  You have
                  {{ count }} items
                fields:
                  - id: name
                    type: text
                    when: >-
                      1 <
                      count
                actions: [go, quit]
                on:
                  go: { push: home }

            """
        let file = try FlowrunProcess.temporaryDirectory().appendingPathComponent("hover.yaml")
        let uri = DocumentURIForTests.uri(file.path)
        // (line, character) from 0, as LSP counts: `count` in the block, in the folded
        // expression, the target `home`, the action `go`, and a place naming nothing.
        let places = [(9, 9), (15, 10), (18, 18), (16, 15), (1, 0)]
        var input = LSPStream.didOpen(file, flow)
        for (number, (line, character)) in places.enumerated() {
            input += LSPStream.request(number + 1, "textDocument/hover", params: LSPStream.json(
                ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]))
        }
        input += LSPStream.request(9, "textDocument/documentSymbol", params: LSPStream.json(["textDocument": ["uri": uri]]))
        input += LSPStream.request(10, "shutdown")
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + input, timeout: 30)
        let messages = LSPStream.messages(in: outcome.stdout)
        func hover(_ id: Int) -> String? {
            let result = messages.first { $0["id"] as? Int == id }?["result"] as? [String: Any]
            return (result?["contents"] as? [String: Any])?["value"] as? String
        }
        #expect(hover(1)?.hasPrefix("**variable `count`** of flow 'app'") == true, "\(hover(1) ?? "nothing")")
        #expect(hover(2)?.hasPrefix("**variable `count`** of flow 'app'") == true, "\(hover(2) ?? "nothing")")
        #expect(hover(3) == "**screen `home`** of flow 'app'")
        #expect(hover(4)?.hasPrefix("**action `go`**") == true, "\(hover(4) ?? "nothing")")
        #expect(hover(5) == nil)
        let symbols = messages.first { $0["id"] as? Int == 9 }?["result"] as? [[String: Any]]
        let root = try #require(symbols?.first)
        #expect(root["name"] as? String == "app")
        let screen = (root["children"] as? [[String: Any]])?.first
        #expect(screen?["name"] as? String == "home")
        #expect(((screen?["children"] as? [[String: Any]])?.first)?["name"] as? String == "name")
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    // MARK: Files read through include and use

    /// Only regular `.yaml`/`.yml` files are read as flows (cli.md 1.2): an include of
    /// the environment, of /etc/passwd or of a text file is reported on the include, and
    /// what those files hold appears nowhere.
    @Test func anIncludeOfAFileThatIsNoFlowFileIsReportedOnTheInclude() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try Self.plainFlow.replacingOccurrences(of: "flow: app", with: "flow: notes")
            .write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let up = String(repeating: "../", count: directory.pathComponents.count + 2)
        let user = "version: 1\nflow: app\nstart: home\nflows:\n"
            + "  environment: { include: /proc/self/environ }\n"
            + "  passwd: { include: \(up)etc/passwd }\n"
            + "  notes: { include: notes.txt }\n"
            + "screens:\n  home: { actions: [quit] }\n"
        let userFile = directory.appendingPathComponent("user.yaml")
        let secret = "lsp-environment-secret-\(UUID().uuidString)"
        let outcome = try FlowrunProcess.run(["lsp"], stdin: LSPStream.initialize + LSPStream.didOpen(userFile, user) + LSPStream.request(1, "shutdown"),
                                             environment: ["FLOWRUN_TEST_TOKEN": secret], timeout: 30)
        #expect(!outcome.stdout.contains(secret) && !outcome.stderr.contains(secret))
        #expect(!outcome.stdout.contains("root:x:0:0"))
        let published = LSPStream.messages(in: outcome.stdout).compactMap { $0["params"] as? [String: Any] }
            .filter { $0["uri"] as? String == DocumentURIForTests.uri(userFile.path) }
        let diagnostics = (published.last?["diagnostics"] as? [[String: Any]]) ?? []
        let errorLines = Set(diagnostics.filter { $0["severity"] as? Int == 1 }
            .compactMap { (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int })
        #expect(errorLines.isSuperset(of: [4, 5, 6]), "an error on each include: \(diagnostics)")
    }
}

/// Builds byte streams for `flowrun lsp` and reads the messages it writes.
enum LSPStream {
    /// The `initialize` request every session starts with, as an editor sends it (id 1000,
    /// apart from the tests' own).
    static let initialize = request(1000, "initialize", params: #"{"capabilities":{}}"#)

    static func frame(_ body: String, length: String? = nil) -> Data {
        Data("Content-Length: \(length ?? String(body.utf8.count))\r\n\r\n\(body)".utf8)
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    static func request(_ id: Int, _ method: String, params: String = "null") -> Data {
        frame(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    static func notification(_ method: String) -> Data {
        frame(#"{"jsonrpc":"2.0","method":"\#(method)"}"#)
    }

    static func didOpen(_ file: URL, _ text: String) -> Data {
        frame(json(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": ["textDocument": ["uri": DocumentURIForTests.uri(file.path), "languageId": "yaml", "version": 1, "text": text]]]))
    }

    static func didChange(_ file: URL, _ text: String) -> Data {
        frame(json(["jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": ["textDocument": ["uri": DocumentURIForTests.uri(file.path), "version": 2], "contentChanges": [["text": text]]]]))
    }

    /// The messages in the server's output, in order.
    static func messages(in output: String) -> [[String: Any]] {
        var bytes = Array(output.utf8)[...]
        var messages: [[String: Any]] = []
        let separator = Array("\r\n\r\n".utf8)
        while let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) {
            let header = String(decoding: bytes[..<end], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let body = bytes[(end + 4)...].prefix(length)
            if let message = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { messages.append(message) }
            bytes = bytes[min(end + 4 + length, bytes.endIndex)...]
        }
        return messages
    }
}

/// `file://` URIs as the server writes them.
enum DocumentURIForTests {
    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
