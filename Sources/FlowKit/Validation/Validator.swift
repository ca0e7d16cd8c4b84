/// Checks flow files without running them and reports every problem as a diagnostic.
public struct Validator: Sendable {
    public var loader: FlowLoader
    /// Whether the checks that can only find warnings run (the graph check, the costliest).
    /// Commands that stop on errors alone (`run`, `chain`, `graph`) leave them out, which
    /// keeps them off the path to the first prompt.
    public var findsWarnings: Bool
    /// The size of source from which the checks run side by side on all cores. Below it
    /// they take a couple of milliseconds, and waking the other threads costs more than it
    /// saves: on the 8 KB demo flow they cost 0.1–0.35 ms of CPU before the first prompt.
    var parallelChecksMinimumBytes = 64 * 1024

    public init(limits: YAMLLimits = .default, findsWarnings: Bool = true) {
        self.loader = FlowLoader(limits: limits)
        self.findsWarnings = findsWarnings
    }

    /// Reads and checks the file at `path` and the files it includes.
    ///
    /// - Throws: `SourceFileError` when the file cannot be read at all.
    public func validate(fileAt path: String) throws(SourceFileError) -> FileReport {
        report(try loader.load(fileAt: path), file: path)
    }

    /// Checks a file's text; `file` names it in diagnostics and anchors its includes.
    public func validate(_ bytes: [UInt8], file: String) -> FileReport {
        report(loader.load(bytes, file: file), file: file)
    }

    private func report(_ loaded: FlowLoadResult, file: String) -> FileReport {
        let found = loaded.document.map { checks(FlowIndex(root: $0.root), sources: loaded.sources) } ?? []
        return report(loaded, file: file, found: found)
    }

    /// The report of a loaded file, with the diagnostics its checks found added to the
    /// loader's, in order of file and position.
    func report(_ loaded: FlowLoadResult, file: String, found: [Diagnostic]) -> FileReport {
        var diagnostics = loaded.diagnostics + found
        let fileOrder = Dictionary((loaded.document?.files ?? [file]).enumerated().map { ($1, $0) }) { first, _ in first }
        diagnostics.sort {
            (fileOrder[$0.file] ?? .max, $0.start, $0.code.rawValue) < (fileOrder[$1.file] ?? .max, $1.start, $1.code.rawValue)
        }
        var report = FileReport(file: file, diagnostics: diagnostics, source: loaded.sources[file])
        report.otherSources = loaded.sources.filter { $0.key != file }
        return report
    }

    /// The checks of the model, each a function of the flow tree; their diagnostics come in
    /// the same order whether they run in parallel or not. (Measured on 2 cores: the 10 MB
    /// benchmark validates in 0.63 s in parallel, 0.77 s one check after another.)
    func checks(_ index: FlowIndex, sources: [String: SourceText]) -> [Diagnostic] {
        let checks = self.checks(of: index, sources: sources)
        let results = checksRunInParallel(on: sources) ? ParallelWork.results(of: checks) : checks.map { $0() }
        return results.flatMap { $0 }
    }

    /// Whether the checks of a flow with these sources are worth waking every core for.
    func checksRunInParallel(on sources: [String: SourceText]) -> Bool {
        sources.values.reduce(0) { $0 + $1.bytes.count } >= parallelChecksMinimumBytes
    }

    /// Each check of the model as a piece of work of its own, in the order their
    /// diagnostics are reported.
    func checks(of index: FlowIndex, sources: [String: SourceText]) -> [@Sendable () -> [Diagnostic]] {
        var checks: [@Sendable () -> [Diagnostic]] = [
            { IdentityCheck.check(index) }, { TargetCheck.check(index) }, { FieldCheck.check(index) },
            { ExpressionCheck.check(index, sources: sources) }, { ResponderChainCheck.check(index) },
        ]
        if findsWarnings { checks.append { GraphCheck.check(index) } }
        return checks
    }
}

/// The one wording of `file-too-large`, whether the size came from `stat` or from a buffer.
enum FileLimitMessage {
    static func tooLarge(size: Int, limit: Int) -> String {
        "the file is \(size) bytes; flow files may be at most \(limit) bytes"
    }
}
