import ArgumentParser
import FlowKit
import FlowYAML

@main
struct FlowRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowrun",
        abstract: "Runs and checks YAML flow files.",
        discussion: """
        A flow file describes screens (text, fields, actions) in nested flows; an action \
        travels up the responder chain to the first flow that handles it. The flow language \
        is described in docs/language.md, and this command line in full in docs/cli.md, in \
        flowrun's source repository.
        """,
        version: FlowrunVersion.current,
        subcommands: [Run.self, Validate.self, Test.self, Chain.self, Graph.self, Schema.self, Lsp.self],
        defaultSubcommand: Run.self
    )

    /// swift-argument-parser's own `main()`, but what it prints passes through
    /// `TerminalText`: a usage error quotes a bad value as given
    /// (`--output $'\e[31m'`), and no text that leaves flowrun may drive a terminal.
    /// Help, the version and completion scripts go to stdout, errors to stderr, as it does.
    static func main() {
        Signals.survivingFileSizeLimit()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                Console.emit(TerminalText.escaped(message) + "\n", to: code == .success ? .standardOutput : .standardError)
            }
            // Prints nothing more: an `ExitCode` has no message.
            exit(withError: code)
        }
    }
}
