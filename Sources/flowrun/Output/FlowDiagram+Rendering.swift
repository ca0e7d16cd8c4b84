import FlowKit
import FlowYAML

extension FlowDiagram {
    enum Format: String, CaseIterable, Sendable {
        case dot, mermaid
    }

    func render(as format: Format) -> String {
        switch format {
        case .dot: dot
        case .mermaid: mermaid
        }
    }

    /// Graphviz: flows as nested clusters; dashed edges for actions handled up the chain.
    var dot: String {
        var lines = ["digraph flowrun {", "  rankdir=LR;", "  compound=true;",
                     "  node [shape=box, style=rounded, fontname=\"Helvetica\"];", "  edge [fontname=\"Helvetica\", fontsize=10];"]
        lines += dotCluster(0, indent: "  ")
        lines.append("  \"end\" [label=\"end of run\", shape=doublecircle];")
        for edge in edges {
            let label = edge.via.map { "\(edge.label)\\n(via \($0))" } ?? edge.label
            let style = edge.via == nil ? "" : ", style=dashed"
            lines.append("  \"\(nodeID(edge.from))\" -> \"\(nodeID(edge.to))\" [label=\"\(Self.dotEscaped(label))\"\(style)];")
        }
        // A notification ends at the observing flow's own "observes" node: an `lhead` to its
        // cluster would be refused where the poster is inside it (a root observer).
        for post in posts {
            lines.append("  \"\(nodeID(post.from))\" -> \"\(observesNodeID(post.observer))\" "
                + "[label=\"\(Self.dotEscaped("post " + post.notification))\", style=dotted];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func dotCluster(_ flow: Int, indent: String) -> [String] {
        let node = tree.flows[flow]
        var lines = ["\(indent)subgraph \"cluster_\(node.id)\" {", "\(indent)  label=\"\(Self.dotEscaped(node.id))\";"]
        for screen in node.screens {
            let shape = tree.screens[screen].isTerminal ? ", peripheries=2" : ""
            lines.append("\(indent)  \"\(nodeID(.screen(screen)))\" [label=\"\(Self.dotEscaped(tree.screens[screen].id))\"\(shape)];")
        }
        if finishing.contains(flow) {
            lines.append("\(indent)  \"\(nodeID(.finished(flow: flow)))\" [label=\"\(Self.dotEscaped(node.id)) finished\", shape=circle, fontsize=9];")
        }
        if posts.contains(where: { $0.observer == flow }) {
            lines.append("\(indent)  \"\(observesNodeID(flow))\" [label=\"observes\", shape=plaintext, fontsize=9];")
        }
        for child in tree.flows.indices where tree.flows[child].parent == flow { lines += dotCluster(child, indent: indent + "  ") }
        lines.append("\(indent)}")
        return lines
    }

    /// Mermaid flowchart: flows as nested subgraphs; dotted edges for actions handled up the chain.
    var mermaid: String {
        var lines = ["flowchart LR"]
        lines += mermaidSubgraph(0, indent: "  ")
        lines.append("  end_of_run((\"end of run\"))")
        for edge in edges {
            let label = edge.via.map { "\(edge.label) (via \($0))" } ?? edge.label
            let arrow = edge.via == nil ? "-->" : "-.->"
            lines.append("  \(mermaidID(edge.from)) \(arrow)|\"\(Self.mermaidEscaped(label))\"| \(mermaidID(edge.to))")
        }
        // A notification is a dotted line to the observing flow's subgraph.
        for post in posts {
            lines.append("  \(mermaidID(post.from)) -.->|\"\(Self.mermaidEscaped("post " + post.notification))\"| flow_\(post.observer)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func mermaidSubgraph(_ flow: Int, indent: String) -> [String] {
        let node = tree.flows[flow]
        var lines = ["\(indent)subgraph flow_\(flow)[\"\(Self.mermaidEscaped(node.id))\"]"]
        for screen in node.screens {
            lines.append("\(indent)  \(mermaidID(.screen(screen)))[\"\(Self.mermaidEscaped(tree.screens[screen].id))\"]")
        }
        if finishing.contains(flow) {
            lines.append("\(indent)  \(mermaidID(.finished(flow: flow)))((\"\(Self.mermaidEscaped(node.id)) finished\"))")
        }
        for child in tree.flows.indices where tree.flows[child].parent == flow { lines += mermaidSubgraph(child, indent: indent + "  ") }
        lines.append("\(indent)end")
        return lines
    }

    private func nodeID(_ node: Node) -> String {
        switch node {
        case .screen(let screen): tree.screens[screen].pathName
        case .finished(let flow): "\(tree.flows[flow].id) finished"
        case .end: "end"
        }
    }

    /// The node inside a flow's cluster that the notifications it observes lead to.
    private func observesNodeID(_ flow: Int) -> String { "\(tree.flows[flow].id) observes" }

    /// Mermaid ids are letters, digits and `_`: screens and flows go by index.
    private func mermaidID(_ node: Node) -> String {
        switch node {
        case .screen(let screen): "screen_\(screen)"
        case .finished(let flow): "finished_\(flow)"
        case .end: "end_of_run"
        }
    }

    static func dotEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\\\\n", with: "\\n")
    }

    /// Inside Mermaid's quoted labels, `"` is written as an entity.
    static func mermaidEscaped(_ text: String) -> String {
        text.replacing("\"", with: "#quot;")
    }
}
