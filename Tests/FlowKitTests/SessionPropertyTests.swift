import FlowKit
import Testing
import TestSupport

/// Invariants of the runtime over random flow trees and random inputs (seeded, so a
/// failure reproduces): an action goes to the responder and branch the routing table
/// predicts (`FlowRoutes`, which the checks, `chain` and `graph` read); a running session
/// always shows a screen; a session saved and restored at any point goes on exactly as
/// the original.
@Suite struct SessionPropertyTests {
    /// A generated flow tree and its YAML. Guards are the literals `true` and `false`, so
    /// the test knows which branches hold.
    struct GeneratedFlow {
        struct Branch { var guardHolds: Bool?; var transition: String? }
        struct FlowSpec { var id: String; var screens: [String]; var children: [Int] }

        var flows: [FlowSpec] = []
        /// Each responder's handlers by action, keyed "screen:flow/screen" or "flow:id".
        var handlers: [String: [String: [Branch]]] = [:]
        var offered: [String: [String]] = [:]
        var yaml = ""

        static let actions = ["a0", "a1", "a2", "a3"]
        /// What handlers are written for: the actions, and `back` too.
        static let handled = actions + ["back"]

        init(using rng: inout SeededGenerator) {
            var pending: [(parent: Int?, depth: Int)] = [(nil, 0)]
            while let (parent, depth) = pending.popLast(), flows.count < 7 {
                let index = flows.count
                let screens = (0..<Int.random(in: 1...3, using: &rng)).map { "s\(index)_\($0)" }
                flows.append(FlowSpec(id: "f\(index)", screens: screens, children: []))
                if let parent { flows[parent].children.append(index) }
                if depth < 3 { for _ in 0..<Int.random(in: 0...2, using: &rng) { pending.insert((index, depth + 1), at: 0) } }
            }
            for flow in flows.indices {
                let spec = flows[flow]
                let targets = spec.screens + spec.children.map { flows[$0].id }
                func handlers(_ rng: inout SeededGenerator) -> [String: [Branch]] {
                    var table: [String: [Branch]] = [:]
                    for action in Self.handled where Bool.random(using: &rng) {
                        table[action] = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                            let guardHolds: Bool? = [nil, true, false].randomElement(using: &rng) ?? nil
                            let transitions: [String?] = [nil, "back: true", "finish: true", "send: \(Self.actions.randomElement(using: &rng) ?? "a0")"]
                                + targets.map { "push: \($0)" } + targets.map { "replace: \($0)" }
                            return Branch(guardHolds: guardHolds, transition: transitions.randomElement(using: &rng) ?? nil)
                        }
                    }
                    return table
                }
                self.handlers["flow:\(spec.id)"] = handlers(&rng)
                for screen in spec.screens {
                    self.handlers["screen:\(spec.id)/\(screen)"] = handlers(&rng)
                    offered["\(spec.id)/\(screen)"] = Self.actions.filter { _ in Bool.random(using: &rng) } + ["back"]
                }
            }
            yaml = "version: 1\n" + render(flow: 0, indent: "")
        }

        private func render(flow index: Int, indent: String) -> String {
            let spec = flows[index]
            var text = index == 0 ? "flow: \(spec.id)\n" : ""
            text += "\(indent)start: \(spec.screens[0])\n"
            text += handlersYAML(handlers["flow:\(spec.id)"] ?? [:], indent: indent)
            text += "\(indent)screens:\n"
            for screen in spec.screens {
                text += "\(indent)  \(screen):\n"
                text += "\(indent)    actions: [\((offered["\(spec.id)/\(screen)"] ?? []).joined(separator: ", "))]\n"
                text += handlersYAML(handlers["screen:\(spec.id)/\(screen)"] ?? [:], indent: indent + "    ")
            }
            if !spec.children.isEmpty {
                text += "\(indent)flows:\n"
                for child in spec.children { text += "\(indent)  \(flows[child].id):\n" + render(flow: child, indent: indent + "    ") }
            }
            return text
        }

        private func handlersYAML(_ handlers: [String: [Branch]], indent: String) -> String {
            guard !handlers.isEmpty else { return "" }
            var text = "\(indent)on:\n"
            for (action, branches) in handlers.sorted(by: { $0.key < $1.key }) {
                let rendered = branches.map { branch -> String in
                    let parts = [branch.guardHolds.map { "when: \"\($0)\"" }, branch.transition, "say: \"\(action)\""].compactMap { $0 }
                    return "{ \(parts.joined(separator: ", ")) }"
                }
                text += "\(indent)  \(action): [\(rendered.joined(separator: ", "))]\n"
            }
            return text
        }
    }

    /// The responder and branch the routing table predicts for `action` offered on
    /// `screen`: the first branch, nearest handler first, whose guard holds; the
    /// application where none does and the action is built in; nil where nothing takes it.
    static func predicted(_ action: String, screen: Int, routes: FlowRoutes) -> (responder: String, branch: Int?)? {
        let route = routes.route(of: action, fromScreen: screen)
        for candidate in route.candidates {
            if let branch = candidate.branches.firstIndex(where: { $0.condition == nil || $0.condition == "true" }) { return (candidate.responder, branch) }
        }
        return route.reachesApplication && ActionEntry.builtIns.contains(action) ? ("the application", nil) : nil
    }

    /// 1,000 generated flows, about 12,000 routing checks.
    static let seeds: [UInt64] = Array(1...1000)

    @Test(arguments: seeds)
    func invariantsHoldOnRandomFlowsAndInputs(seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        let generated = GeneratedFlow(using: &rng)
        let document = try #require(FlowLoader().load(Array(generated.yaml.utf8), file: "gen.yaml").document, "\(generated.yaml)")
        let tree = try ResponderTree(document)
        let routes = FlowRoutes(tree)

        var session = Session(tree: tree, maxSteps: 200)
        _ = session.start()
        let saveAt = Int.random(in: 0..<30, using: &rng)
        var inputs: [String] = []
        var restored: Session?
        for step in 0..<60 {
            guard session.outcome == nil, case .action? = session.prompt else { break }
            #expect(session.currentScreen != nil, "a running session always shows a screen")
            if step == saveAt { restored = try Session(tree: tree, maxSteps: 200, restoring: session.savedState()) }
            let screen = try #require(session.currentScreen)
            let flowID = tree.flows[tree.screens[screen].flow].id, screenID = tree.screens[screen].id
            let choices = generated.offered["\(flowID)/\(screenID)"] ?? []
            let action = Int.random(in: 0..<20, using: &rng) == 0 ? "quit" : choices.randomElement(using: &rng) ?? "quit"
            if step >= saveAt { inputs.append(action) }
            let expected = Self.predicted(action, screen: screen, routes: routes)
            let events = session.perform(action)
            let routed = events.lazy.compactMap { event -> (responder: String, branch: Int?)? in
                guard case .routed(let routed, let responder, let branch) = event, routed == action else { return nil }
                return (responder, branch?.index)
            }.first
            #expect(routed?.responder == expected?.responder && routed?.branch == expected?.branch,
                    "seed \(seed): \(action) from \(flowID)/\(screenID)\n\(generated.yaml)")
        }

        if var restored {
            for action in inputs { _ = restored.perform(action) }
            #expect(restored.path.suffix(inputs.count + 1) == session.path.suffix(inputs.count + 1), "seed \(seed)")
            #expect(restored.values == session.values, "seed \(seed)")
            #expect(restored.outcome == session.outcome, "seed \(seed)")
        }
    }
}
