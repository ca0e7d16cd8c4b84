import Dispatch
import Synchronization
import FlowYAML

/// Checks flow files without running them and reports every problem as a diagnostic.
///
/// A file is read, modelled and checked on the calling thread; callers with many files
/// check them in parallel, one file to a thread (`flowrun validate`).
public struct Validator: Sendable {
    public var loader: FlowLoader
    /// Whether the checks that can only find warnings run (the graph check, the costliest).
    /// Commands that stop on errors alone (`run`, `chain`, `graph`, `test`) leave them out.
    public var findsWarnings: Bool

    public init(limits: YAMLLimits = .default, findsWarnings: Bool = true) {
        self.loader = FlowLoader(limits: limits)
        self.findsWarnings = findsWarnings
    }

    /// Reads and checks the file at `path` and the files it includes.
    ///
    /// - Throws: `SourceFileError` when the file cannot be read at all.
    public func validate(fileAt path: String) throws(SourceFileError) -> FileReport {
        try validate(fileAt: SourcePath(path))
    }

    /// Reads and checks the file at `path` (a flow file, unless it was named) and the files it includes.
    ///
    /// - Throws: `SourceFileError` when the file cannot be read at all.
    public func validate(fileAt path: SourcePath) throws(SourceFileError) -> FileReport {
        checked(try loader.load(fileAt: path), file: path.shown).report
    }

    /// Reads and checks each file at `paths`, several files at a time on every core, as
    /// swift-format and SwiftLint do; each file is checked start to finish on one thread.
    ///
    /// - Returns: One result per path, in the order of `paths`.
    public func validate(filesAt paths: [SourcePath]) -> [Result<FileReport, SourceFileError>] {
        let results = Mutex([Result<FileReport, SourceFileError>?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { position in
            let result = Result { () throws(SourceFileError) in try validate(fileAt: paths[position]) }
            results.withLock { $0[position] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Checks a file's text; `file` names it in diagnostics and anchors its includes.
    public func validate(_ bytes: [UInt8], file: String) -> FileReport {
        checked(loader.load(bytes, file: file), file: file).report
    }

    /// The report of a file loaded with `loader` (the language server loads once, and
    /// both checks the file and outlines it).
    public func report(of loaded: FlowLoadResult, file: String) -> FileReport {
        checked(loaded, file: file).report
    }

    /// The report of a loaded file, every diagnostic in order of file and position, and
    /// the index its checks read (nil when the file gave no model).
    func checked(_ loaded: FlowLoadResult, file: String) -> (report: FileReport, index: FlowIndex?) {
        let index = loaded.document.map { FlowIndex(root: $0.root) }
        var diagnostics = loaded.diagnostics + (index.map { checks($0, sources: loaded.sources) } ?? [])
        // An expression that the flow style cut apart is one mistake, reported at the cut.
        // Its pieces make errors, so only a file with an error is looked at again for one.
        let cuts = FlowStyleCut.find(explaining: diagnostics, sources: loaded.sources, limits: loader.limits)
        diagnostics.removeAll { diagnostic in cuts.contains { $0.hides(diagnostic) } }
        diagnostics += cuts.map(\.diagnostic)
        // A file used twice is checked twice, as two instances: each finding is reported
        // once (spec §3 1.1), though its words may name the instance.
        var seen = Set<DiagnosticPlace>()
        diagnostics.removeAll { !seen.insert(DiagnosticPlace($0)).inserted }
        let fileOrder = Dictionary((loaded.document?.files ?? [file]).enumerated().map { ($1, $0) }) { first, _ in first }
        diagnostics.sort { first, second in
            let (one, other) = (fileOrder[first.file] ?? .max, fileOrder[second.file] ?? .max)
            return one != other ? one < other : Diagnostic.precedes(first, second)
        }
        var report = FileReport(file: file, diagnostics: diagnostics, source: loaded.sources[file])
        report.otherSources = loaded.sources.filter { $0.key != file }
        return (report, index)
    }

    /// The diagnostics of every check of `CheckRegistry`, in its order.
    private func checks(_ index: FlowIndex, sources: [String: SourceText]) -> [Diagnostic] {
        var context = CheckContext(index: index, tree: ResponderTree(analysing: index), sources: sources)
        for check in CheckRegistry.checks where findsWarnings || !check.findsOnlyWarnings {
            context.found += check.check(context)
        }
        return context.found
    }
}

/// A diagnostic's code and where it is: the same at one place is the same finding.
private struct DiagnosticPlace: Hashable {
    let code: DiagnosticCode
    let file: String
    let start: Mark
    let end: Mark?

    init(_ diagnostic: Diagnostic) {
        (code, file, start, end) = (diagnostic.code, diagnostic.file, diagnostic.start, diagnostic.end)
    }
}
