import ArgumentParser
import FlowKit

extension FlowRun {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Checks flow files and folders without running anything.",
            discussion: """
            Folders are searched recursively for *.yaml and *.yml files; flow tests (*.flowtest.yaml) \
            and hidden entries are skipped. A file that another file given includes or uses is \
            checked as part of that file, not on its own.

            Formats: text (for people), json, github (GitHub Actions annotations), junit (JUnit XML, \
            one test case per file) and sarif (SARIF 2.1.0, for code scanning).

            Exit status: 0 when nothing fails the run, 1 when some file has errors (or warnings, \
            with --strict), 2 when a path cannot be read (the other files are still checked), \
            64 for a usage error, 74 when the report cannot be written.
            """
        )

        @Option(help: "The report format.")
        var format: ReportFormat = .text

        @Flag(help: "Make warnings fail the run (exit status 1); in JUnit they become failures.")
        var strict = false

        @Flag(help: "Report errors only: leave warnings out of the report and its counts (with --strict they stay, as they fail the run).")
        var quiet = false

        @Argument(help: "Flow files, or folders to search for them.")
        var paths: [String]

        func run() throws {
            AllocatorTuning.keepFreedMemoryForTheNextFile()
            let found = FlowFileFinder.files(in: paths.map(NamedPath.of))
            for problem in found.problems { Console.error(problem.description) }
            for folder in found.emptyFolders { Console.warning("no flow files (*.yaml, *.yml) in '\(folder)'") }
            let validator = Validator()
            var reports: [FileReport] = []
            var unreadable = !found.problems.isEmpty
            for result in validator.validate(filesAt: found.files) {
                switch result {
                case .success(let report):
                    reports.append(report)
                case .failure(let error):
                    Console.error(error.description)
                    unreadable = true
                }
            }
            reports = FileReport.roots(of: reports)
            let colored = Console.colors(.standardOutput)
            var shown = ValidationOutcome.shown(reports, quiet: quiet, strict: strict)
            if format == .github || format == .sarif {
                let workspace = ProcessEnvironment.variables(["GITHUB_WORKSPACE"])["GITHUB_WORKSPACE"] ?? "."
                shown = shown.map { Self.namingFiles($0, from: workspace) }
            }
            try Console.output(format.reporter(colored: colored, strict: strict).render(shown))
            let status = ValidationOutcome.exitCode(summary: ValidationSummary(reports), strict: strict, unreadable: unreadable)
            if status != 0 { throw ExitCode(status) }
        }

        /// Code-review tools match an annotation to a file of the change by its path from
        /// the repository's root: GitHub's workspace (`GITHUB_WORKSPACE`) where set, else
        /// the folder flowrun runs in, without `.` or `..` steps (`RelativePath.spelled`).
        private static func namingFiles(_ report: FileReport, from root: String) -> FileReport {
            var named = report
            named.diagnostics = report.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.file = RelativePath.spelled(diagnostic.file, from: root)
                diagnostic.notes = diagnostic.notes.map { note in
                    var note = note
                    note.file = RelativePath.spelled(note.file, from: root)
                    return note
                }
                return diagnostic
            }
            return named
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
