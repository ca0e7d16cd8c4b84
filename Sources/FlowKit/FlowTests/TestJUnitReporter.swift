import FlowYAML

/// JUnit XML for CI systems: a `<testsuite>` per test file, a `<testcase>` per case with
/// a `<failure>` listing its failed expectations; a file whose cases could not run is a
/// suite with one `<error>`.
public struct TestJUnitReporter: Sendable {
    public var sources: [String: SourceText]

    public init(sources: [String: SourceText]) {
        self.sources = sources
    }

    public func render(_ results: [FlowTestFileResult]) -> String {
        let summary = TestSummary(results)
        let formatter = DiagnosticFormatter(sources: sources, colored: false)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"flowrun test\" tests=\"\(summary.cases + summary.broken)\" failures=\"\(summary.failed)\" errors=\"\(summary.broken)\">",
        ]
        for result in results {
            let failed = result.cases.filter { !$0.passed }.count
            let errors = result.isBroken ? 1 : 0
            let seconds = result.cases.reduce(0) { $0 + $1.seconds }
            lines.append("  <testsuite name=\"\(attribute(result.file))\" tests=\"\(result.cases.count + errors)\" failures=\"\(failed)\" "
                         + "errors=\"\(errors)\" skipped=\"0\" time=\"\(time(seconds))\">")
            if result.isBroken {
                let problems = (result.unreadable.map { [$0] } ?? []) + result.diagnostics.filter { $0.severity == .error }.map(formatter.format)
                lines.append("    <testcase classname=\"\(attribute(result.file))\" name=\"(the test file)\">")
                lines.append("      <error message=\"\(attribute(problems.first ?? "cannot run"))\">\(text(problems.joined(separator: "\n")))</error>")
                lines.append("    </testcase>")
            }
            for testCase in result.cases {
                let open = "    <testcase classname=\"\(attribute(result.file))\" name=\"\(attribute(testCase.name.value))\" time=\"\(time(testCase.seconds))\""
                guard let first = testCase.failures.first else {
                    lines.append(open + "/>")
                    continue
                }
                let failures = testCase.failures.map { failure in
                    ([("\(failure.location): \(failure.message)")] + failure.detail.map { "  " + $0 }).joined(separator: "\n")
                }
                let notes = testCase.refusals.map { refusal in
                    (refusal.location.map { "\($0): " } ?? "") + "note: the line \(YAMLWriter.doubleQuoted(refusal.line)) was refused: \(refusal.reason)"
                }
                let body = (failures + notes).joined(separator: "\n")
                lines.append(open + ">")
                lines.append("      <failure type=\"expectation\" message=\"\(attribute(first.message))\">\(text(body))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func attribute(_ text: String) -> String { JUnitReporter.attribute(text) }
    private func text(_ text: String) -> String { JUnitReporter.text(text) }
    private func time(_ seconds: Double) -> String { String((seconds * 1000).rounded() / 1000) }
}
