import FlowYAML

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

extension FileReport {
    /// The reports of files that no other of these files includes or uses. A file that
    /// another includes or uses is checked as part of it, where its params get values
    /// and its actions reach handlers: on its own it would report what only its users
    /// supply. Its own mistakes are in its user's report.
    public static func roots(of reports: [FileReport]) -> [FileReport] {
        let parts = Set(reports.flatMap { $0.otherSources.keys.map(FlowFileFinder.identity) })
        guard !parts.isEmpty else { return reports }
        return reports.filter { !parts.contains(FlowFileFinder.identity(of: $0.file)) }
    }
}
