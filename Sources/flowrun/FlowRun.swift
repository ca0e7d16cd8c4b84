import ArgumentParser

@main
struct FlowRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Runs, validates and tests YAML flow files.",
        version: "0.1.0",
        subcommands: [Validate.self]
    )
}
