import FlowKit
import FoundationEssentials
import FlowYAML

/// A Language Server Protocol server for flow files (cli.md `lsp`): the editor's open
/// documents are checked as `validate` checks them on every change, and an outline of
/// each answers hover, go-to-definition, completion and document symbols. Bad input gets
/// the protocol's error reply; the server never exits on it.
struct LanguageServer {
    private var connection: LSPConnection
    /// The open documents' texts, by path. Their lines are indexed by their checks
    /// (`text(of:)`), once.
    private var documents: [String: [UInt8]] = [:]
    /// The open documents' paths, by their identity (`FlowFileFinder.identity`).
    private var openByIdentity: [String: String] = [:]
    /// What the last check of each open document found: the files it read, and its model.
    private var checks: [String: Check] = [:]
    private var shutdownRequested = false
    private var initialized = false

    private struct Check {
        let report: FileReport
        let sources: [String: SourceText]
        /// The identities of the other files the check read (included and used, directly
        /// or not): a change to one of them changes this document's findings.
        let reads: Set<String>
        let document: FlowDocument?
    }

    init(connection: LSPConnection) {
        self.connection = connection
    }

    /// Serves until the editor says `exit` or closes the stream; returns the exit status.
    mutating func run() -> Int32 {
        while true {
            switch step() {
            case .exit(let status): return status
            // Checked once the message is gone: a large document's JSON text and the
            // bytes of its message need not stay while it is checked.
            case .recheck(let change): changed(change)
            case .next: continue
            }
        }
    }

    private enum Step {
        case exit(Int32)
        case recheck(Change)
        case next
    }

    /// A document that opened, changed or closed.
    private struct Change {
        let path: String
        let identity: String
        var opened = false
        /// The open documents its previous check read.
        var read: [String] = []
    }

    /// Reads and handles one message.
    private mutating func step() -> Step {
        let body: Data
        do {
            switch try connection.read() {
            // Only one copy of a large message is held while it is decoded.
            case .body(let read): body = Data(read)
            case .malformed(let reason):
                report(framing: reason)
                return .next
            }
        } catch {
            return .exit(shutdownRequested ? 0 : 1)
        }
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: body), case .object = message else {
            if connection.returnUnread(ofShortBody: Array(body)) {
                report(framing: "a body shorter than its Content-Length, cut at the next message's header")
            } else {
                reply(error: -32700, "the message is not JSON", to: .null)
            }
            return .next
        }
        if message["method"]?.string == "exit" { return .exit(shutdownRequested ? 0 : 1) }
        return handle(message).map(Step.recheck) ?? .next
    }

    /// A frame that is not a message has no id to answer: it is reported on stderr and
    /// in the editor's log, and reading goes on at the next header.
    private func report(framing reason: String) {
        let message = "lsp: skipped bytes that are not a message: \(reason); reading on at the next Content-Length header"
        Console.error(message)
        connection.write(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string("flowrun " + message)]])
    }

    /// Answers a request; for a notification that a document opened, changed or closed,
    /// takes its text and says what to check again.
    private mutating func handle(_ message: JSONValue) -> Change? {
        let id = message["id"]
        guard let method = message["method"]?.string else {
            if let id { reply(error: -32600, "a request needs a method", to: id) }
            return nil
        }
        let params = message["params"] ?? .null
        // The protocol's lifecycle: a request before `initialize` or after `shutdown` gets
        // its error; a notification then is dropped.
        if !initialized, method != "initialize" {
            if let id { reply(error: -32002, "the server is not initialized: send 'initialize' first", to: id) }
            return nil
        }
        if shutdownRequested {
            if let id { reply(error: -32600, "the server is shutting down: only 'exit' is taken now", to: id) }
            return nil
        }
        // A request about a place in a document names one: a line and a character from 0.
        if let position = params["position"], let id, !DocumentPositions.isValid(position) {
            reply(error: -32602, "'position' needs a line and a character, each a whole number from 0", to: id)
            return nil
        }
        switch method {
        case "initialize":
            initialized = true
            reply(Self.capabilities, to: id)
        case "initialized", "$/setTrace", "$/cancelRequest", "textDocument/didSave", "workspace/didChangeConfiguration": break
        case "shutdown":
            shutdownRequested = true
            reply(.null, to: id)
        case "textDocument/didOpen":
            guard let path = path(params["textDocument"]), let text = params["textDocument"]?["text"]?.string else { return nil }
            let identity = FlowFileFinder.identity(of: path)
            openByIdentity[identity] = path
            documents[path] = Array(text.utf8)
            return Change(path: path, identity: identity, opened: true)
        case "textDocument/didChange":
            guard let path = path(params["textDocument"]), documents[path] != nil,
                  let text = params["contentChanges"]?.array?.last?["text"]?.string else { return nil }
            let read = openDocuments(readBy: path)
            // The previous text and check go first, and back to the system: two large
            // documents need not meet, and the new one is not carved from their pieces.
            documents[path] = nil
            checks[path] = nil
            AllocatorTuning.giveFreedMemoryBack()
            documents[path] = Array(text.utf8)
            return Change(path: path, identity: FlowFileFinder.identity(of: path), read: read)
        case "textDocument/didClose":
            guard let path = path(params["textDocument"]), documents[path] != nil else { return nil }
            let identity = FlowFileFinder.identity(of: path)
            let read = openDocuments(readBy: path)
            documents[path] = nil
            checks[path] = nil
            openByIdentity[identity] = nil
            publish([], for: path)
            return Change(path: path, identity: identity, read: read)
        case "textDocument/hover": reply(hover(params), to: id)
        case "textDocument/definition": reply(definition(params), to: id)
        case "textDocument/completion": reply(completion(params), to: id)
        case "textDocument/codeAction": reply(codeActions(params), to: id)
        case "textDocument/documentSymbol": reply(.encoded(symbols(params)), to: id)
        default:
            if let id { reply(error: -32601, "flowrun lsp does not handle '\(method)'", to: id) }
        }
        return nil
    }

    private static let capabilities: JSONValue = [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 1],
            "hoverProvider": true,
            "definitionProvider": true,
            "completionProvider": ["triggerCharacters": [" ", ".", "{"]],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "documentSymbolProvider": true,
        ],
        "serverInfo": ["name": "flowrun", "version": .string(FlowrunVersion.current)],
    ]

    // MARK: Checking

    /// Checks again, after a document opened, changed or closed, the open documents whose
    /// findings can change: the document itself and those that include or use it,
    /// directly or not (and, on opening, those that could not find a file they include).
    /// Diagnostics go out for these and for the open documents they read, whose findings
    /// come from them.
    private mutating func changed(_ change: Change) {
        let path = change.path
        var stale = documents.keys.filter { other in
            other != path && (checks[other]?.reads.contains(change.identity) == true
                || change.opened && checks[other]?.report.diagnostics.contains { $0.code == .includeNotFound } == true)
        }
        if documents[path] != nil { stale.append(path) }
        var published = Set(stale + change.read)
        for document in stale { published.formUnion(openDocuments(readBy: document)) }
        var validator = Validator()
        validator.loader.openDocuments = documents
        for document in stale {
            // The previous check goes first: a large document's two models need not meet.
            checks[document] = nil
            checks[document] = check(document, with: validator)
            published.formUnion(openDocuments(readBy: document))
        }
        for document in published.sorted() where documents[document] != nil {
            publish(findings(of: document), for: document)
        }
        AllocatorTuning.giveFreedMemoryBack()
    }

    /// Loads and checks an open document, as `validate` checks files given together.
    private func check(_ path: String, with validator: Validator) -> Check? {
        guard let text = documents[path] else { return nil }
        let loaded = validator.loader.load(text, file: path)
        let report = validator.report(of: loaded, file: path)
        return Check(report: report, sources: loaded.sources,
                     reads: Set(loaded.sources.keys.filter { $0 != path }.map(FlowFileFinder.identity)),
                     document: loaded.document)
    }

    /// The open documents that the last check of `path` read.
    private func openDocuments(readBy path: String) -> [String] {
        (checks[path]?.reads ?? []).compactMap { openByIdentity[$0] }
    }

    /// An open document's findings. One that another open document includes or uses is
    /// checked through it, where its params get values and its actions reach handlers, and
    /// gets the findings of those that read it (`FileReport.roots`); another, its own.
    private func findings(of path: String) -> [Diagnostic] {
        let identity = FlowFileFinder.identity(of: path)
        let readers = checks.filter { $0.value.reads.contains(identity) && !isRead($0.key) }
        let reports = readers.isEmpty ? [checks[path]?.report].compactMap { $0 } : readers.sorted { $0.key < $1.key }.map(\.value.report)
        return reports.flatMap { $0.diagnostics.filter { $0.file == path } }
    }

    /// Whether another open document reads `path`.
    private func isRead(_ path: String) -> Bool {
        let identity = FlowFileFinder.identity(of: path)
        return checks.contains { $0.key != path && $0.value.reads.contains(identity) }
    }

    private func publish(_ diagnostics: [Diagnostic], for path: String) {
        let positions = self.positions(of: path)
        let items: [JSONValue] = diagnostics.map { diagnostic in
            var item: [String: JSONValue] = [
                "range": positions.range(diagnostic.start, diagnostic.end),
                "severity": diagnostic.severity == .error ? 1 : 2,
                "code": .string(diagnostic.code.rawValue),
                "source": "flowrun",
                "message": .string(diagnostic.message),
            ]
            if !diagnostic.notes.isEmpty {
                item["relatedInformation"] = .array(diagnostic.notes.map { note in
                    ["location": ["uri": .string(DocumentURI.uri(of: note.file)), "range": self.positions(of: note.file).range(note.start, nil)],
                     "message": .string(note.message)]
                })
            }
            if let fix = diagnostic.fix {
                item["data"] = ["fix": .string(fix.message), "replacement": fix.replacement.map(JSONValue.string) ?? .null,
                                "range": fix.range.map { positions.range($0.start, $0.end) } ?? .null]
            }
            return .object(item)
        }
        connection.write(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                          "params": ["uri": .string(DocumentURI.uri(of: path)), "diagnostics": .array(items)]])
    }

    // MARK: Requests

    private func hover(_ params: JSONValue) -> JSONValue {
        guard let (path, mark) = place(params), let reference = reference(at: mark, in: path) else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(reference.hover)],
                "range": positions(of: path).range(reference.location.range.start, reference.location.range.end)]
    }

    private func definition(_ params: JSONValue) -> JSONValue {
        guard let (path, mark) = place(params), let target = reference(at: mark, in: path)?.definition else { return .null }
        return ["uri": .string(DocumentURI.uri(of: target.file)),
                "range": positions(of: target.file).range(target.range.start, target.range.end)]
    }

    /// Keys valid at the cursor; ids in scope in a target's or `send`'s value; names and
    /// functions in an expression.
    private func completion(_ params: JSONValue) -> JSONValue {
        guard let (path, mark) = place(params), documents[path] != nil, let text = text(of: path) else { return .array([]) }
        let context = EditingContext(text: text, line: mark.line, column: mark.column)
        let chain = flowChain(context, in: path)
        let flow = chain.last
        var items: [JSONValue] = []
        func add(_ labels: [String], kind: Int, detail: String) {
            for label in labels { items.append(["label": .string(label), "kind": .int(kind), "detail": .string(detail)]) }
        }
        if context.inExpression {
            add(chain.reversed().flatMap(namesInScope), kind: 6, detail: "variable")
            add(allFlows(in: path).map(\.id.value), kind: 9, detail: "flow")
            add(EditingContext.functions, kind: 3, detail: "function")
        } else if let key = context.valueKey {
            switch key {
            case "push", "replace", "start", "to":
                add(flow?.screens.map(\.id.value) ?? [], kind: 7, detail: "screen")
                add(flow?.flows.map(\.id.value) ?? [], kind: 9, detail: "child flow")
            case "send":
                let handlers = allFlows(in: path).flatMap { $0.handlers + $0.screens.flatMap(\.handlers) }
                add(Set(handlers.map(\.action.value)).sorted(), kind: 23, detail: "action")
            default: break
            }
        } else {
            add(context.keys, kind: 10, detail: "key")
        }
        return .array(items)
    }

    private func codeActions(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .array([]) }
        let actions: [JSONValue] = (params["context"]?["diagnostics"]?.array ?? []).compactMap { diagnostic in
            // The fix's own range, where it has one (a cut expression is quoted whole), or the diagnostic's.
            guard let replacement = diagnostic["data"]?["replacement"]?.string, let title = diagnostic["data"]?["fix"]?.string,
                  let range = diagnostic["data"]?["range"].flatMap({ $0 == .null ? nil : $0 }) ?? diagnostic["range"] else { return nil }
            return ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic],
                    "edit": ["changes": .object([uri: [["range": range, "newText": .string(replacement)]]])]]
        }
        return .array(actions)
    }

    /// The document's symbols as JSON text, written in parts of about 64 KiB as the outline
    /// is walked: a large document has tens of thousands of them, and a tree of values (or
    /// one buffer, doubled as it grows) was several times the answer's size.
    private func symbols(_ params: JSONValue) -> [[UInt8]] {
        guard let path = path(params["textDocument"]), let root = outline(of: path)?.root else { return [Array("[]".utf8)] }
        let positions = self.positions(of: path)
        var parts: [[UInt8]] = []
        var output: [UInt8] = []
        func write(_ symbol: FlowOutline.Symbol) {
            let kind: Int = switch symbol.kind {
            case .flow: 2      // Module
            case .screen: 5    // Class
            case .field: 8     // Field
            }
            let range = positions.range(symbol.location.range.start, symbol.location.range.end)
            var item: [String: JSONValue] = ["name": .string(symbol.name), "kind": .int(kind), "range": range, "selectionRange": range]
            if let detail = symbol.detail { item["detail"] = .string(detail) }
            // Keys are written sorted, and "children" sorts before every other key: it goes
            // first, then the rest of the object without its opening brace.
            output += #"{"children":["#.utf8
            for (position, child) in symbol.children.filter({ $0.location.file == path }).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(child)
            }
            output += "],".utf8
            output += JSONValue.object(item).encoded().dropFirst()
            if output.count >= 1 << 16 {
                parts.append(output)
                output = []
            }
        }
        output.append(UInt8(ascii: "["))
        if root.location.file == path { write(root) }
        output.append(UInt8(ascii: "]"))
        return parts + [output]
    }

    // MARK: Helpers

    private func path(_ document: JSONValue?) -> String? {
        document?["uri"]?.string.flatMap(DocumentURI.path(of:))
    }

    private func place(_ params: JSONValue) -> (String, Mark)? {
        guard let path = path(params["textDocument"]), let mark = positions(of: path).mark(params["position"]) else { return nil }
        return (path, mark)
    }

    /// The text of a file as the last check read it, or the open document's.
    private func positions(of path: String) -> DocumentPositions {
        DocumentPositions(text: text(of: path) ?? checks.values.lazy.compactMap { $0.sources[path] }.first)
    }

    /// An open document's text: as its last check read it (the same bytes), or indexed anew.
    private func text(of path: String) -> SourceText? {
        checks[path]?.sources[path] ?? documents[path].map(SourceText.init)
    }

    /// What the place names. A file that open documents use or include is seen through
    /// them, as `flowrun chain` on each of them sees it: there its actions go on up into
    /// the users' flows and its params have values. Its own outline answers only when no
    /// open document reads it (the server knows of no other users), or none of them finds
    /// the place. An action seen differently from several users shows each user's view.
    private func reference(at mark: Mark, in path: String) -> FlowOutline.Reference? {
        let identity = FlowFileFinder.identity(of: path)
        let readers = checks.filter { $0.key != path && $0.value.reads.contains(identity) }.keys.sorted()
        var seen: [(reader: String, reference: FlowOutline.Reference)] = []
        for reader in readers {
            guard let reference = outline(of: reader)?.reference(at: mark, in: path) else { continue }
            if !seen.contains(where: { $0.reference.hover == reference.hover }) { seen.append((reader, reference)) }
        }
        guard let first = seen.first else { return outline(of: path)?.reference(at: mark, in: path) }
        guard seen.count > 1 else { return first.reference }
        let views = seen.map { "as `\($0.reader.split(separator: "/").last ?? "")` reads it:\n\n" + $0.reference.hover }
        return FlowOutline.Reference(location: first.reference.location, hover: views.joined(separator: "\n\n---\n\n"),
                                     definition: first.reference.definition)
    }

    /// The outline of an open document's last check.
    private func outline(of path: String) -> FlowOutline? {
        guard let check = checks[path], let document = check.document else { return nil }
        return FlowOutline(document: document, sources: check.sources)
    }

    /// The flows from the root to the one the cursor is in, found by the `flows:` keys on
    /// the way to it, as the last check read them.
    private func flowChain(_ context: EditingContext, in path: String) -> [Flow] {
        guard let root = checks[path]?.document?.root else { return [] }
        var chain = [root]
        for id in context.flowPath {
            guard let child = chain[chain.count - 1].flows.first(where: { $0.id.value == id }) else { break }
            chain.append(child)
        }
        return chain
    }

    private func namesInScope(_ flow: Flow) -> [String] {
        flow.variables.map(\.name.value) + flow.params.map(\.name.value) + flow.computed.map(\.name.value)
            + flow.screens.flatMap { $0.fields.map(\.id.value) }
    }

    /// Every flow of the open document's last check.
    private func allFlows(in path: String) -> [Flow] {
        guard let root = checks[path]?.document?.root else { return [] }
        var flows: [Flow] = []
        var pending = [root]
        while let flow = pending.popLast() {
            flows.append(flow)
            pending += flow.flows
        }
        return flows
    }

    private func reply(_ result: JSONValue, to id: JSONValue?) {
        guard let id else { return }
        connection.write(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func reply(error code: Int, _ message: String, to id: JSONValue) {
        connection.write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
    }
}
