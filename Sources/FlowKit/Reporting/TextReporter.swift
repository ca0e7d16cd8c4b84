import FlowYAML

/// The human format: each diagnostic as clang prints it, then
/// `N errors, M warnings in K files`.
public struct TextReporter: Reporter {
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    public func render(_ reports: [FileReport]) -> String {
        var sources: [String: SourceText] = [:]
        for report in reports {
            sources.merge(report.otherSources) { first, _ in first }
            sources[report.file] = report.source
        }
        let formatter = DiagnosticFormatter(sources: sources, colored: colored)
        var blocks = reports.flatMap(\.diagnostics).map(formatter.format)
        blocks.append(ValidationSummary(reports).sentence)
        return blocks.joined(separator: "\n") + "\n"
    }
}
