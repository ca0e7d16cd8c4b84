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
    /// Deepest chain of includes (`include-too-deep`).
    public var maxIncludeDepth: Int

    public init(limits: YAMLLimits = .default, maxIncludeDepth: Int = 32) {
        self.limits = limits
        self.maxIncludeDepth = maxIncludeDepth
    }

    /// Loads the file at `path`.
    ///
    /// - Throws: `SourceFileError` when the file itself cannot be read.
    public func load(fileAt path: String) throws(SourceFileError) -> FlowLoadResult {
        switch try SourceFile.load(path, maxSize: limits.maxFileSize) {
        case .bytes(let bytes):
            return load(bytes, file: path)
        case .tooLarge(let size):
            let diagnostic = Diagnostic(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: limits.maxFileSize),
                                        file: path, at: .start)
            return FlowLoadResult(document: nil, diagnostics: [diagnostic], sources: [:])
        }
    }

    /// Loads a flow file's text; `file` names it and anchors relative includes.
    public func load(_ bytes: [UInt8], file: String) -> FlowLoadResult {
        let session = IncludeSession(loader: self)
        let document = session.document(bytes, file: file)
        return FlowLoadResult(document: document, diagnostics: session.diagnostics, sources: session.sources)
    }
}

/// The state of one load: files read, the chain of includes being followed, diagnostics.
private final class IncludeSession {
    let loader: FlowLoader
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceText] = [:]
    var files: [String] = []
    /// The files being included, outermost first, as their includes name them.
    var chain: [String] = []

    init(loader: FlowLoader) {
        self.loader = loader
    }

    func document(_ bytes: [UInt8], file: String) -> FlowDocument? {
        guard let root = parse(bytes, file: file) else { return nil }
        chain.append(file)
        var builder = FlowModelBuilder(resolveInclude: include)
        let flow = builder.document(root)
        diagnostics += builder.reader.diagnostics
        return flow.map { FlowDocument(root: $0, files: files) }
    }

    /// The root node of a well-formed, single-document file; nil (with diagnostics) otherwise.
    private func parse(_ bytes: [UInt8], file: String) -> Node? {
        files.append(file)
        let parsed = YAMLParser(limits: loader.limits).parse(bytes, file: file)
        sources[file] = SourceText(bytes)
        diagnostics += parsed.diagnostics
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

    /// Reads an included file, relative to the file that includes it.
    func include(_ path: Located<String>, as id: Located<String>) -> Flow? {
        let including = path.location.file
        let resolved = path.value.hasPrefix("/") ? path.value : directory(of: including) + path.value
        let canonical = FlowFileFinder.identity(of: resolved)
        // Canonical paths are looked up only here: most files include nothing.
        if let loop = chain.firstIndex(where: { FlowFileFinder.identity(of: $0) == canonical }) {
            let cycle = (chain[loop...] + [resolved]).joined(separator: " → ")
            report(.includeCycle, "including '\(path.value)' makes a cycle: \(cycle)", at: path)
            return nil
        }
        guard chain.count <= loader.maxIncludeDepth else {
            report(.includeTooDeep, "includes nest more than \(loader.maxIncludeDepth) files deep here", at: path)
            return nil
        }
        let bytes: [UInt8]
        do {
            switch try SourceFile.load(resolved, maxSize: loader.limits.maxFileSize) {
            case .bytes(let read): bytes = read
            case .tooLarge(let size):
                report(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: loader.limits.maxFileSize), at: path)
                return nil
            }
        } catch {
            report(.includeNotFound, "cannot include '\(path.value)': \(error.reason) (looked for \(resolved))", at: path)
            return nil
        }
        guard let root = parse(bytes, file: resolved) else { return nil }
        chain.append(resolved)
        defer { chain.removeLast() }
        var builder = FlowModelBuilder(resolveInclude: include)
        let flow = builder.document(root, includedAs: id)
        diagnostics += builder.reader.diagnostics
        return flow
    }

    private func report(_ code: DiagnosticCode, _ message: String, at path: Located<String>) {
        diagnostics.append(Diagnostic(code, message, file: path.location.file, at: path.location.start, end: path.location.range.end))
    }

    private func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }
}
