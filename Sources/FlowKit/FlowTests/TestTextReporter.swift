import FlowYAML

/// The human format of `flowrun test`: each file with its cases (`PASS`/`FAIL`), each
/// failure at its position in the test file with its diff, then a summary line; with
/// coverage, a table per flow file and what was not covered. Names and messages from
/// the test file are escaped for the terminal (`TerminalText`).
public struct TestTextReporter: Sendable {
    public var style: TextStyle
    public var sources: [String: SourceText]

    public init(sources: [String: SourceText], colored: Bool = false) {
        self.sources = sources
        style = TextStyle(enabled: colored)
    }

    public func render(_ results: [FlowTestFileResult], coverage: CoverageReport? = nil) -> String {
        let formatter = DiagnosticFormatter(sources: sources, colored: style.enabled)
        var lines: [String] = []
        for result in results {
            lines.append(style.bold(TerminalText.line(result.file)) + (result.flowFile.isEmpty ? "" : " (\(TerminalText.line(result.flowFile)))"))
            if let unreadable = result.unreadable { lines.append("  " + style.red("error: ") + TerminalText.line(unreadable)) }
            for diagnostic in result.diagnostics { lines.append(formatter.format(diagnostic)) }
            for testCase in result.cases { lines += self.lines(of: testCase) }
        }
        lines.append("")
        lines.append(TestSummary(results).sentence)
        if let coverage { lines += ["", render(coverage)] }
        return lines.joined(separator: "\n") + "\n"
    }

    private func lines(of testCase: CaseResult) -> [String] {
        let time = String(Int((testCase.seconds * 1000).rounded())) + " ms"
        guard !testCase.passed else { return ["  " + style.green("PASS") + "  \(TerminalText.line(testCase.name.value)) " + style.dim("(\(time))")] }
        var lines = ["  " + style.red("FAIL") + "  \(TerminalText.line(testCase.name.value)) " + style.dim("(\(TerminalText.line(testCase.name.location.description)))")]
        for failure in testCase.failures {
            lines.append("        \(TerminalText.line(failure.location.description)): " + style.red("error: ") + TerminalText.line(failure.message))
            lines += failure.detail.map { "          " + TerminalText.line($0) }
        }
        for refusal in testCase.refusals {
            let place = refusal.location.map { "\(TerminalText.line($0.description)): " } ?? ""
            lines.append("        \(place)" + style.dim("note: ") + "the line \(YAMLWriter.doubleQuoted(refusal.line)) was refused: \(TerminalText.line(refusal.reason))")
        }
        return lines
    }

    /// The coverage table of each flow file, then what was not covered.
    public func render(_ coverage: CoverageReport) -> String {
        var lines: [String] = []
        for file in coverage.files {
            lines.append(style.bold("coverage of \(file.file)"))
            let names = file.rows.map { $0.flow ?? "" } + ["total"]
            let width = max(names.map { DisplayWidth.of($0) }.max() ?? 0, 4)
            let kinds = CoverageItem.Kind.allCases
            lines.append("  " + pad("flow", width) + kinds.map { "  " + pad($0.rawValue, 14) }.joined())
            for row in file.rows + [file.total] {
                let name = row.flow ?? "total"
                lines.append("  " + pad(name, width) + kinds.map { "  " + pad(cell(row.counts[$0]), 14) }.joined())
            }
            if file.unreachable > 0 {
                lines.append("  \(file.unreachable) item(s) no path from the start reaches are not counted (see `flowrun validate`)")
            }
            if file.isComplete {
                lines.append("  " + style.green("everything reachable is covered"))
            } else {
                lines.append("  not covered:")
                lines += file.notCovered.map { missed in "    \(TerminalText.line(missed.name))" + (missed.location.map { style.dim("  \(TerminalText.line($0.description))") } ?? "") }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func cell(_ count: CoverageReport.Count?) -> String {
        guard let count, count.total > 0 else { return "-" }
        return "\(count.covered)/\(count.total) \(Int(count.percent.rounded(.down)))%"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
}
