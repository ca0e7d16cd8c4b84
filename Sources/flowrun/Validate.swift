import ArgumentParser
import FlowKit
import FoundationEssentials

extension FlowRun {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Checks flow files and folders without running anything.",
            discussion: """
            Folders are searched recursively for *.yaml and *.yml files; flow tests (*.flowtest.yaml) \
            and hidden entries are skipped.

            Exit status: 0 when no file has errors, 1 when some file has errors, 2 when a path \
            cannot be read (the other files are still checked), 64 for a usage error.
            """
        )

        @Option(help: "The report format.")
        var format: ReportFormat = .text

        @Argument(help: "Flow files, or folders to search for them.")
        var paths: [String]

        func run() throws {
            let found = FlowFileFinder.files(in: paths)
            for problem in found.problems { Console.error(problem.description) }
            for folder in found.emptyFolders { Console.warning("no flow files (*.yaml, *.yml) in '\(folder)'") }
            let validator = Validator()
            var reports: [FileReport] = []
            var unreadable = !found.problems.isEmpty
            for file in found.files {
                do {
                    reports.append(try validator.validate(fileAt: file))
                } catch {
                    Console.error(error.description)
                    unreadable = true
                }
            }
            let colored = TextStyle.shouldColor(isTerminal: Console.isTerminal(.standardOutput),
                                                environment: ProcessInfo.processInfo.environment)
            Console.output(format.reporter(colored: colored).render(reports))
            if unreadable { throw ExitCode(2) }
            if ValidationSummary(reports).errors > 0 { throw ExitCode(1) }
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
