import ArgumentParser
import FlowKit

extension FlowRun {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Prints a JSON Schema of the flow format, for editors.",
            discussion: """
            Save it and point yaml-language-server at it with a first line such as
            # yaml-language-server: $schema=flowrun.schema.json
            """
        )

        func run() throws {
            Console.output(FlowSchema.json)
        }
    }
}
