import FlowYAML

/// `enter-loop`: screens whose `enter` (spec §5 1.2) always makes a transition, each to
/// another such screen, hand the run round and round without showing any, until the
/// limit of steps without input stops it (spec §11). A screen's `enter` always leads on
/// when each of its branches up to the first without `when` pushes or replaces in a
/// screen (or a child flow, through its `start`); one loop is one diagnostic, at the
/// transition of its first screen, with the others' as notes. A screen that only leads
/// into a loop is not reported again.
enum EnterLoopCheck: Check {
    static let codes: [DiagnosticCode] = [.enterLoop]

    /// One way an `enter` leads on: the screen shown next (unless it leads on too), and
    /// where the transition is written.
    private struct Way {
        let screen: Int
        let location: SourceLocation
    }

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let (index, tree) = (context.index, context.tree)
        var ways: [Int: [Way]] = [:]
        for (flow, entry) in index.flows.enumerated() {
            for (position, screen) in entry.flow.screens.enumerated() {
                let global = index.globalScreen(flow, position)
                guard let enter = screen.enter, let compiled = tree.screens[global].enter,
                      let found = alwaysLeads(enter, compiled, tree: tree) else { continue }
                ways[global] = found
            }
        }
        // Left out, one by one, each screen that may lead to a screen that is shown.
        var looping = Set(ways.keys)
        var changed = true
        while changed {
            changed = false
            for screen in looping.sorted() where ways[screen, default: []].contains(where: { !looping.contains($0.screen) }) {
                looping.remove(screen)
                changed = true
            }
        }
        var diagnostics: [Diagnostic] = []
        var reported = Set<Int>()
        for screen in looping.sorted() where !reported.contains(screen) {
            let reach = reached(from: screen, ways: ways)
            guard reach.contains(screen) else { continue }
            let loop = reach.filter { reached(from: $0, ways: ways).contains(screen) }.sorted()
            reported.formUnion(loop)
            func way(of member: Int) -> Way? { ways[member]?.first { loop.contains($0.screen) } }
            guard let first = way(of: screen) else { continue }
            let names = (loop + [screen]).map { "'\(tree.screens[$0].id)'" }.joined(separator: " → ")
            diagnostics.append(Diagnostic(
                .enterLoop, "screen '\(tree.screens[screen].id)' is never shown: its enter always leads on, round \(names), and no screen of the loop is shown before the run stops at the limit of steps without input",
                at: first.location,
                notes: loop.dropFirst().compactMap { member in
                    way(of: member).map { Diagnostic.Note("screen '\(tree.screens[member].id)' leads on here", at: $0.location) }
                },
                fix: Diagnostic.Fix("give one of these transitions a 'when' that can fail, or let one screen of the loop be shown")))
        }
        return diagnostics
    }

    /// Where an `enter` always leads, each way with its transition; nil if it may leave
    /// its screen to be shown (a branch without a transition, a `back`, `send`, `finish`
    /// or `exit`, a `for_each`, or no branch that always holds).
    private static func alwaysLeads(_ enter: Handler, _ compiled: ResponderTree.HandlerNode, tree: ResponderTree) -> [Way]? {
        var ways: [Way] = []
        for (branch, node) in zip(enter.branches, compiled.branches) {
            guard let transition = branch.transition, node.launch?.forEach == nil else { return nil }
            let target: Target?
            switch node.transition {
            case .push(let found)?, .replace(let found)?: target = found
            default: return nil
            }
            switch target {
            case .screen(let screen)?: ways.append(Way(screen: screen, location: transition.location))
            case .flow(let child)?:
                guard let screen = FlowGraph.entryScreen(of: child, in: tree) else { return nil }
                ways.append(Way(screen: screen, location: transition.location))
            case nil: return nil
            }
            if branch.when == nil { return ways }
        }
        return nil
    }

    /// The screens the ways from `screen` lead to, directly or through others.
    private static func reached(from screen: Int, ways: [Int: [Way]]) -> Set<Int> {
        var found = Set<Int>()
        var pending = [screen]
        while let current = pending.popLast() {
            for way in ways[current, default: []] where found.insert(way.screen).inserted { pending.append(way.screen) }
        }
        return found
    }
}
