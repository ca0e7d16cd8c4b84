/// A flow file made ready to run: read, validated, then compiled, on the calling thread.
/// A document with errors is never compiled, so the compiler sees only valid documents.
public enum PreparedFlow: Sendable {
    case unreadable(SourceFileError)
    /// The file has errors. The report holds every diagnostic found.
    case invalid(FileReport)
    /// The checks found no error, yet the document did not compile: a fault of the
    /// checks or of the compiler, which `error` locates.
    case uncompilable(CompileError)
    /// The report holds the warnings found, if any.
    case ready(document: FlowDocument, tree: ResponderTree, report: FileReport)

    /// Prepares the file at `path`; `validator` chooses the limits and whether the
    /// warning-only checks run.
    public init(fileAt path: String, validator: Validator) {
        self.init(fileAt: SourcePath(path), validator: validator)
    }

    /// Prepares the file at `path`, which must be a flow file unless it was named.
    public init(fileAt path: SourcePath, validator: Validator) {
        let loaded: FlowLoadResult
        do {
            loaded = try validator.loader.load(fileAt: path)
        } catch {
            self = .unreadable(error)
            return
        }
        let (report, index) = validator.checked(loaded, file: path.shown)
        guard let document = loaded.document, let index, !report.diagnostics.contains(where: { $0.severity == .error }) else {
            self = .invalid(report)
            return
        }
        do {
            self = .ready(document: document, tree: try ResponderTree(index), report: report)
        } catch {
            self = .uncompilable(error)
        }
    }
}
