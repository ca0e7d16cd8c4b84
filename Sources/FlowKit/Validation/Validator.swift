/// Checks flow files without running them and reports every problem as a diagnostic.
public struct Validator: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Reads and checks the file at `path`.
    ///
    /// - Throws: `SourceFileError` when the file cannot be read at all.
    public func validate(fileAt path: String) throws(SourceFileError) -> FileReport {
        switch try SourceFile.load(path, maxSize: limits.maxFileSize) {
        case .bytes(let bytes):
            return validate(bytes, file: path)
        case .tooLarge(let size):
            let diagnostic = Diagnostic(.fileTooLarge, FileLimitMessage.tooLarge(size: size, limit: limits.maxFileSize),
                                        file: path, at: .start)
            return FileReport(file: path, diagnostics: [diagnostic], source: nil)
        }
    }

    /// Checks a file's text; `file` names it in diagnostics.
    public func validate(_ bytes: [UInt8], file: String) -> FileReport {
        let parsed = YAMLParser(limits: limits).parse(bytes, file: file)
        var diagnostics = parsed.diagnostics
        if !parsed.hasSyntaxError, diagnostics.allSatisfy({ $0.code != .yamlTooDeep && $0.code != .yamlAliasBomb }) {
            diagnostics += DocumentShapeCheck.check(parsed.tree)
        }
        diagnostics.sort { ($0.start, $0.code.rawValue) < ($1.start, $1.code.rawValue) }
        return FileReport(file: file, diagnostics: diagnostics, source: SourceText(bytes))
    }
}

/// The one wording of `file-too-large`, whether the size came from `stat` or from a buffer.
enum FileLimitMessage {
    static func tooLarge(size: Int, limit: Int) -> String {
        "the file is \(size) bytes; flow files may be at most \(limit) bytes"
    }
}
