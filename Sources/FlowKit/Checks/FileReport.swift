/// The outcome of checking one file: its diagnostics, sorted by position, and its text.
public struct FileReport: Sendable {
    public var file: String
    public var diagnostics: [Diagnostic]
    /// The file's text, for quoting lines; nil if it was never read (too large).
    public var source: SourceText?
    /// The text of the files it includes, by path.
    public var otherSources: [String: SourceText] = [:]

    public init(file: String, diagnostics: [Diagnostic], source: SourceText?) {
        self.file = file
        self.diagnostics = diagnostics
        self.source = source
    }
}
