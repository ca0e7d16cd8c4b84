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
        /// Each case's input lines, a name saying what it was made to reach, and the
        /// programs that fail in it (exit 1; every other one succeeds with no output).
        public var cases: [(name: String, input: [String], failing: [[String]])]
        /// What the search did not reach within its bounds.
        public var unreached: [CoverageItem]
        /// Whether the search stopped at `maxStates` (rather than running out of states).
        public var stoppedAtBound: Bool
        /// The states the search visited, for reports and benchmarks.
        public var statesSearched: Int
        /// Whether a signal (`Interruption`) cut the search short.
        public var interrupted: Bool
    }

    public func generate() -> Generated {
        let tree = universe.tree
        let live = LiveValues(tree: tree)
        var search = StateSearch(tree: tree, live: live, candidates: InputCandidates(live: live), maxStates: maxStates, maxDepth: maxDepth)
        let wanted = Set(universe.items)
        let firstHits = search.explore(until: wanted)
        let targets = Set(firstHits.values)
        let ancestors = Set(targets.flatMap { search.ancestors(of: $0).dropFirst() })
        let leaves = targets.subtracting(ancestors).sorted()
        var names = Set<String>()
        let cases = leaves.map { leaf -> (name: String, input: [String], failing: [[String]]) in
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
            return (name, input, search.nodes[leaf].failing)
        }
        return Generated(cases: cases, unreached: universe.items.filter { firstHits[$0] == nil },
                         stoppedAtBound: search.nodes.count >= maxStates, statesSearched: search.nodes.count,
                         interrupted: Interruption.isRequested)
    }
}
