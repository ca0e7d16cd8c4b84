import FlowKit

/// What `flowrun chain` (and `?` in the terminal) prints: a screen's responder chain, and
/// for each action it offers (and the built-ins) which responders handle it and under
/// which guard, as the routing table (`FlowRoutes`) says.
enum ChainDescription {
    /// The screens named `name` (`screen` or `flow/screen`), as global indices.
    static func screens(named name: String, in tree: ResponderTree) -> [Int] {
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        return tree.screens.indices.filter { index in
            let screen = tree.screens[index]
            return parts.count == 2 ? tree.flows[screen.flow].id == parts[0] && screen.id == parts[1] : screen.id == name
        }
    }

    /// The screen a flow starts at, following a start that pushes a child flow; nil when
    /// the chain of starts leads to no screen.
    static func startScreen(ofFlow id: String, in tree: ResponderTree) -> Int? {
        var target = tree.flows.first { $0.id == id }?.start
        for _ in tree.flows.indices {
            switch target {
            case .screen(let screen): return screen
            case .flow(let flow): target = tree.flows[flow].start
            case nil: return nil
            }
        }
        return nil
    }

    static func describe(screen index: Int, in tree: ResponderTree, routes: FlowRoutes) -> String {
        let screen = tree.screens[index]
        let responders = tree.chain(from: .screen(index))
        let path = responders.dropFirst().reversed().map { tree.flows[tree.handlingFlow(of: $0)].id }
        var lines = ["screen '\(screen.id)' of flow '\(tree.flows[screen.flow].id)' (\(path.joined(separator: " › ")))", "", "responder chain:"]
        for (number, responder) in responders.enumerated() { lines.append("  \(number + 1). \(tree.name(of: responder))") }
        lines.append("  \(responders.count + 1). \(ResponderName.application)")
        lines += ["", "actions:"]
        let ids = screen.actions.map(\.id)
        let actions = ids + ActionEntry.builtIns(besides: ids)
        let width = actions.map(\.count).max() ?? 0
        for action in actions {
            let taken = routeLines(for: routes.route(of: action, fromScreen: index), of: action)
            let padding = String(repeating: " ", count: width - action.count)
            lines.append("  \(action)\(padding)  \(taken[0])")
            for route in taken.dropFirst() { lines.append("  \(String(repeating: " ", count: width))  \(route)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A notification's observers, in the order they receive it, and the branches that
    /// post it (spec §7 1.1); nil when no flow posts or observes it.
    static func describe(notification name: String, in tree: ResponderTree, routes: FlowRoutes) -> String? {
        let observers = routes.observers(of: name)
        let posters = tree.posters(of: name)
        guard !observers.isEmpty || !posters.isEmpty else { return nil }
        var lines = ["notification '\(name)': every observer runs, root first, parents before children, in file order", "", "observers:"]
        lines += observers.isEmpty ? ["  none"] : observers.enumerated().map { "  \($0 + 1). flow '\($1)'" }
        lines += ["", "posted by:"]
        lines += posters.isEmpty ? ["  nothing"] : posters.map { "  \($0.description)  (\($0.location))" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each branch that may take the action, nearest first, with its guard and the action
    /// it forwards with `send` (cli.md 1.2), where that goes indented below it ("→"),
    /// then what lies past them.
    private static func routeLines(for route: FlowRoutes.Route, of action: String) -> [String] {
        var lines = route.candidates.flatMap { candidate in
            candidate.branches.flatMap { branch in
                let line = "\(candidate.responder): \(branch.condition.map { "when \($0)" } ?? "always")" + (branch.sends.map { ", sends \($0)" } ?? "")
                guard let sent = branch.sends, let forwarded = branch.forwarded else { return [line] }
                return [line] + routeLines(for: forwarded, of: sent).map { $0.hasPrefix(" ") ? "  " + $0 : "  → " + $0 }
            }
        }
        guard route.reachesApplication else { return lines }
        let past = ActionEntry.builtIns.contains(action) ? "the application" : "no responder handles it"
        lines.append(lines.isEmpty ? past : "otherwise: \(past)")
        return lines
    }
}
