import ArgumentParser
import FlowKit

extension FlowRun {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Prints a JSON Schema of the flow format (or, with --tests, of flow test files), for editors.",
            discussion: """
            Save it and point yaml-language-server at it with a first line such as
            # yaml-language-server: $schema=flowrun.schema.json

            To check flow files against it from a script, read them with a YAML 1.2 reader \
            such as ruamel.yaml: PyYAML reads YAML 1.1, where a flow's on: key is the \
            boolean True.
            """
        )

        @Flag(help: "The schema of flow test files (*.flowtest.yaml) instead.")
        var tests = false

        func run() throws {
            try Console.output(tests ? FlowTestSchema.json : FlowSchema.json)
        }
    }
}
