import Dispatch
import Synchronization

/// Reading, validating and compiling a flow file to run it, as work that several threads
/// can share: the first thread to call `help()` reads the file, and then every thread that
/// calls it takes a check, or the compilation, that no other thread has started.
///
/// flowrun starts one on a second core before it parses its command line, and its main
/// thread joins in once the parse is done, so neither waits for the other while work is
/// left (Benchmarks/README.md, "time to first prompt").
public final class FlowPreparation: Sendable {
    public enum Outcome: Sendable {
        case unreadable(SourceFileError)
        /// The file has errors, or its document could not be compiled. The report holds
        /// every diagnostic found, warnings included.
        case invalid(FileReport)
        /// The report holds the warnings found, if any.
        case ready(document: FlowDocument, tree: ResponderTree, report: FileReport)
    }

    private enum Piece: Sendable {
        case checked([Diagnostic])
        case compiled(ResponderTree?)
    }

    private enum Loaded: Sendable {
        case unreadable(SourceFileError)
        /// The checks and the compilation still to do: none when there is no document.
        case loaded(FlowLoadResult, SharedWork<Piece>?)
    }

    public let path: String
    private let validator: Validator
    private let loadTaken = Atomic<Bool>(false)
    private let loadFinished = Atomic<Bool>(false)
    /// Left once `loaded` is set.
    private let loadDone = DispatchGroup()
    private let loaded = Mutex<Loaded?>(nil)

    /// Prepares the file at `path`; `validator` chooses the limits and whether the
    /// warning-only checks run. Nothing is read before the first `help()`.
    public init(fileAt path: String, validator: Validator) {
        self.path = path
        self.validator = validator
        loadDone.enter()
    }

    /// Does work nobody has started: reads the file if no thread has yet (or waits while
    /// another reads it), then runs checks until none are left untaken.
    public func help() {
        if case .loaded(_, let work?) = stage() { work.help() }
    }

    /// What the preparation found: helps with the work left, then waits for the pieces
    /// other threads are still running.
    public func outcome() -> Outcome {
        switch stage() {
        case .unreadable(let error):
            return .unreadable(error)
        case .loaded(let loaded, let work):
            var found: [Diagnostic] = []
            var tree: ResponderTree?
            for piece in work?.finish() ?? [] {
                switch piece {
                case .checked(let diagnostics): found += diagnostics
                case .compiled(let compiled): tree = compiled
                }
            }
            let report = validator.report(loaded, file: path, found: found)
            guard let document = loaded.document, let tree,
                  !report.diagnostics.contains(where: { $0.severity == .error }) else { return .invalid(report) }
            return .ready(document: document, tree: tree, report: report)
        }
    }

    /// The loaded file: read here if no other thread has taken the reading.
    private func stage() -> Loaded {
        if loadTaken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            let stage = load()
            loaded.withLock { $0 = stage }
            loadFinished.store(true, ordering: .releasing)
            loadDone.leave()
            return stage
        }
        // Reading a small flow takes about a millisecond: poll before sleeping (`BriefSpin`).
        BriefSpin.until(atMost: .milliseconds(2)) { loadFinished.load(ordering: .acquiring) }
        loadDone.wait()
        // Set before `loadDone` was left; reading again is only a fallback the order rules out.
        return loaded.withLock { $0 } ?? load()
    }

    private func load() -> Loaded {
        let loaded: FlowLoadResult
        do {
            loaded = try validator.loader.load(fileAt: path)
        } catch {
            return .unreadable(error)
        }
        guard let document = loaded.document else { return .loaded(loaded, nil) }
        let index = FlowIndex(root: document.root)
        // Compiling comes first, as the largest piece; a document with errors fails to
        // compile, and the checks then say why.
        let compile: @Sendable () -> Piece = { .compiled(try? ResponderTree(index)) }
        let checks = validator.checks(of: index, sources: loaded.sources).map { check in { @Sendable in Piece.checked(check()) } }
        return .loaded(loaded, SharedWork([compile] + checks))
    }
}
