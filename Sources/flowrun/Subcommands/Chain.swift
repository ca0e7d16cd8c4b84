import ArgumentParser
import FlowKit
import FoundationEssentials
import FlowYAML

extension FlowRun {
    struct Chain: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "chain",
            abstract: "Prints a screen's responder chain and which responder handles each of its actions.",
            discussion: """
            SCREEN is a screen id, or flow/screen where ids repeat across flows. Given a flow id \
            instead, it prints the chain at that flow's start screen. Given the name of a \
            notification, it prints the flows that observe it, in the order they receive it, \
            and the branches that post it. The flow is validated first: with errors, they are printed \
            on stderr and the exit status is 2.
            """
        )

        @Argument(help: "The flow file.")
        var flow: String

        @Argument(help: "The screen: an id, or flow/screen; or a flow id; or a notification.")
        var screen: String

        func run() throws {
            let tree = try FlowFile.load(flow)
            var matches = ChainDescription.screens(named: screen, in: tree)
            if matches.isEmpty, let start = ChainDescription.startScreen(ofFlow: screen, in: tree) { matches = [start] }
            if matches.isEmpty, let notification = ChainDescription.describe(notification: screen, in: tree, routes: FlowRoutes(tree)) {
                try Console.output(notification)
                return
            }
            guard matches.count == 1 else {
                let names = tree.screens.map(\.pathName)
                if matches.isEmpty {
                    Console.error("no screen or notification '\(screen)' in \(flow)" + NearestName.hint(for: screen, among: names + tree.screens.map(\.id)))
                } else {
                    let candidates = matches.map { tree.screens[$0].pathName }
                    Console.error("'\(screen)' names several screens: \(candidates.joined(separator: ", ")); write flow/screen")
                }
                throw ExitCode.validationFailure
            }
            try Console.output(ChainDescription.describe(screen: matches[0], in: tree, routes: FlowRoutes(tree)))
        }
    }
}
