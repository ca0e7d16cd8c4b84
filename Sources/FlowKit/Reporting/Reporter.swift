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
}

/// The output formats of `flowrun validate --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json

    /// The reporter for the format; `colored` matters only to `text`.
    public func reporter(colored: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        }
    }
}
