import ArgumentParser
import FlowKit

extension FlowRun {
    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph",
            abstract: "Prints the flow tree and its transitions as a Graphviz or Mermaid graph.",
            discussion: """
            Flows are clusters, screens nodes, and actions edges labelled with their guards; an action \
            handled by a responder up the chain is drawn dashed and names it. Render dot with \
            `flowrun graph f.yaml | dot -Tsvg > f.svg`.
            """
        )

        @Argument(help: "The flow file.")
        var flow: String

        @Option(help: "The graph language.")
        var format: FlowDiagram.Format = .dot

        func run() throws {
            Console.output(FlowDiagram(tree: try FlowFile.compile(flow)).render(as: format))
        }
    }
}

extension FlowDiagram.Format: ExpressibleByArgument {}
