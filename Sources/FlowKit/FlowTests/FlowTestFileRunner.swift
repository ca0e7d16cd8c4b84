import FlowYAML

/// Runs a test file: reads it, validates and compiles its flow, runs every case. A test
/// file or flow with errors runs no case; its diagnostics are the result.
public struct FlowTestFileRunner: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// The text of every file read, by path, for quoting lines in reports.
    public private(set) var sources: [String: SourceText] = [:]

    /// Runs the test file at `source` (a flow test found in a folder must be a regular
    /// `.yaml` file); its `flow:` must be a flow file (`SourceFile.checkFlowFile`), never
    /// read otherwise: `flow: /proc/self/environ` is unreadable.
    public mutating func run(fileAt source: SourcePath) -> FlowTestFileResult {
        let path = source.shown
        let bytes: [UInt8]
        do {
            switch try SourceFile.load(source, maxSize: limits.maxFileSize) {
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
        switch compile(flowFile, for: testFile) {
        case .unreadable(let problem):
            return FlowTestFileResult(file: path, flowFile: flowFile, diagnostics: read.diagnostics, unreadable: problem)
        case .invalid(let errors):
            return FlowTestFileResult(file: path, flowFile: flowFile, diagnostics: read.diagnostics + errors)
        case .compiled(let tree):
            var runner = FlowTestRunner(tree: tree, now: testFile.now?.value ?? FlowTestFile.defaultNow)
            runner.fileCommands = testFile.commands
            return FlowTestFileResult(file: path, flowFile: flowFile, cases: testFile.cases.map(runner.run),
                                      diagnostics: read.diagnostics, universe: CoverageUniverse(tree: tree))
        }
    }

    private enum CompiledFlow {
        case compiled(ResponderTree)
        /// The flow's errors: it does not validate.
        case invalid([Diagnostic])
        case unreadable(String)
    }

    /// The flow validated and compiled, or why it cannot run.
    private mutating func compile(_ flowFile: String, for testFile: FlowTestFile) -> CompiledFlow {
        // Only errors stop a test, so the warning-only checks are not run.
        let validator = Validator(limits: limits, findsWarnings: false)
        switch PreparedFlow(fileAt: SourcePath(flowFile, origin: .flow), validator: validator) {
        case .unreadable(let error):
            return .unreadable("\(testFile.flow.location): \(error.description)")
        case .invalid(let report):
            keepSources(of: report)
            let errors = report.diagnostics.filter { $0.severity == .error }
            return errors.isEmpty ? .unreadable("\(flowFile): the flow could not be loaded") : .invalid(errors)
        case .uncompilable(let error):
            return .unreadable(error.description)
        case .ready(_, let tree, let report):
            keepSources(of: report)
            return .compiled(tree)
        }
    }

    private mutating func keepSources(of report: FileReport) {
        if let source = report.source, sources[report.file] == nil { sources[report.file] = source }
        sources.merge(report.otherSources) { first, _ in first }
    }

    /// A flow path as a test file writes it: relative to the test file's folder.
    static func resolve(_ flow: String, besides testFile: String) -> String {
        guard !flow.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return flow }
        return String(testFile[...slash]) + flow
    }
}
