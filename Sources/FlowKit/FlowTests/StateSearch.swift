import FlowYAML
import FlowExpressions

/// The breadth-first search behind `TestGenerator`: nodes are sessions, edges input lines.
struct StateSearch {
    struct SearchNode {
        var session: Session
        var parent: Int?
        var line: String
        var depth: Int
        /// False for a state seen before, kept only for what its line exercised.
        var expands = true
        /// The programs that do not succeed on the way here (`StateSearch.failures`), as
        /// stubs; every other one succeeds with no output.
        var stubs: [CommandStub] = []
    }

    let tree: ResponderTree
    let live: LiveValues
    let candidates: InputCandidates
    let maxStates: Int
    let maxDepth: Int
    private(set) var nodes: [SearchNode] = []

    /// Explores from the start until every wanted item is reached or a bound is hit;
    /// returns the first (shallowest) node that reached each item.
    mutating func explore(until wanted: Set<CoverageItem>) -> [CoverageItem: Int] {
        let starts = starts()
        var firstHits: [CoverageItem: Int] = [:]
        for (index, start) in starts.enumerated() {
            for item in start.exercised where firstHits[item] == nil { firstHits[item] = index }
        }
        search(from: starts.map(\.node), keepingRevisits: { items in items.contains { firstHits[$0] == nil } }) { node, _, items in
            for item in items where firstHits[item] == nil { firstHits[item] = node }
            return wanted.isSubset(of: firstHits.keys)
        }
        return firstHits
    }

    /// The run started, then started again with each program its start ran giving each
    /// of its `InputCandidates.otherResults`, where that leads to a state not seen before
    /// (a tag list read as the flow starts): the search's first nodes, with what each exercised.
    private func starts() -> [(node: SearchNode, exercised: [CoverageItem])] {
        func started(_ stubs: [CommandStub]) -> (node: SearchNode, exercised: [CoverageItem], events: [SessionEvent]) {
            var session = Session(tree: tree)
            session.fixedTime = FlowTestFile.defaultNow
            session.commandRunner = StubbedCommands(stubs: stubs, answersEverything: true)
            let events = session.start()
            return (SearchNode(session: session, parent: nil, line: "", depth: 0, stubs: stubs), CoverageItem.exercised(by: events, on: nil, in: tree), events)
        }
        let first = started([])
        var starts = [(first.node, first.exercised)]
        var seen: Set<[UInt8]> = [live.key(of: first.node.session)]
        for request in Self.succeeded(first.events) {
            for result in candidates.otherResults(of: request) {
                let variant = started([CommandStub(arguments: request.arguments, result: result, location: Self.nowhere)])
                if seen.insert(live.key(of: variant.node.session)).inserted { starts.append((variant.node, variant.exercised)) }
            }
        }
        return starts
    }

    /// Visits the states reachable from `roots`, nearest first, each once; `visit`
    /// sees every new node, its session, and what its line exercised, and returns true to stop.
    /// A line that leads back to a state seen before (a `say` that changes nothing) is
    /// visited too, without going on from it, when `keepingRevisits` wants what it exercised.
    /// A line that starts a program is tried again with each of the program's
    /// `InputCandidates.otherResults`, when `variesPrograms` says so, where that leads to a
    /// state not seen before (a branch reads its exit code or its output).
    mutating func search(from roots: [SearchNode], variesPrograms: Bool = true, keepingRevisits: ([CoverageItem]) -> Bool = { _ in false },
                         visit: (_ node: Int, _ session: Session, _ exercised: [CoverageItem]) -> Bool) {
        nodes = roots
        var seen = Set(roots.map { live.key(of: $0.session) })
        var next = 0
        // A signal (`Interruption`) ends the search as the bound does.
        while next < nodes.count, nodes.count < maxStates, !Interruption.isRequested {
            let node = nodes[next]
            next += 1
            guard node.expands, node.session.outcome == nil, node.depth < maxDepth, let prompt = node.session.prompt else { continue }
            /// Tries a line with these programs' outcomes; whether it was accepted, whether
            /// the search is over, and the programs it started that succeeded.
            func attempt(_ line: String, stubs: [CommandStub]) -> (accepted: Bool, done: Bool, succeeded: [CommandRequest]) {
                var session = node.session
                if stubs.count != node.stubs.count { session.commandRunner = StubbedCommands(stubs: stubs, answersEverything: true) }
                let (events, items) = Self.enter(line, at: prompt, into: &session, tree: tree)
                let succeeded = Self.succeeded(events)
                // A refused line leaves the state as it was: seen already.
                let isNew = seen.insert(live.key(of: session)).inserted
                if isNew || (!items.isEmpty && keepingRevisits(items)) {
                    nodes.append(SearchNode(session: session, parent: next - 1, line: line, depth: node.depth + 1, expands: isNew, stubs: stubs))
                    if visit(nodes.count - 1, session, items) { return (true, true, succeeded) }
                }
                return (SessionEvent.refusal(in: events) == nil, false, succeeded)
            }
            /// Tries a line, then again with each program it started, and no stub answers
            /// yet, giving each other result.
            func attempt(_ line: String) -> (accepted: Bool, done: Bool) {
                let first = attempt(line, stubs: node.stubs)
                guard !first.done, variesPrograms else { return (first.accepted, first.done) }
                for request in first.succeeded where !node.stubs.contains(where: { $0.arguments == request.arguments }) {
                    for result in candidates.otherResults(of: request) {
                        let stub = CommandStub(arguments: request.arguments, result: result, location: Self.nowhere)
                        if attempt(line, stubs: node.stubs + [stub]).done { return (first.accepted, true) }
                    }
                }
                return (first.accepted, false)
            }
            var answered = false
            for line in candidates.lines(for: prompt, in: node.session) {
                let (accepted, done) = attempt(line)
                if done { return }
                answered = answered || accepted
                if accepted, candidates.oneAnswerSuffices(at: prompt) { break }
            }
            // Actions chosen before the fields are answered (`/ID`) are tried whatever the answers.
            for line in candidates.earlyActions(at: prompt, builtIns: !answered) where attempt(line).done { return }
        }
    }

    /// The programs that ran and succeeded, in order.
    private static func succeeded(_ events: [SessionEvent]) -> [CommandRequest] {
        events.compactMap { event in
            guard case .commandRan(let request, let result) = event, result.exitCode == 0 else { return nil }
            return request
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

    /// The actions chosen on the way from the start to `node`, in order.
    func actions(to node: Int) -> [String] {
        ancestors(of: node).dropLast().reversed().compactMap { index in
            let line = nodes[index].line
            switch nodes[index].parent.flatMap({ nodes[$0].session.prompt }) {
            case .action?: return line
            case .field? where line.hasPrefix("/") && !line.hasPrefix("//"): return String(line.dropFirst())
            default: return nil
            }
        }
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
            let chosen = ActionLine(line, at: actions)
            let events = session.enter(chosen)
            return (events, CoverageItem.exercised(by: events, action: chosen.action, on: screen, in: tree))
        case .ended:
            return ([], [])
        }
    }

    private static let nowhere = SourceLocation(file: "", range: SourceRange(start: .start, end: .start))

    /// The shortest input that ends the run from `session`, or none within a small bound.
    func ending(from session: Session) -> [String] {
        guard session.outcome == nil else { return [] }
        var search = StateSearch(tree: tree, live: live, candidates: candidates, maxStates: 5_000, maxDepth: 20)
        var ended: Int?
        search.search(from: [SearchNode(session: session, parent: nil, line: "", depth: 0)], variesPrograms: false) { node, reached, _ in
            if reached.outcome != nil { ended = node }
            return ended != nil
        }
        return ended.map(search.lines) ?? []
    }
}
