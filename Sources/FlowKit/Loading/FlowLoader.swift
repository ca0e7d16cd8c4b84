import FlowYAML

/// What loading a flow file gave: the model (when the YAML allowed one), every
/// diagnostic of the file and the files it includes, and their text.
public struct FlowLoadResult: Sendable {
    public var document: FlowDocument?
    public var diagnostics: [Diagnostic]
    /// The text of every file read, by path, for quoting lines in reports.
    public var sources: [String: SourceText]
}

/// Reads a flow file and the files it includes (spec §3), into the flow model.
public struct FlowLoader: Sendable {
    public var limits: YAMLLimits
    /// Deepest chain of includes and uses (`include-too-deep`).
    public var maxIncludeDepth = 32
    /// Most flows in one tree, after includes and uses (`too-many-flows`, spec §11 1.1).
    public var maxFlows = 10_000
    /// Texts that take the place of files on disk, by path: an editor's open documents,
    /// which the language server checks as the author types (included and used files too).
    public var openDocuments: [String: [UInt8]] = [:]

    /// Every code reported while a file is read and its model built, before any check of
    /// `CheckRegistry` runs: by the YAML parser, `DocumentShapeCheck`, includes and uses,
    /// `NodeReader` and `FlowModelBuilder`. `CheckRegistryTests` holds it to the fixtures.
    static let codes: [DiagnosticCode] = [
        .yamlSyntax, .yamlMultipleDocuments, .yamlTooDeep, .yamlAliasBomb, .fileTooLarge, .duplicateKey, .unknownKey, .missingKey,
        .typeMismatch, .unsupportedVersion, .invalidID, .includeCycle, .includeNotFound, .includeTooDeep, .secretRemembered, .tooManyFlows,
        .invalidKey, .expressionSyntax,
    ]

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Loads the file at `path`.
    ///
    /// - Throws: `SourceFileError` when the file itself cannot be read.
    public func load(fileAt path: String) throws(SourceFileError) -> FlowLoadResult {
        try load(fileAt: SourcePath(path))
    }

    /// Loads the file at `path`, which must be a flow file unless it was named
    /// (`SourcePath.Origin`). Files it includes or uses must be flow files, always.
    ///
    /// - Throws: `SourceFileError` when the file itself cannot be read.
    public func load(fileAt path: SourcePath) throws(SourceFileError) -> FlowLoadResult {
        switch try SourceFile.load(path, maxSize: limits.maxFileSize) {
        case .bytes(let bytes):
            return load(bytes, file: path)
        case .tooLarge(let size):
            let diagnostic = Diagnostic(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: limits.maxFileSize),
                                        file: path.shown, at: .start)
            return FlowLoadResult(document: nil, diagnostics: [diagnostic], sources: [:])
        }
    }

    /// Loads a flow file's text; `file` names it and anchors relative includes.
    public func load(_ bytes: [UInt8], file: String) -> FlowLoadResult {
        load(bytes, file: SourcePath(file))
    }

    /// Loads a flow file's text; `file` names it (as shown) and anchors relative includes
    /// (by its bytes).
    func load(_ bytes: [UInt8], file: SourcePath) -> FlowLoadResult {
        let session = IncludeSession(loader: self)
        session.paths[file.shown] = file
        let document = session.document(bytes, file: file.shown)
        return FlowLoadResult(document: document, diagnostics: session.diagnostics, sources: session.sources)
    }
}

/// The state of one load: files read, the chain of includes being followed, diagnostics.
private final class IncludeSession {
    let loader: FlowLoader
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceText] = [:]
    var files: [String] = []
    /// The paths of the files read, by the name reports show them as, which is not the
    /// path where it is not UTF-8 (its bytes are escaped): a file's includes are found
    /// from its path's bytes.
    var paths: [String: SourcePath] = [:]
    /// The files being included, outermost first, as their includes name them.
    var chain: [String] = []
    /// Each used file's flow, built once however often it is used (so its diagnostics
    /// are reported once), by the file's identity; nil for a file that gave no flow.
    var usedFlows: [String: Flow?] = [:]
    /// Each included file's flow, built once for each id it is included as, by the file's
    /// identity and the id: a file included from several places (a diamond of includes)
    /// is read, built and reported once, so the cost stays linear in the files.
    var includedFlows: [String: Flow?] = [:]
    /// Flows made by instances of used files so far: counted as they are made, so that
    /// files using each other many times stop at the limit rather than fill the memory.
    var instanceFlows = 0
    var reportedTooManyFlows = false

    init(loader: FlowLoader) {
        self.loader = loader
    }

    func document(_ bytes: [UInt8], file: String) -> FlowDocument? {
        guard let root = parse(bytes, file: file) else { return nil }
        chain.append(file)
        var builder = FlowModelBuilder(resolveInclude: include, resolveUse: use)
        let flow = builder.document(root)
        diagnostics += builder.reader.diagnostics
        // A tree past the limit has no model: the checks would walk all of it.
        if let flow, Self.count(flow, upTo: loader.maxFlows) > loader.maxFlows {
            if !reportedTooManyFlows {
                diagnostics.append(Diagnostic(.tooManyFlows, "the tree holds more than \(loader.maxFlows) flows", file: file, at: .start))
            }
            return nil
        }
        return flow.map { FlowDocument(root: $0, files: files) }
    }

    /// How many flows the tree holds, counting no further than just past `limit`.
    /// It holds lists of child flows, not copies of flows (which held 0.85 MiB of the
    /// peak of `validate` on a 10 MB flow file).
    private static func count(_ flow: Flow, upTo limit: Int) -> Int {
        var total = 1
        var pending = [flow.flows]
        while let siblings = pending.popLast(), total <= limit {
            total += siblings.count
            pending += siblings.map(\.flows)
        }
        return total
    }

    /// The root node of a well-formed, single-document file; nil (with diagnostics) otherwise.
    private func parse(_ bytes: [UInt8], file: String) -> Node? {
        files.append(file)
        let parsed = YAMLParser(limits: loader.limits).parse(bytes, file: file)
        let source = SourceText(bytes)
        sources[file] = source
        // libyaml stopped at an unquoted expression's bracket: that is the one mistake.
        if let error = parsed.flowCollectionError, let cut = FlowStyleCut.explaining(error, in: source, file: file) {
            diagnostics += parsed.diagnostics.map { $0.code == .yamlSyntax ? cut.diagnostic : $0 }
        } else {
            diagnostics += parsed.diagnostics
        }
        guard !parsed.diagnostics.contains(where: { Self.leavesNoTree($0.code) }) else { return nil }
        let shape = DocumentShapeCheck.check(parsed.tree)
        diagnostics += shape
        guard shape.isEmpty, let root = parsed.tree.documents.first else { return nil }
        return root
    }

    private static func leavesNoTree(_ code: DiagnosticCode) -> Bool {
        switch code {
        case .yamlSyntax, .yamlTooDeep, .yamlAliasBomb, .fileTooLarge: true
        default: false
        }
    }

    /// Reads an included file, relative to the file that includes it: built the first
    /// time it is included under an id, then the same flow. A subtree past the flow limit
    /// is reported where it is included, and left out.
    func include(_ path: Located<String>, as id: Located<String>) -> Flow? {
        guard let (resolved, identity) = locate(path, verb: "include") else { return nil }
        let key = identity + "\u{0}" + id.value
        if includedFlows[key] == nil {
            includedFlows[key] = build(path, resolved: resolved, verb: "include") { builder, root in builder.document(root, includedAs: id) }
        }
        guard var flow = includedFlows[key] ?? nil else { return nil }
        guard Self.count(flow, upTo: loader.maxFlows) <= loader.maxFlows else {
            reportTooManyFlows(at: path)
            return nil
        }
        // Each include is a flow of its own place in the tree: found there, by its key.
        flow.location = id.location
        return flow
    }

    /// The flow of a used file (spec §3 1.1), under its own id: read and built the first
    /// time the file is used, then the same flow for every instance.
    func use(_ path: Located<String>, as id: Located<String>) -> Flow? {
        guard let (resolved, identity) = locate(path, verb: "use") else { return nil }
        if usedFlows[identity] == nil {
            usedFlows[identity] = build(path, resolved: resolved, verb: "use") { builder, root in builder.document(root) }
        }
        guard let flow = usedFlows[identity] ?? nil else { return nil }
        instanceFlows += Self.count(flow, upTo: loader.maxFlows)
        guard instanceFlows <= loader.maxFlows else {
            reportTooManyFlows(at: path)
            return nil
        }
        return flow
    }

    /// Reads the file an include or a use names and builds its flow, with the file on
    /// the chain meanwhile; nil (reported) when it cannot be read or gives no flow.
    private func build(_ path: Located<String>, resolved: String, verb: String,
                       _ document: (inout FlowModelBuilder, Node) -> Flow?) -> Flow? {
        guard let root = read(path, resolved: resolved, verb: verb) else { return nil }
        chain.append(resolved)
        defer { chain.removeLast() }
        var builder = FlowModelBuilder(resolveInclude: include, resolveUse: use)
        let flow = document(&builder, root)
        diagnostics += builder.reader.diagnostics
        return flow
    }

    /// `too-many-flows`, once per load, where an include or a use passes the limit.
    private func reportTooManyFlows(at path: Located<String>) {
        guard !reportedTooManyFlows else { return }
        reportedTooManyFlows = true
        report(.tooManyFlows, "with this file, the tree holds more than \(loader.maxFlows) flows", at: path)
    }

    /// The path an include or use names, relative to the file that names it, and the
    /// file's identity; nil (reported) where following it would loop or nest too deep.
    private func locate(_ path: Located<String>, verb: String) -> (path: String, identity: String)? {
        let named = Array(path.value.utf8)
        let resolvedPath = SourcePath(bytes: path.value.hasPrefix("/") ? named : directory(of: sourcePath(path.location.file)) + named, origin: .flow)
        let resolved = resolvedPath.shown
        paths[resolved] = resolvedPath
        let canonical = resolvedPath.resolved.shown
        // Canonical paths are looked up only here: most files include nothing.
        if let loop = chain.firstIndex(where: { sourcePath($0).resolved.shown == canonical }) {
            let cycle = (chain[loop...] + [resolved]).joined(separator: " → ")
            report(.includeCycle, "\(verb == "use" ? "using" : "including") '\(path.value)' makes a cycle: \(cycle)", at: path)
            return nil
        }
        guard chain.count <= loader.maxIncludeDepth else {
            report(.includeTooDeep, "includes and uses nest more than \(loader.maxIncludeDepth) files deep here", at: path)
            return nil
        }
        return (resolved, canonical)
    }

    /// The root node of the file at `resolved`; nil (reported) when it cannot be read or parsed.
    private func read(_ path: Located<String>, resolved: String, verb: String) -> Node? {
        if let open = loader.openDocuments[resolved] { return parse(open, file: resolved) }
        let bytes: [UInt8]
        do {
            // Only a flow file, checked before it is opened: `include: /proc/self/environ`
            // or a FIFO is reported here, never read (cli.md 1.2).
            switch try SourceFile.load(sourcePath(resolved), maxSize: loader.limits.maxFileSize) {
            case .bytes(let read): bytes = read
            case .tooLarge(let size):
                report(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: loader.limits.maxFileSize), at: path)
                return nil
            }
        } catch {
            report(.includeNotFound, "cannot \(verb) '\(path.value)': \(error.reason) (looked for \(resolved))", at: path)
            return nil
        }
        return parse(bytes, file: resolved)
    }

    private func report(_ code: DiagnosticCode, _ message: String, at path: Located<String>) {
        diagnostics.append(Diagnostic(code, message, file: path.location.file, at: path.location.start, end: path.location.range.end))
    }

    /// The path of a file read, from the name it is shown as.
    private func sourcePath(_ shown: String) -> SourcePath {
        paths[shown] ?? SourcePath(shown, origin: .flow)
    }

    /// The bytes of the folder of `file`, with its trailing `/` (none for a bare name).
    private func directory(of file: SourcePath) -> [UInt8] {
        let bytes = file.bytes
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return [] }
        return Array(bytes[...slash])
    }
}
