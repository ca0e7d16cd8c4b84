import ArgumentParser
import FlowKit
#if canImport(Glibc)
import CMalloc
#endif

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
            #if canImport(Glibc)
            // A fixed mmap threshold: glibc otherwise raises it to the size of the largest
            // block freed (up to 32 MiB), after which a document's text, tree and model are
            // carved from the heap, and their space is not given back between two checks.
            // On a 10 MB flow this takes the peak after an edit from 12.6x to 11.8x the file.
            mallopt(M_MMAP_THRESHOLD, 128 * 1024)
            #endif
            var server = LanguageServer(connection: LSPConnection(input: 0, output: 1))
            let status = server.run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
