import ArgumentParser
import FlowKit
import FoundationEssentials

extension FlowRun {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Checks flow files and folders without running anything.",
            discussion: """
            Folders are searched recursively for *.yaml and *.yml files (flow tests, *.flowtest.yaml, \
            are skipped). Exit status: 0 when no file has errors, 1 when some file has errors, \
            2 when a path cannot be read.
            """
        )

        @Option(help: "The report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: ReportFormat = .text

        @Argument(help: "Flow files, or folders to search for them.")
        var paths: [String]

        func run() throws {
            let validator = Validator()
            var reports: [FileReport] = []
            var unreadable = false
            let files: [String]
            do {
                files = try FlowFileFinder.files(in: paths)
            } catch {
                Console.error(error.description)
                throw ExitCode(2)
            }
            for file in files {
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
