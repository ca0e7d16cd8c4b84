import FlowKit
import Testing
import FlowYAML

/// `--strict` and `--quiet` as pure decisions: the exit status and what is shown.
@Suite struct ValidationOutcomeTests {
    private func summary(errors: Int, warnings: Int) -> ValidationSummary {
        var summary = ValidationSummary([])
        summary.errors = errors
        summary.warnings = warnings
        summary.files = 1
        return summary
    }

    @Test(arguments: [
        // errors, warnings, strict, unreadable, expected
        (0, 0, false, false, 0),
        (0, 3, false, false, 0),
        (0, 3, true, false, 1),
        (2, 0, false, false, 1),
        (2, 3, true, false, 1),
        (0, 0, true, false, 0),
        (0, 0, false, true, 2),
        (2, 3, true, true, 2),
    ] as [(Int, Int, Bool, Bool, Int32)])
    func exitCode(errors: Int, warnings: Int, strict: Bool, unreadable: Bool, expected: Int32) {
        #expect(ValidationOutcome.exitCode(summary: summary(errors: errors, warnings: warnings),
                                           strict: strict, unreadable: unreadable) == expected)
    }

    @Test func strictMakesEveryWarningFail() {
        #expect(ValidationOutcome.fails(SampleReports.error, strict: false))
        #expect(!ValidationOutcome.fails(SampleReports.loneWarning, strict: false))
        #expect(ValidationOutcome.fails(SampleReports.loneWarning, strict: true))
    }

    @Test func quietLeavesOutWarningsButNotFiles() {
        let reports = SampleReports.reports
        let shown = ValidationOutcome.shown(reports, quiet: true, strict: false)
        #expect(shown.map(\.file) == reports.map(\.file))
        #expect(shown.map { $0.diagnostics.map(\.code) } == [[.unknownKey], [], [], [.fileTooLarge]])
        #expect(ValidationSummary(shown) == summary(errors: 2, warnings: 0, files: 4))
        #expect(TextReporter().render(shown).hasSuffix("2 errors, 0 warnings in 4 files\n"))
    }

    @Test func quietKeepsWarningsThatFailUnderStrict() {
        let reports = SampleReports.reports
        let shown = ValidationOutcome.shown(reports, quiet: true, strict: true)
        #expect(shown.map { $0.diagnostics.count } == reports.map { $0.diagnostics.count })
    }

    @Test func withoutQuietEverythingIsShown() {
        let reports = SampleReports.reports
        #expect(ValidationOutcome.shown(reports, quiet: false, strict: false).map { $0.diagnostics.count } == [2, 1, 0, 1])
    }

    private func summary(errors: Int, warnings: Int, files: Int) -> ValidationSummary {
        var summary = summary(errors: errors, warnings: warnings)
        summary.files = files
        return summary
    }
}

/// The formats `--format` accepts, and the one description of each code.
@Suite struct ReportFormatTests {
    @Test func formatsAreTheFiveOfCliMd() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "github", "junit", "sarif"])
    }

    @Test func strictReachesJUnitOnly() {
        let strict = ReportFormat.junit.reporter(strict: true).render(SampleReports.reports)
        #expect(strict == JUnitReporter(strict: true).render(SampleReports.reports))
        let github = ReportFormat.github.reporter(strict: true).render(SampleReports.reports)
        #expect(github == GitHubReporter().render(SampleReports.reports))
    }

    @Test func everyCodeHasASummaryOfOneSentence() {
        let summaries = DiagnosticCode.allCases.map(\.summary)
        #expect(Set(summaries).count == summaries.count, "summaries are distinct")
        for (code, summary) in zip(DiagnosticCode.allCases, summaries) {
            #expect(summary.hasSuffix(".") && !summary.contains("\n") && summary.count < 100, "\(code)")
            #expect(summary.first?.isUppercase == true, "\(code)")
        }
    }
}
