import FlowYAML

/// The machine format of `flowrun test` (docs/flow-tests.md): files with their cases
/// and failures, diagnostics as `validate --format json` gives them, a summary, and
/// with `--coverage` the coverage per flow file. Keys are sorted.
public struct TestJSONReporter: Sendable {
    public init() {}

    public func render(_ results: [FlowTestFileResult], coverage: CoverageReport? = nil) -> String {
        let summary = TestSummary(results)
        var document: [String: JSONValue] = [
            "files": .array(results.map(Self.file)),
            "summary": ["cases": .int(summary.cases), "passed": .int(summary.passed), "failed": .int(summary.failed),
                        "files": .int(summary.files), "broken": .int(summary.broken)],
        ]
        document["coverage"] = coverage.map { .array($0.files.map(Self.coverage)) }
        return JSONValue.object(document).document
    }

    private static func file(_ result: FlowTestFileResult) -> JSONValue {
        [
            "file": .string(result.file), "flow": .string(result.flowFile), "error": result.unreadable.map(JSONValue.string) ?? .null,
            "diagnostics": .array(result.diagnostics.map(JSONReporter.entry)), "cases": .array(result.cases.map(testCase)),
        ]
    }

    private static func testCase(_ result: CaseResult) -> JSONValue {
        [
            "name": .string(result.name.value), "line": .int(result.name.location.range.start.line),
            "column": .int(result.name.location.range.start.column), "passed": .bool(result.passed), "seconds": .double(result.seconds),
            "failures": .array(result.failures.map { failure in
                place(["message": .string(TerminalText.escaped(failure.message)), "detail": .array(failure.detail.map { .string(TerminalText.escaped($0)) })], failure.location)
            }),
            // A line the run refused: `input` is the line (masked for a secret), `reason` why.
            "refused": .array(result.refusals.map { refusal in
                place(["input": .string(refusal.line), "reason": .string(TerminalText.escaped(refusal.reason))], refusal.location)
            }),
        ]
    }

    private static func coverage(_ file: CoverageReport.FlowFile) -> JSONValue {
        [
            "flow_file": .string(file.file), "flows": .array(file.rows.map(row)), "total": row(file.total),
            "not_covered": .array(file.notCovered.map { missed in
                place(["kind": .string(missed.kind.rawValue), "name": .string(missed.name)], missed.location)
            }),
            "unreachable": .int(file.unreachable),
        ]
    }

    private static func row(_ row: CoverageReport.Row) -> JSONValue {
        var entry: [String: JSONValue] = [
            "screens": count(row.counts[.screens]), "actions": count(row.counts[.actions]),
            "branches": count(row.counts[.branches]), "repetitions": count(row.counts[.repetitions]),
        ]
        entry["flow"] = row.flow.map(JSONValue.string)
        return .object(entry)
    }

    private static func count(_ count: CoverageReport.Count?) -> JSONValue {
        let count = count ?? CoverageReport.Count()
        return ["covered": .int(count.covered), "total": .int(count.total), "percent": .double((count.percent * 10).rounded() / 10)]
    }

    /// `entry` with the `file`, `line` and `column` of `location`, when it has one.
    private static func place(_ entry: [String: JSONValue], _ location: SourceLocation?) -> JSONValue {
        var entry = entry
        if let location {
            entry["file"] = .string(location.file)
            entry["line"] = .int(location.range.start.line)
            entry["column"] = .int(location.range.start.column)
        }
        return .object(entry)
    }
}
