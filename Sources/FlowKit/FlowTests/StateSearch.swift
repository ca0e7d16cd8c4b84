/// The breadth-first search behind `TestGenerator`: nodes are sessions, edges input lines.
struct StateSearch {
    struct SearchNode {
        var session: Session
        var parent: Int?
        var line: String
        var depth: Int
        /// False for a state seen before, kept only for what its line exercised.
        var expands = true
    }

    let tree: ResponderTree
    let live: LiveValues
    let candidates: InputCandidates
    let maxStates: Int
    let maxDepth: Int
    private(set) var nodes: [SearchNode] = []

    init(tree: ResponderTree, live: LiveValues, candidates: InputCandidates, maxStates: Int, maxDepth: Int) {
        self.tree = tree
        self.live = live
        self.candidates = candidates
        self.maxStates = maxStates
        self.maxDepth = maxDepth
    }

    /// Explores from the start until every wanted item is reached or a bound is hit;
    /// returns the first (shallowest) node that reached each item.
    mutating func explore(until wanted: Set<CoverageItem>) -> [CoverageItem: Int] {
        var session = Session(tree: tree)
        session.fixedTime = FlowTestFile.defaultNow
        session.commandRunner = StubbedCommands(stubs: [], answersEverything: true)
        var firstHits: [CoverageItem: Int] = [:]
        for item in CoverageItem.exercised(by: session.start(), on: nil, in: tree) { firstHits[item] = 0 }
        search(from: session, keepingRevisits: { items in items.contains { firstHits[$0] == nil } }) { node, _, items in
            for item in items where firstHits[item] == nil { firstHits[item] = node }
            return wanted.isSubset(of: firstHits.keys)
        }
        return firstHits
    }

    /// Visits the states reachable from `session`, nearest first, each once; `visit`
    /// sees every new node, its session, and what its line exercised, and returns true to stop.
    /// A line that leads back to a state seen before (a `say` that changes nothing) is
    /// visited too, without going on from it, when `keepingRevisits` wants what it exercised.
    mutating func search(from session: Session, keepingRevisits: ([CoverageItem]) -> Bool = { _ in false },
                         visit: (_ node: Int, _ session: Session, _ exercised: [CoverageItem]) -> Bool) {
        nodes = [SearchNode(session: session, parent: nil, line: "", depth: 0)]
        var seen: Set<[UInt8]> = [live.key(of: session)]
        var next = 0
        // A signal (`Interruption`) ends the search as the bound does.
        while next < nodes.count, nodes.count < maxStates, !Interruption.isRequested {
            let node = nodes[next]
            next += 1
            guard node.expands, node.session.outcome == nil, node.depth < maxDepth, let prompt = node.session.prompt else { continue }
            /// Tries a line; whether it was accepted, and whether the search is over.
            func attempt(_ line: String) -> (accepted: Bool, done: Bool) {
                var session = node.session
                let (events, items) = Self.enter(line, at: prompt, into: &session, tree: tree)
                // A refused line leaves the state as it was: seen already.
                let isNew = seen.insert(live.key(of: session)).inserted
                if isNew || (!items.isEmpty && keepingRevisits(items)) {
                    nodes.append(SearchNode(session: session, parent: next - 1, line: line, depth: node.depth + 1, expands: isNew))
                    if visit(nodes.count - 1, session, items) { return (true, true) }
                }
                return (!events.contains(where: \.isRefusal), false)
            }
            for line in candidates.lines(for: prompt) {
                let (accepted, done) = attempt(line)
                if done { return }
                if accepted, candidates.oneAnswerSuffices(at: prompt) { break }
            }
            // Actions chosen before the fields are answered (`/ID`) are tried whatever the answers.
            for line in candidates.earlyActions(at: prompt) where attempt(line).done { return }
        }
    }

    /// The node and its ancestors, nearest first.
    func ancestors(of node: Int) -> [Int] {
        var chain = [node]
        while let parent = nodes[chain[chain.count - 1]].parent { chain.append(parent) }
        return chain
    }

    /// The input lines from the start to `node`.
    func lines(to node: Int) -> [String] {
        ancestors(of: node).dropLast().reversed().map { nodes[$0].line }
    }

    /// Feeds one line as plain mode would; returns its events and what they exercised.
    static func enter(_ line: String, at prompt: Prompt, into session: inout Session, tree: ResponderTree) -> ([SessionEvent], [CoverageItem]) {
        switch prompt {
        case .field:
            let screen = session.currentScreen
            let entered = FieldLine(line)
            let events = session.enter(entered)
            guard case .action(let action) = entered else { return (events, CoverageItem.exercised(by: events, on: nil, in: tree)) }
            return (events, CoverageItem.exercised(by: events, action: action, on: screen, in: tree))
        case .action(let actions):
            let screen = session.currentScreen
            let action = actions.actionID(forLine: line)
            let events = session.perform(action)
            return (events, CoverageItem.exercised(by: events, action: action, on: screen, in: tree))
        case .ended:
            return ([], [])
        }
    }

    /// The shortest input that ends the run from `session`, or none within a small bound.
    func ending(from session: Session) -> [String] {
        guard session.outcome == nil else { return [] }
        var search = StateSearch(tree: tree, live: live, candidates: candidates, maxStates: 5_000, maxDepth: 20)
        var ended: Int?
        search.search(from: session) { node, reached, _ in
            if reached.outcome != nil { ended = node }
            return ended != nil
        }
        return ended.map(search.lines) ?? []
    }
}
