import ArgumentParser
import FlowKit

extension FlowRun {
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Runs flow tests: scripted sessions with expectations (*.flowtest.yaml).",
            discussion: """
            Folders are searched recursively for *.flowtest.yaml files. Each case runs on a fresh \
            session, in plain mode: its input lines answer fields and choose actions. The format \
            is described in docs/flow-tests.md.

            --generate FLOW.yaml writes a test file whose cases reach every screen, action and \
            handler branch the search can reach, and reports the coverage they reach.

            Exit status: 0 when every case passed, 1 when a case failed, 2 when a test file or its \
            flow cannot be read or has errors (or --generate would overwrite a file), 64 for a \
            usage error, 74 when the report or the generated file cannot be written.
            """
        )

        @Option(help: "The report format.")
        var format: TestReportFormat = .text

        @Flag(help: "Report the screens, actions and handler branches the cases exercised, per flow.")
        var coverage = false

        @Option(name: .customLong("generate"), help: ArgumentHelp("Write tests for this flow instead of running tests.", valueName: "flow.yaml"))
        var generateFor: String?

        @Option(name: [.short, .long], help: ArgumentHelp("With --generate: the test file to write ('-' for stdout).", valueName: "file"))
        var output: String?

        @Flag(help: "With --generate: replace the test file if it exists.")
        var force = false

        @Option(help: ArgumentHelp("With --generate: the states the search may visit before it reports what it has not reached.", valueName: "n"))
        var maxStates: Int?

        @Argument(help: "Test files, or folders to search for them.")
        var paths: [String] = []

        func validate() throws {
            if generateFor == nil, paths.isEmpty { throw ValidationError("Give test files or folders, or --generate FLOW.yaml.") }
            if generateFor != nil, !paths.isEmpty { throw ValidationError("--generate takes one flow file and no other paths.") }
            if generateFor == nil, output != nil || force || maxStates != nil { throw ValidationError("--output, --force and --max-states go with --generate.") }
            if let maxStates, maxStates < 1 { throw ValidationError("--max-states takes a positive number.") }
        }

        func run() throws {
            if let flow = generateFor {
                try TestGeneration(flow: flow, output: output, force: force, maxStates: maxStates ?? TestGenerator.defaultMaxStates).run()
                return
            }
            let found = FlowFileFinder.files(in: paths.map(NamedPath.of), kind: .flowTests)
            for problem in found.problems { Console.error(problem.description) }
            for folder in found.emptyFolders { Console.warning("no flow tests (*.flowtest.yaml) in '\(folder)'") }
            var runner = FlowTestFileRunner()
            let results = found.files.map { runner.run(fileAt: $0) }
            let report = coverage ? CoverageReport(results) : nil
            switch format {
            case .text:
                try Console.output(TestTextReporter(sources: runner.sources, colored: Console.colors(.standardOutput)).render(results, coverage: report))
            case .json:
                try Console.output(TestJSONReporter().render(results, coverage: report))
            case .junit:
                try Console.output(TestJUnitReporter(sources: runner.sources).render(results))
                if let report { Console.emit(TestTextReporter(sources: [:]).render(report) + "\n", to: .standardError) }
            }
            let status = found.problems.isEmpty ? TestSummary(results).exitCode : 2
            if status != 0 { throw ExitCode(status) }
        }
    }
}

enum TestReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, junit
}
