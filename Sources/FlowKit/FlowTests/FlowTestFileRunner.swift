/// Runs a test file: reads it, validates and compiles its flow, runs every case. A test
/// file or flow with errors runs no case; its diagnostics are the result.
public struct FlowTestFileRunner: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// The text of every file read, by path, for quoting lines in reports.
    public private(set) var sources: [String: SourceText] = [:]

    public mutating func run(fileAt path: String) -> FlowTestFileResult {
        let bytes: [UInt8]
        do {
            switch try SourceFile.load(path, maxSize: limits.maxFileSize) {
            case .bytes(let read): bytes = read
            case .tooLarge(let size):
                return FlowTestFileResult(file: path, flowFile: "", diagnostics: [
                    Diagnostic(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: limits.maxFileSize), file: path, at: .start),
                ])
            }
        } catch {
            return FlowTestFileResult(file: path, flowFile: "", unreadable: error.description)
        }
        let read = FlowTestReader(limits: limits).read(bytes, file: path)
        sources[path] = read.source
        guard let testFile = read.file else { return FlowTestFileResult(file: path, flowFile: "", diagnostics: read.diagnostics) }
        let flowFile = Self.resolve(testFile.flow.value, besides: path)
        guard let compiled = compile(flowFile, for: testFile) else {
            return FlowTestFileResult(file: path, flowFile: flowFile, diagnostics: read.diagnostics + flowDiagnostics, unreadable: unreadableFlow)
        }
        let runner = FlowTestRunner(tree: compiled.tree)
        return FlowTestFileResult(file: path, flowFile: flowFile, cases: testFile.cases.map(runner.run),
                                  diagnostics: read.diagnostics, universe: CoverageUniverse(document: compiled.document, tree: compiled.tree))
    }

    private var flowDiagnostics: [Diagnostic] = []
    private var unreadableFlow: String?

    /// The flow validated and compiled, or nil with `flowDiagnostics` saying why.
    private mutating func compile(_ flowFile: String, for testFile: FlowTestFile) -> (document: FlowDocument, tree: ResponderTree)? {
        flowDiagnostics = []
        unreadableFlow = nil
        let loaded: FlowLoadResult
        do {
            loaded = try FlowLoader(limits: limits).load(fileAt: flowFile)
        } catch {
            unreadableFlow = "\(testFile.flow.location): \(error.description)"
            return nil
        }
        sources.merge(loaded.sources) { first, _ in first }
        let report = Validator(limits: limits).validate(loaded, file: flowFile)
        let errors = report.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let document = loaded.document else {
            flowDiagnostics = errors
            return nil
        }
        do {
            return (document, try ResponderTree(document))
        } catch {
            unreadableFlow = error.description
            return nil
        }
    }

    /// A flow path as a test file writes it: relative to the test file's folder.
    static func resolve(_ flow: String, besides testFile: String) -> String {
        guard !flow.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return flow }
        return String(testFile[...slash]) + flow
    }
}
