import Foundation
import Testing
import TestSupport

/// `flowrun graph`: Graphviz renders the dot output of every example; the Mermaid output
/// follows Mermaid's flowchart grammar; routing up the chain shows as dashed edges.
@Suite struct GraphCommandTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")
    static let examples = ["signin.yaml", "browser.yaml", "notes.yaml", "incident.yaml", "scaffold.yaml"]

    /// Graphviz's `dot`, installed with apt-get when missing (as root, as in CI).
    static let dot: String? = {
        let path = "/usr/bin/dot"
        if !FileManager.default.isExecutableFile(atPath: path) {
            _ = try? ProcessRunner.run("/usr/bin/env", ["apt-get", "update", "-qq"], timeout: 600)
            _ = try? ProcessRunner.run("/usr/bin/env", ["apt-get", "install", "-y", "-qq", "graphviz"],
                                       environment: ["DEBIAN_FRONTEND": "noninteractive"], timeout: 600)
        }
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Graphviz's `dot` where it is installed already.
    static var installedDot: String? { FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") ? "/usr/bin/dot" : nil }

    @Test(.slow("installs Graphviz with apt-get"), arguments: examples)
    func graphvizRendersTheDotOutput(example: String) throws {
        let graph = try FlowrunProcess.run(["graph", example], directory: flows)
        #expect(graph.status == 0)
        let dot = try #require(Self.dot, "Graphviz could not be installed")
        let rendered = try ProcessRunner.run(dot, ["-Tsvg"], stdin: graph.stdout)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("<svg"))
    }

    @Test func forEachIsLabelledAndAPostIsADottedLineToEachObserver() throws {
        let graph = try FlowrunProcess.run(["graph", "incident.yaml"], directory: flows)
        #expect(graph.stdout.contains(#""incident/triage" -> "checks/check" [label="check [for each service in services]"];"#), "\(graph.stdout)")
        #expect(graph.stdout.contains(#""diagnose/look" -> "timeline observes" [label="post paged", style=dotted];"#))
        let mermaid = try FlowrunProcess.run(["graph", "--format", "mermaid", "incident.yaml"], directory: flows)
        #expect(mermaid.stdout.contains(#"-.->|"post paged"| flow_"#), "\(mermaid.stdout)")
        #expect(mermaid.stdout.contains(#"-->|"check [for each service in services]"|"#))
    }

    @Test func aPostToARootObserverEndsInsideTheRootAndANeverFinishingFlowHasNoFinishedNode() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: home
        variables: { saves: 0 }
        observe:
          saved: { set: { saves: saves + 1 } }
        screens:
          home:
            actions: [save, quit]
            on:
              save: { post: saved }
        """)
        let graph = try FlowrunProcess.run(["graph", "f.yaml"], directory: directory)
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stdout.contains(#""app/home" -> "app observes" [label="post saved", style=dotted];"#), "\(graph.stdout)")
        #expect(!graph.stdout.contains("lhead"))
        #expect(!graph.stdout.contains("finished"), "the root never finishes: \(graph.stdout)")
        let mermaid = try FlowrunProcess.run(["graph", "--format", "mermaid", "f.yaml"], directory: directory)
        #expect(!mermaid.stdout.contains("finished"), "\(mermaid.stdout)")
        if let dot = Self.installedDot {
            let rendered = try ProcessRunner.run(dot, ["-Tsvg"], stdin: graph.stdout)
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        }
    }

    @Test func routingUpTheChainIsDrawnDashedAndNamed() throws {
        let graph = try FlowrunProcess.run(["graph", "signin.yaml"], directory: flows)
        #expect(try Golden.matches(graph.stdout, "graph-signin.dot"), "\(graph.stdout)")
        // Handled by the screen's own flow: a plain edge.
        #expect(graph.stdout.contains(#""login/welcome" -> "login/credentials" [label="sign_in"];"#))
        // Sent up to the root, which shows main/home: dashed, naming the responder.
        #expect(graph.stdout.contains(#""login/credentials" -> "main/home" [label="submit [when known_password != \"\" && password == known_password] → signed_in\n(via flow 'app')", style=dashed];"#))
        // A child flow finishing leads on through its parent's done handler.
        #expect(graph.stdout.contains(#""signup finished" -> "login/credentials" [label="signup.done"];"#))
    }

    /// A fixture with one of each move a run can make that an author could miss: both
    /// outputs are golden, and each kind of edge is named below.
    @Test func everyMoveARunCanMakeIsDrawn() throws {
        let fixtures = Fixtures.url("Graph", besides: #filePath)
        let dot = try FlowrunProcess.run(["graph", "every-edge.yaml"], directory: fixtures)
        #expect(dot.status == 0)
        #expect(try Golden.matches(dot.stdout, "graph-every-edge.dot"), "\(dot.stdout)")
        let mermaid = try FlowrunProcess.run(["graph", "--format", "mermaid", "every-edge.yaml"], directory: fixtures)
        #expect(try Golden.matches(mermaid.stdout, "graph-every-edge.mmd"), "\(mermaid.stdout)")
        // `back` the application takes pops the presented flow; a `back: true` branch pops
        // the screen it was pushed over, and only that one.
        #expect(dot.stdout.contains(#""wizard/step1" -> "app/home" [label="back\n(via the application)", style=dashed];"#))
        #expect(dot.stdout.contains(#""wizard/step2" -> "wizard/step1" [label="back"];"#))
        #expect(!dot.stdout.contains(#""wizard/step2" -> "app/home""#))
        // A say-only branch up the chain shows the same screen again.
        #expect(dot.stdout.contains(#""wizard/step1" -> "wizard/step1" [label="escalate\n(via flow 'app')", style=dashed];"#))
        // A done handler without a transition returns to the screen the flow uncovers.
        #expect(dot.stdout.contains(#""wizard finished" -> "app/home" [label="wizard.done"];"#))
        // The root finishing ends the run.
        #expect(dot.stdout.contains(#""app finished" -> "end" [label="finished"];"#))
    }

    @Test(arguments: examples)
    func mermaidOutputFollowsTheFlowchartGrammar(example: String) throws {
        let graph = try FlowrunProcess.run(["graph", "--format", "mermaid", example], directory: flows)
        #expect(graph.status == 0)
        let problems = MermaidFlowchart.problems(in: graph.stdout)
        #expect(problems.isEmpty, "\(problems)")
    }
}

/// The statements of Mermaid's flowchart grammar that `flowrun graph` writes, checked one
/// by one: the header, `subgraph id["label"]` … `end`, nodes `id["label"]` and
/// `id(("label"))`, and edges `id -->|"label"| id` / `id -.->|"label"| id`. Ids are
/// letters, digits and `_` and not the keyword `end`; quoted labels hold no `"`.
enum MermaidFlowchart {
    static let id = #"(?!end\b)[A-Za-z0-9_]+"#
    static let label = #""[^"]*""#
    static let statements = [
        #"^flowchart (LR|RL|TB|TD|BT)$"#,
        #"^subgraph \#(id)\[\#(label)\]$"#,
        #"^end$"#,
        #"^\#(id)\[\#(label)\]$"#,
        #"^\#(id)\(\(\#(label)\)\)$"#,
        #"^\#(id) (-->|-\.->)\|\#(label)\| \#(id)$"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }

    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        var depth = 0
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.first?.hasPrefix("flowchart") != true { problems.append("no flowchart header") }
        for line in lines {
            let range = NSRange(line.startIndex..., in: line)
            if !statements.contains(where: { $0.firstMatch(in: line, range: range) != nil }) { problems.append("not a flowchart statement: \(line)") }
            if line.hasPrefix("subgraph ") { depth += 1 }
            if line == "end" { depth -= 1 }
            if depth < 0 { problems.append("'end' without a subgraph") }
        }
        if depth != 0 { problems.append("\(depth) subgraphs not closed") }
        return problems
    }
}
