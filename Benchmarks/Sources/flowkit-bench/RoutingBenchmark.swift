import FlowKit
import FoundationEssentials

/// Routes actions through a chain of a given depth: a screen DEPTH flows below the
/// root offers `ping`, and only the root handles it (a branch with no transition,
/// so the screen is shown again each time, as in a real run).
enum RoutingBenchmark {
    static func flow(depth: Int) -> String {
        var text = "version: 1\nflow: f0\nstart: f1\non:\n  ping: {}\nflows:\n"
        var indent = "  "
        for level in 1...depth {
            text += "\(indent)f\(level):\n"
            if level == depth {
                text += "\(indent)  start: page\n\(indent)  screens:\n\(indent)    page: { actions: [ping] }\n"
            } else {
                text += "\(indent)  start: f\(level + 1)\n\(indent)  flows:\n"
                indent += "    "
            }
        }
        return text
    }

    static func run(depth: Int, actions: Int) {
        guard let document = FlowLoader().load(Array(flow(depth: depth).utf8), file: "routing.yaml").document,
              let tree = try? ResponderTree(document) else {
            print("routing: the generated flow did not compile")
            return
        }
        var session = Session(tree: tree)
        _ = session.start()
        let clock = ContinuousClock()
        var routed = 0
        let elapsed = clock.measure {
            for _ in 0..<actions {
                let events = session.perform("ping")
                if case .routed? = events.first { routed += 1 }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("flowkit-routing depth=\(depth) actions=\(routed) seconds=\(seconds) per_second=\(Int(Double(routed) / seconds))")
    }
}
