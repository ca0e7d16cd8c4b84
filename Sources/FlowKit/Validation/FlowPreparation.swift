import Synchronization

/// Reading, validating and compiling a flow file to run it, as work that several threads
/// can share: the first thread to call `help()` reads the file, and then every thread that
/// calls it takes a check, or the compilation, that no other thread has started.
///
/// flowrun starts one on a second core before it parses its command line, and its main
/// thread joins in once the parse is done, so neither waits for the other while work is
/// left (docs/decisions.md, "Start-up time").
public final class FlowPreparation: Sendable {
    public enum Outcome: Sendable {
        case unreadable(SourceFileError)
        /// The file has errors. The report holds every diagnostic found, warnings included.
        case invalid(FileReport)
        /// The checks found no error, yet the document did not compile: a fault of the
        /// checks or of the compiler, which `error` locates.
        case uncompilable(CompileError)
        /// The report holds the warnings found, if any.
        case ready(document: FlowDocument, tree: ResponderTree, report: FileReport)
    }

    private enum Piece: Sendable {
        case checked([Diagnostic])
        case compiled(Result<ResponderTree, CompileError>)
    }

    private enum LoadedFile: Sendable {
        case unreadable(SourceFileError)
        /// The checks and the compilation still to do: none when there is no document.
        case read(FlowLoadResult, SharedWork<Piece>?)
    }

    public let path: String
    private let validator: Validator
    /// The file, once read; the thread that reads it holds the lock meanwhile.
    private let loaded = Mutex<LoadedFile?>(nil)
    private let readingStarted = Atomic<Bool>(false)
    private let readingFinished = Atomic<Bool>(false)

    /// Prepares the file at `path`; `validator` chooses the limits and whether the
    /// warning-only checks run. Nothing is read before the first `help()`.
    public init(fileAt path: String, validator: Validator) {
        self.path = path
        self.validator = validator
    }

    /// Does work nobody has started: reads the file if no thread has yet (or waits while
    /// another reads it), then runs checks until none are left untaken.
    public func help() {
        if case .read(_, let work?) = loadedFile() { work.help() }
    }

    /// What the preparation found: helps with the work left, then waits for the pieces
    /// other threads are still running. A large flow's checks run on every core.
    public func outcome() -> Outcome {
        switch loadedFile() {
        case .unreadable(let error):
            return .unreadable(error)
        case .read(let loaded, let work):
            var found: [Diagnostic] = []
            var compiled: Result<ResponderTree, CompileError>?
            for piece in work?.finish(onAllCores: validator.checksRunInParallel(on: loaded.sources)) ?? [] {
                switch piece {
                case .checked(let diagnostics): found += diagnostics
                case .compiled(let result): compiled = result
                }
            }
            let report = validator.report(loaded, file: path, found: found)
            guard let document = loaded.document, let compiled,
                  !report.diagnostics.contains(where: { $0.severity == .error }) else { return .invalid(report) }
            switch compiled {
            case .success(let tree): return .ready(document: document, tree: tree, report: report)
            case .failure(let error): return .uncompilable(error)
            }
        }
    }

    /// The file, read here if no other thread has started reading it.
    private func loadedFile() -> LoadedFile {
        if readingStarted.load(ordering: .acquiring) {
            // Another thread holds the lock while it reads, about a millisecond for a small
            // flow: poll before sleeping on the lock (`BriefSpin`).
            BriefSpin.until(atMost: .milliseconds(2)) { readingFinished.load(ordering: .acquiring) }
        }
        return loaded.withLock { file in
            if let file { return file }
            readingStarted.store(true, ordering: .releasing)
            let read = read()
            file = read
            readingFinished.store(true, ordering: .releasing)
            return read
        }
    }

    private func read() -> LoadedFile {
        let loaded: FlowLoadResult
        do {
            loaded = try validator.loader.load(fileAt: path)
        } catch {
            return .unreadable(error)
        }
        guard let document = loaded.document else { return .read(loaded, nil) }
        let index = FlowIndex(root: document.root)
        // Compiling comes first, as the largest piece. It runs before the checks have
        // said whether the document has errors; a document with errors may compile or
        // not, and the outcome then reports the errors either way.
        let compile: @Sendable () -> Piece = { .compiled(Result { () throws(CompileError) in try ResponderTree(index) }) }
        let checks = validator.checks(of: index, loaded: loaded).map { check in { @Sendable in Piece.checked(check()) } }
        return .read(loaded, SharedWork([compile] + checks))
    }
}
