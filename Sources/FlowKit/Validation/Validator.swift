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
        loader.earlyCheck = ExpressionCheck.passesAlone
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

    private func report(_ loaded: consuming FlowLoadResult, file: String) -> FileReport {
        let index = loaded.document.map { FlowIndex(root: $0.root) }
        let found = index.map { checks($0, loaded: loaded) } ?? []
        let report = report(loaded, file: file, found: found)
        if checksRunInParallel(on: loaded.sources) {
            BackgroundRelease.release((consume loaded, consume index))
        }
        return report
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
    /// the same order whether they run in parallel or not.
    func checks(_ index: FlowIndex, loaded: FlowLoadResult) -> [Diagnostic] {
        let checks = self.checks(of: index, loaded: loaded)
        let results = checksRunInParallel(on: loaded.sources) ? ParallelWork.results(of: checks) : checks.map { $0() }
        return results.flatMap { $0 }
    }

    /// Whether the checks of a flow with these sources are worth waking every core for.
    func checksRunInParallel(on sources: [String: SourceText]) -> Bool {
        sources.values.reduce(0) { $0 + $1.bytes.count } >= parallelChecksMinimumBytes
    }

    /// Each check of the model as a piece of work of its own, largest first: threads that
    /// take the next piece as they finish one then finish at about the same time. The
    /// expression check, as large as the graph check, is split into ranges of flows when
    /// the checks run in parallel. (On 2 cores at 10 MB, with each check one piece, the
    /// thread that ran the expression check finished about a quarter later than the other.)
    /// Flows whose expressions passed the loader's early check are left out of it.
    func checks(of index: FlowIndex, loaded: FlowLoadResult) -> [@Sendable () -> [Diagnostic]] {
        var checks: [@Sendable () -> [Diagnostic]] = []
        let sources = loaded.sources
        if findsWarnings { checks.append { GraphCheck.check(index) } }
        let expressionPieces = checksRunInParallel(on: sources) ? Self.expressionPieces : 1
        let checkedEarly = index.flowsWithin(loaded.passedEarlyCheck)
        for flows in index.flowRanges(count: expressionPieces, skipping: checkedEarly) {
            checks.append { ExpressionCheck.check(index, sources: sources, flows: flows, skipping: checkedEarly) }
        }
        checks += [{ IdentityCheck.check(index) }, { ResponderChainCheck.check(index) }, { FieldCheck.check(index) },
                   { TargetCheck.check(index) }]
        return checks
    }

    /// Into how many ranges of flows the expression check is split to run in parallel.
    private static let expressionPieces = 4
}

/// The one wording of `file-too-large`, whether the size came from `stat` or from a buffer.
enum FileLimitMessage {
    static func tooLarge(size: Int, limit: Int) -> String {
        "the file is \(size) bytes; flow files may be at most \(limit) bytes"
    }
}
