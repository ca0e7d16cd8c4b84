import ArgumentParser

@main
struct FlowRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Checks YAML flow files (running and testing them are on the way).",
        version: "0.1.0",
        subcommands: [Validate.self]
    )
}
