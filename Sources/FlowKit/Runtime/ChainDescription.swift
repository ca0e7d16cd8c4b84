/// What `flowrun chain` prints: a screen's responder chain, and for each action it
/// offers (and the built-ins) which responders handle it and under which guard.
public enum ChainDescription {
    /// The screens named `name` (`screen` or `flow/screen`), as global indices.
    public static func screens(named name: String, in tree: ResponderTree) -> [Int] {
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        return tree.screens.indices.filter { index in
            let screen = tree.screens[index]
            return parts.count == 2 ? tree.flows[screen.flow].id == parts[0] && screen.id == parts[1] : screen.id == name
        }
    }

    public static func describe(screen index: Int, in tree: ResponderTree) -> String {
        let screen = tree.screens[index]
        let responders = tree.chain(from: .screen(index))
        let path = responders.dropFirst().reversed().map { tree.flows[tree.handlingFlow(of: $0)].id }
        var lines = ["screen '\(screen.id)' of flow '\(tree.flows[screen.flow].id)' (\(path.joined(separator: " › ")))", "", "responder chain:"]
        for (number, responder) in responders.enumerated() { lines.append("  \(number + 1). \(tree.name(of: responder))") }
        lines.append("  \(responders.count + 1). the application (back, quit)")
        lines += ["", "actions:"]
        let ids = screen.actions.map(\.id)
        let actions = ids + ActionEntry.builtIns(besides: ids)
        let width = actions.map(\.count).max() ?? 0
        for action in actions {
            let routes = self.routes(of: action, through: responders, in: tree)
            let padding = String(repeating: " ", count: width - action.count)
            lines.append("  \(action)\(padding)  \(routes[0])")
            for route in routes.dropFirst() { lines.append("  \(String(repeating: " ", count: width))  \(route)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each branch that may take the action, nearest first, up to one that always holds.
    private static func routes(of action: String, through responders: [ResponderTree.Responder], in tree: ResponderTree) -> [String] {
        var routes: [String] = []
        for responder in responders {
            guard let handler = tree.handler(for: action, at: responder) else { continue }
            for branch in handler.branches { routes.append("\(tree.name(of: responder)): \(branch.guardText ?? "always")") }
            if handler.branches.contains(where: { $0.when == nil }) { return routes }
        }
        if ActionEntry.builtIns.contains(action) {
            routes.append(routes.isEmpty ? "the application" : "otherwise: the application")
        } else if routes.isEmpty {
            routes.append("no responder handles it")
        } else {
            routes.append("otherwise: no responder handles it")
        }
        return routes
    }
}
