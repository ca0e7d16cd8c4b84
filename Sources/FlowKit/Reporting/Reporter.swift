/// Turns the reports of a validation run into one output format.
///
/// Every reporter is a pure function of the reports, so its output can be
/// compared with a golden file.
public protocol Reporter {
    func render(_ reports: [FileReport]) -> String
}

/// Counts over a whole validation run.
public struct ValidationSummary: Equatable, Sendable {
    public var errors: Int
    public var warnings: Int
    public var files: Int

    public init(_ reports: [FileReport]) {
        let all = reports.flatMap(\.diagnostics)
        errors = all.count { $0.severity == .error }
        warnings = all.count { $0.severity == .warning }
        files = reports.count
    }

    /// `N errors, M warnings in K files`, the last line of the text report.
    public var sentence: String {
        "\(Self.counted(errors, "error")), \(Self.counted(warnings, "warning")) in \(Self.counted(files, "file"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// The output formats of `flowrun validate --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, github, junit, sarif

    /// The reporter for the format. `colored` matters only to `text`; `strict` only to
    /// `junit`, where warnings that fail the run become failures.
    public func reporter(colored: Bool = false, strict: Bool = false) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .junit: JUnitReporter(strict: strict)
        case .sarif: SARIFReporter()
        }
    }
}
