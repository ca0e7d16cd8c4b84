import ArgumentParser
import FlowKit

extension FlowRun {
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Serves the Language Server Protocol for flow files, over stdin and stdout.",
            discussion: """
            An editor starts it and shows, as the author types, the diagnostics `validate` gives, \
            quick fixes, hover (an action's responder chain, what an id names), go-to-definition, \
            completion and an outline. See the README's "Editors" section.
            """
        )

        func run() throws {
            AllocatorTuning.giveLargeBlocksBack()
            var server = LanguageServer(connection: LSPConnection(input: 0, output: 1))
            let status = server.run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
