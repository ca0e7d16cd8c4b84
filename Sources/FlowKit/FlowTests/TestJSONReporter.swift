/// The machine format of `flowrun test` (docs/flow-tests.md): files with their cases
/// and failures, diagnostics as `validate --format json` gives them, a summary, and
/// with `--coverage` the coverage per flow file. Keys are sorted.
public struct TestJSONReporter: Sendable {
    public init() {}

    public func render(_ results: [FlowTestFileResult], coverage: CoverageReport? = nil) -> String {
        let document = Document(files: results.map(FileEntry.init), summary: SummaryEntry(TestSummary(results)),
                                coverage: coverage.map { $0.files.map(CoverageEntry.init) })
        return JSONReporter.encode(document)
    }

    private struct Document: Encodable {
        var files: [FileEntry]
        var summary: SummaryEntry
        var coverage: [CoverageEntry]?
    }

    private struct SummaryEntry: Encodable {
        var cases: Int, passed: Int, failed: Int, files: Int, broken: Int
        init(_ summary: TestSummary) {
            (cases, passed, failed, files, broken) = (summary.cases, summary.passed, summary.failed, summary.files, summary.broken)
        }
    }

    private struct FileEntry: Encodable {
        var file: String
        var flow: String
        var error: String?
        var diagnostics: [JSONReporter.Entry]
        var cases: [CaseEntry]

        init(_ result: FlowTestFileResult) {
            file = result.file
            flow = result.flowFile
            error = result.unreadable
            diagnostics = result.diagnostics.map(JSONReporter.Entry.init)
            cases = result.cases.map(CaseEntry.init)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(flow, forKey: .flow)
            try container.encode(error, forKey: .error)
            try container.encode(diagnostics, forKey: .diagnostics)
            try container.encode(cases, forKey: .cases)
        }

        enum CodingKeys: String, CodingKey { case file, flow, error, diagnostics, cases }
    }

    private struct CaseEntry: Encodable {
        var name: String, line: Int, column: Int
        var passed: Bool
        var seconds: Double
        var failures: [FailureEntry]
        var refused: [RefusalEntry]

        init(_ result: CaseResult) {
            name = result.name.value
            line = result.name.location.range.start.line
            column = result.name.location.range.start.column
            passed = result.passed
            seconds = result.seconds
            failures = result.failures.map(FailureEntry.init)
            refused = result.refusals.map(RefusalEntry.init)
        }
    }

    /// A line the run refused: `input` is the line (masked for a secret), `reason` why.
    private struct RefusalEntry: Encodable {
        var input: String, reason: String
        var file: String?, line: Int?, column: Int?

        init(_ refusal: CaseResult.Refusal) {
            input = refusal.line
            reason = refusal.reason
            file = refusal.location?.file
            line = refusal.location?.range.start.line
            column = refusal.location?.range.start.column
        }
    }

    private struct FailureEntry: Encodable {
        var file: String, line: Int, column: Int
        var message: String
        var detail: [String]

        init(_ failure: TestFailure) {
            file = failure.location.file
            line = failure.location.range.start.line
            column = failure.location.range.start.column
            message = failure.message
            detail = failure.detail
        }
    }

    private struct CoverageEntry: Encodable {
        var flowFile: String
        var flows: [RowEntry]
        var total: RowEntry
        var notCovered: [MissedEntry]
        var unreachable: Int

        init(_ file: CoverageReport.FlowFile) {
            flowFile = file.file
            flows = file.rows.map(RowEntry.init)
            total = RowEntry(file.total)
            notCovered = file.notCovered.map(MissedEntry.init)
            unreachable = file.unreachable
        }

        enum CodingKeys: String, CodingKey {
            case flowFile = "flow_file", flows, total, notCovered = "not_covered", unreachable
        }
    }

    private struct RowEntry: Encodable {
        var flow: String?
        var screens: CountEntry, actions: CountEntry, branches: CountEntry, repetitions: CountEntry

        init(_ row: CoverageReport.Row) {
            flow = row.flow
            screens = CountEntry(row.counts[.screens])
            actions = CountEntry(row.counts[.actions])
            branches = CountEntry(row.counts[.branches])
            repetitions = CountEntry(row.counts[.repetitions])
        }
    }

    private struct CountEntry: Encodable {
        var covered: Int, total: Int, percent: Double
        init(_ count: CoverageReport.Count?) {
            let count = count ?? CoverageReport.Count()
            (covered, total, percent) = (count.covered, count.total, (count.percent * 10).rounded() / 10)
        }
    }

    private struct MissedEntry: Encodable {
        var kind: String, name: String
        var file: String?, line: Int?, column: Int?

        init(_ missed: CoverageReport.Missed) {
            kind = missed.kind.rawValue
            name = missed.name
            file = missed.location?.file
            line = missed.location?.range.start.line
            column = missed.location?.range.start.column
        }
    }
}
