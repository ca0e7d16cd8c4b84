import FlowExpressions

/// Writes test cases that exercise everything reachable of a flow (`flowrun test
/// --generate`): a breadth-first search of the session's states, trying
/// `InputCandidates` at each prompt, finds the shortest input that reaches each
/// screen, action and branch. Scripts that are the start of a longer one are dropped;
/// each one left is carried on, by a second search, to the nearest end of the run.
public struct TestGenerator: Sendable {
    public let universe: CoverageUniverse
    /// States the search may visit before it gives up on what it has not reached.
    public var maxStates: Int
    /// Inputs in one script, at most.
    public var maxDepth: Int

    /// `--max-states` unless given.
    public static let defaultMaxStates = 50_000

    public init(universe: CoverageUniverse, maxStates: Int = defaultMaxStates, maxDepth: Int = 60) {
        self.universe = universe
        self.maxStates = maxStates
        self.maxDepth = maxDepth
    }

    public struct Generated: Sendable {
        /// Each case's input lines, a name saying what it was made to reach, and stubs for
        /// the programs that fail or write an output in it (every other one succeeds with no output).
        public var cases: [(name: String, input: [String], stubs: [CommandStub])]
        /// What the search did not reach within its bounds (carrying a case to an end of
        /// the run may still reach some of it).
        public var unreached: [CoverageItem]
        /// Why, for each item not reached.
        public var reasons: [CoverageItem: String]
        /// Whether the search stopped at `maxStates` (rather than running out of states).
        public var stoppedAtBound: Bool
        /// The states the search visited (it stops at the first step past `maxStates`), for
        /// reports and benchmarks; carrying the cases to an end of the run is not counted.
        public var statesSearched: Int
        /// Whether a signal (`Interruption`) cut the search short.
        public var interrupted: Bool
    }

    public func generate() -> Generated {
        let tree = universe.tree
        let live = LiveValues(tree: tree)
        var search = StateSearch(tree: tree, live: live, candidates: InputCandidates(tree: tree, live: live), maxStates: maxStates, maxDepth: maxDepth)
        let wanted = Set(universe.items)
        let firstHits = search.explore(until: wanted)
        // Counted before the cases are carried to an end, which adds states of its own.
        let explored = search.nodes.count
        let targets = Set(firstHits.values)
        let ancestors = Set(targets.flatMap { search.ancestors(of: $0).dropFirst() })
        let leaves = targets.subtracting(ancestors).sorted()
        var names = Set<String>()
        let cases = leaves.map { leaf -> (name: String, input: [String], stubs: [CommandStub]) in
            var input = search.lines(to: leaf)
            input += search.ending(from: search.nodes[leaf].session)
            // Named after what only this script reaches (a screen, else a branch, else the first in tree order),
            // and the actions that lead there.
            let own = universe.items.filter { firstHits[$0] == leaf }
            let reached = own.first { $0.kind == .screens } ?? own.first { $0.kind == .branches } ?? own.first ?? .screen(0)
            let what = if case .screen(let screen) = reached { tree.screens[screen].pathName } else { reached.describe(in: tree) }
            let actions = search.actions(to: leaf)
            var name = "reaches \(what)" + (actions.isEmpty ? "" : " by " + actions.joined(separator: " → "))
            if names.contains(name) { name += " (\(names.count + 1))" }
            names.insert(name)
            return (name, input, search.nodes[leaf].stubs)
        }
        let unreached = universe.items.filter { firstHits[$0] == nil }
        let bounded = explored >= maxStates
        let reached = Set(firstHits.keys)
        return Generated(cases: cases, unreached: unreached,
                         reasons: Dictionary(uniqueKeysWithValues: unreached.map { ($0, reason($0, reached: reached, bounded: bounded, live: live)) }),
                         stoppedAtBound: bounded, statesSearched: explored, interrupted: Interruption.isRequested)
    }

    /// Why the search did not reach an item: the bound, a guard that reads a program's
    /// output none of `InputCandidates.outputs` satisfies (its own, or an earlier branch's
    /// that always held), a guard that held for no
    /// answer it tried where its handler ran (a validate warning candidate when no answer
    /// can satisfy it), or nothing it tried leading there.
    private func reason(_ item: CoverageItem, reached: Set<CoverageItem>, bounded: Bool, live: LiveValues) -> String {
        if bounded { return "the search stopped before it" }
        guard case .branch(let branch) = item else { return "no input the search tries leads there" }
        let handlerRan = reached.contains { other in
            guard case .branch(let sibling) = other else { return false }
            return sibling.responder == branch.responder && sibling.action == branch.action && sibling.kind == branch.kind
        }
        guard handlerRan else { return "the search never ran its handler" }
        let readsOutput = "reads a program's stdout, and no output the search tries leads there: write its stub by hand"
        guard let when = universe.tree.branch(branch)?.when else {
            // Taken only when no earlier branch holds: those may wait for an output.
            let earlier = (0..<branch.index).compactMap {
                universe.tree.branch(.init(responder: branch.responder, action: branch.action, index: $0, kind: branch.kind))?.when
            }
            return earlier.contains { live.readsProgramOutput($0.parsed) }
                ? "an earlier branch's guard \(readsOutput)" : "an earlier branch took the action every time"
        }
        return live.readsProgramOutput(when.parsed) ? "its guard \(readsOutput)" : "its guard held for no answer tried (nor with a program failing)"
    }
}
