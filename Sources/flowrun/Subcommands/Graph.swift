import ArgumentParser
import FlowKit

extension FlowRun {
    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph",
            abstract: "Prints the flow tree and its transitions as a Graphviz or Mermaid graph.",
            discussion: """
            Flows are clusters, screens nodes, and every move a run can make an edge labelled with its \
            action and guard: back, a branch that stays on its screen, a flow finishing and what its \
            parent's done handler does. An action handled by a responder up the chain is drawn dashed \
            and names it. Render dot with \
            `flowrun graph f.yaml | dot -Tsvg > f.svg`.
            """
        )

        @Argument(help: "The flow file.")
        var flow: String

        @Option(help: "The graph language.")
        var format: FlowDiagram.Format = .dot

        func run() throws {
            let tree = try FlowFile.load(flow)
            try Console.output(FlowDiagram(tree: tree, routes: FlowRoutes(tree)).render(as: format))
        }
    }
}

extension FlowDiagram.Format: ExpressibleByArgument {}
