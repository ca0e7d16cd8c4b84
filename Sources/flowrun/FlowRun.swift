import ArgumentParser
import FlowKit

@main
struct FlowRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Checks YAML flow files (running and testing them are on the way).",
        version: FlowrunVersion.current,
        subcommands: [Validate.self, Chain.self]
    )
}
