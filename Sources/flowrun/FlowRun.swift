import ArgumentParser
import FlowKit

@main
struct FlowRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Runs and checks YAML flow files.",
        version: FlowrunVersion.current,
        subcommands: [Run.self, Validate.self, Test.self, Chain.self, Graph.self, Schema.self, Lsp.self],
        defaultSubcommand: Run.self
    )

    static func main() {
        Signals.survivingFileSizeLimit()
        main(nil)
    }
}
