import FlowYAML

/// The screens a run can show and where each can lead, found without running
/// anything: every action a reachable screen offers is routed through the compiled
/// tree's chain walk (`StaticRoute`), taking every branch (conditions are not evaluated).
///
/// The built-ins count as the run counts them: a listed `quit` ends the run, a listed
/// `back` leads back; a built-in the user types without its being listed reaches the
/// handlers written for it, but its application fallback is not counted as a way out
/// (spec §12: a *listed* `quit` is an end of the run).
struct FlowGraph {
    /// What one branch, or the application, does with an action offered on a screen,
    /// before `back` and finishing flows are resolved to screens.
    enum Outcome {
        case show(screen: Int)
        /// A branch without a transition: the screen on display is shown again.
        case stay
        case end
        case finished(flow: Int)
        /// `back`, popping from this flow upwards.
        case back(from: Int)
    }

    /// One dispatch on the way to an outcome: the action (nil for a screen's `enter`) and
    /// the handler branch that took it, or the application's fallback (`handler` nil).
    struct Hop {
        let action: Int?
        let handler: StaticRoute.Reached?
        let branch: Int

        /// The branch that took the action; nil for the application.
        var node: ResponderTree.BranchNode? { handler?.handler.branches[branch] }
    }

    /// An outcome with the dispatches that led to it: one, or more when branches `send`.
    struct Routed {
        let outcome: Outcome
        let hops: [Hop]
    }

    /// A node of the graph: a screen, a flow finishing, or the end of the run.
    typealias Node = FlowRoutes.Edge.Node

    /// What a screen can lead to, once `back` and finishing flows are resolved.
    private struct Successors {
        var screens: [Int] = []
        var endsRun = false
    }

    let tree: ResponderTree
    /// Whether each outcome keeps the dispatches that led to it, which only `edges()`
    /// reads: making and freeing them was 3% of `validate`'s time, and 6 MiB of its peak, on a 10 MB flow.
    private let recordsHops: Bool
    /// Per flow: the screen its `start` leads to (`ResponderTree.entryScreen`).
    private let entryScreens: [Int?]
    private var isReachable: [Bool]
    /// Per reachable screen: what its actions do.
    private var outcomes: [[Routed]]
    private var successors: [Successors]
    /// The screens that push a screen, or present a child flow, by what they push.
    private var screenPushers: [Set<Int>]
    private var flowPushers: [Set<Int>]
    /// Child flows started as a flow's `start` or by `replace`: finishing one leaves its
    /// parent with nothing shown, so the parent finishes too.
    let activeChildren: [Bool]
    /// Screens that can be the only entry of their flow's stack: a flow's start, or a
    /// screen replaced in. `back` from any other screen only pops it.
    private let bottomScreens: Set<Int>
    /// The targets and finished flows collected for the screen at hand.
    private var collectedScreens: Set<Int> = []
    private var finishedFlows: Set<Int> = []

    init(_ tree: ResponderTree, recordingHops: Bool = false) {
        self.tree = tree
        recordsHops = recordingHops
        entryScreens = tree.flows.indices.map { Self.entryScreen(of: $0, in: tree) }
        isReachable = Array(repeating: false, count: tree.screens.count)
        outcomes = Array(repeating: [], count: tree.screens.count)
        successors = Array(repeating: Successors(), count: tree.screens.count)
        screenPushers = Array(repeating: [], count: tree.screens.count)
        flowPushers = Array(repeating: [], count: tree.flows.count)
        activeChildren = Self.activeChildren(in: tree)
        bottomScreens = Self.bottomScreens(in: tree, entryScreens: entryScreens)

        var pending = entryScreens.first.flatMap { $0.map { [$0] } } ?? []
        for screen in pending { isReachable[screen] = true }
        while let screen = pending.popLast() {
            outcomes[screen] = outcomes(of: screen)
            for next in resolve(outcomes[screen], from: screen).screens where !isReachable[next] {
                isReachable[next] = true
                pending.append(next)
            }
        }
        // Pushers are complete now, so `back` and a presented flow's finish resolve fully.
        for screen in outcomes.indices where isReachable[screen] {
            successors[screen] = resolve(outcomes[screen], from: screen)
        }
    }

    /// The screens a path from the start of the run reaches, by global number.
    var reachableScreens: [Int] { isReachable.indices.filter { isReachable[$0] } }

    func isReachable(_ screen: Int) -> Bool { isReachable[screen] }

    /// Per screen: whether it is reachable and no path from it leads to an end of the run.
    var deadEnds: [Bool] {
        var predecessors: [[Int]] = Array(repeating: [], count: tree.screens.count)
        var canEnd = Array(repeating: false, count: tree.screens.count)
        var pending: [Int] = []
        for screen in successors.indices where isReachable[screen] {
            if successors[screen].endsRun {
                canEnd[screen] = true
                pending.append(screen)
            }
            for next in successors[screen].screens { predecessors[next].append(screen) }
        }
        while let screen = pending.popLast() {
            for previous in predecessors[screen] where !canEnd[previous] {
                canEnd[previous] = true
                pending.append(previous)
            }
        }
        return isReachable.indices.map { isReachable[$0] && !canEnd[$0] }
    }

    /// Whether any branch pushes the screen (so it is not always the bottom of its stack).
    func isPushed(_ screen: Int) -> Bool { !screenPushers[screen].isEmpty }

    /// The screen a flow's `start` shows, through the `start` of child flows it names.
    static func entryScreen(of flow: Int, in tree: ResponderTree) -> Int? {
        var current = flow
        while let start = tree.flows[current].start {
            switch start {
            case .screen(let screen): return screen
            // A child comes after its parent in `flows`, so this walk always ends.
            case .flow(let child): current = child
            }
        }
        return nil
    }

    /// Flows that are their parent's `start`, or that a branch of their parent replaces in.
    private static func activeChildren(in tree: ResponderTree) -> [Bool] {
        var active = Array(repeating: false, count: tree.flows.count)
        for case .flow(let child)? in tree.flows.map(\.start) { active[child] = true }
        // A destination is resolved in the handling flow, so a flow replaced in is its child.
        tree.forEachHandlerBranch { _, branch in
            if case .replace(.flow(let child)?)? = branch.transition { active[child] = true }
        }
        return active
    }

    private static func bottomScreens(in tree: ResponderTree, entryScreens: [Int?]) -> Set<Int> {
        var bottom = Set(tree.flows.indices.compactMap { flow -> Int? in
            if case .flow? = tree.flows[flow].start { return nil }
            return entryScreens[flow]
        })
        tree.forEachHandlerBranch { _, branch in
            if case .replace(.screen(let screen)?)? = branch.transition { bottom.insert(screen) }
        }
        return bottom
    }

    // MARK: Edges

    /// Every move a run can make between the nodes of the graph, from the screens a run
    /// reaches: each action a screen offers to each screen it can lead to (`back` to the
    /// screens it uncovers, a branch without a transition back to the same screen), a
    /// terminal screen to its flow finishing (no hops), and each flow finishing to what
    /// `finishMoves` says. The same moves the graph warnings resolve.
    func edges() -> [(from: Node, to: Node, hops: [Hop])] {
        assert(recordsHops, "edges() reads the hops of a graph made with recordingHops")
        var edges: [(from: Node, to: Node, hops: [Hop])] = []
        var finishing: Set<Int> = []
        for screen in outcomes.indices where isReachable[screen] {
            for routed in outcomes[screen] {
                for target in targets(of: routed.outcome, uncovering: [screen]) {
                    edges.append((.screen(screen), target, routed.hops))
                    if case .finished(let flow) = target { finishing.insert(flow) }
                }
            }
        }
        // Routing the `done` actions again records no pusher the walk has not recorded.
        var walk = self
        var moves: [Int: [(to: Node, hops: [Hop])]] = [:]
        var pending = Array(finishing)
        while let flow = pending.popLast() {
            let found = walk.finishMoves(of: flow)
            moves[flow] = found
            for case (.finished(let next), _) in found where finishing.insert(next).inserted { pending.append(next) }
        }
        // In tree order, so that the edges come in a stable order.
        for flow in finishing.sorted() {
            edges += (moves[flow] ?? []).map { (.finished(flow: flow), $0.to, $0.hops) }
        }
        return edges
    }

    /// Where a flow finishing leads (spec §8): the root ends the run; otherwise each
    /// branch of the parent's `done` handler leads where it leads from the screens the
    /// flow uncovers, and where a branch moves the user nowhere, or no branch may take
    /// `done`, the run shows those screens again, or, when the flow was its parent's only
    /// entry, the parent finishes too (those moves have no hops when no branch took it).
    private mutating func finishMoves(of flow: Int) -> [(to: Node, hops: [Hop])] {
        guard let parent = tree.flows[flow].parent else { return [(.end, [])] }
        let uncovered = flowPushers[flow].sorted()
        func shownAgain(_ hops: [Hop]) -> [(to: Node, hops: [Hop])] {
            uncovered.map { (Node.screen($0), hops) } + (activeChildren[flow] ? [(.finished(flow: parent), hops)] : [])
        }
        let done = tree.flows[flow].doneAction
        var routed: [Routed] = []
        route(done, from: .flow(parent), pushedFrom: uncovered, fallback: false, hops: [], onPath: [], into: &routed)
        var found: [(to: Node, hops: [Hop])] = []
        for routed in routed {
            if case .stay = routed.outcome {
                found += shownAgain(routed.hops)
            } else {
                found += targets(of: routed.outcome, uncovering: uncovered).map { ($0, routed.hops) }
            }
        }
        if StaticRoute(done, from: .flow(parent), in: tree).reachesApplication { found += shownAgain([]) }
        return found
    }

    /// The nodes an outcome leads to from `shown`, the screens on display: a branch
    /// without a transition shows them again, and `back` starts from them.
    private func targets(of outcome: Outcome, uncovering shown: [Int]) -> [Node] {
        switch outcome {
        case .show(let next): [.screen(next)]
        case .stay: shown.map(Node.screen)
        case .end: [.end]
        case .finished(let flow): [.finished(flow: flow)]
        case .back(let flow): shown.reduce(into: Set<Int>()) { $0.formUnion(backTargets(of: $1, from: flow)) }.sorted().map(Node.screen)
        }
    }

    // MARK: Routing

    /// What the screen's `enter` transitions (spec §5 1.2), its actions and its being
    /// terminal can do, before `back` and finishing flows are resolved to screens.
    private mutating func outcomes(of screen: Int) -> [Routed] {
        let node = tree.screens[screen]
        let offered = node.actions.map(\.number)
        var outcomes: [Routed] = []
        if let enter = node.enter {
            let reached = StaticRoute.Reached(responder: .screen(screen), handler: enter)
            // An `enter` branch without a transition leaves the screen to be shown: no move.
            for (position, branch) in enter.branches.enumerated() where branch.transition != nil {
                follow(branch, taken: extending([], with: Hop(action: nil, handler: reached, branch: position)), at: .screen(screen), pair: nil,
                       pushedFrom: [screen], onPath: [], into: &outcomes)
            }
        }
        for action in offered {
            route(action, from: .screen(screen), pushedFrom: [screen], fallback: true, hops: [], onPath: [], into: &outcomes)
        }
        for builtIn in [ResponderTree.BuiltIn.back, .quit].map(\.rawValue) where !offered.contains(builtIn) {
            route(builtIn, from: .screen(screen), pushedFrom: [screen], fallback: false, hops: [], onPath: [], into: &outcomes)
        }
        if node.isTerminal { outcomes.append(Routed(outcome: .finished(flow: node.flow), hops: [])) }
        return outcomes
    }

    private mutating func resolve(_ outcomes: [Routed], from screen: Int) -> Successors {
        collectedScreens.removeAll(keepingCapacity: true)
        finishedFlows.removeAll(keepingCapacity: true)
        var found = Successors()
        for routed in outcomes { resolve(routed.outcome, from: screen, into: &found) }
        return found
    }

    private mutating func resolve(_ outcome: Outcome, from screen: Int, into found: inout Successors) {
        switch outcome {
        case .show(let next): collect(next, into: &found)
        // Shown again: the screen itself, or the screens a finished flow uncovered, which
        // are collected with the finish.
        case .stay: break
        case .end: found.endsRun = true
        case .back(let flow):
            for previous in backTargets(of: screen, from: flow) { collect(previous, into: &found) }
        case .finished(let flow):
            guard finishedFlows.insert(flow).inserted else { return }
            for move in finishMoves(of: flow) {
                switch move.to {
                case .screen(let next): collect(next, into: &found)
                case .end: found.endsRun = true
                case .finished(let next): resolve(.finished(flow: next), from: screen, into: &found)
                }
            }
        }
    }

    private mutating func collect(_ screen: Int, into found: inout Successors) {
        guard collectedScreens.insert(screen).inserted else { return }
        found.screens.append(screen)
    }

    /// Where `back` from a screen leads, popping from `flow` up (spec §7): the screens
    /// that pushed the entry on display at that level (a screen, or a presented child
    /// flow), and, where that entry can also be the only one of its stack, the same one
    /// level up.
    private func backTargets(of screen: Int, from flow: Int) -> Set<Int> {
        var targets: Set<Int>
        var entryCanBeBottom: Bool
        var current = tree.screens[screen].flow
        if current == flow {
            targets = screenPushers[screen]
            entryCanBeBottom = bottomScreens.contains(screen)
        } else {
            // The child of `flow` through which the screen is shown.
            while tree.flows[current].parent != flow {
                guard let parent = tree.flows[current].parent else { return [] }
                current = parent
            }
            targets = flowPushers[current]
            entryCanBeBottom = activeChildren[current]
        }
        current = flow
        while entryCanBeBottom, let parent = tree.flows[current].parent {
            targets.formUnion(flowPushers[current])
            entryCanBeBottom = activeChildren[current]
            current = parent
        }
        return targets
    }

    /// Adds the outcomes of dispatching `action` at `responder`: follows it through every
    /// branch of each handler the chain walk reaches, and on through the actions those
    /// branches send, each path of sends once (a send of an action already dispatched from
    /// the same responder on the path is a loop, and ends there), so that every branch's
    /// guard labels its own path. Screens a branch pushes are recorded as pushed from
    /// `pushedFrom`. Where no handler always takes the action, it may reach the
    /// application: `fallback` says whether that counts. At most `maxOutcomes` paths are
    /// followed from one screen, against branches that multiply.
    private mutating func route(_ action: Int, from responder: ResponderTree.Responder?, pushedFrom: [Int], fallback: Bool, hops: [Hop],
                                onPath: Set<Pair>, into outcomes: inout [Routed]) {
        guard outcomes.count < Self.maxOutcomes else { return }
        let pair = responder.map { Pair(responder: $0, action: action) }
        if let pair, onPath.contains(pair) { return }
        // Past the root (nil) lies the application alone: only its fallback applies.
        let reaching = StaticRoute(action, from: responder, in: tree)
        for reached in reaching.handlers {
            for (position, branch) in reached.handler.branches.enumerated() {
                follow(branch, taken: extending(hops, with: Hop(action: action, handler: reached, branch: position)), at: reached.responder, pair: pair,
                       pushedFrom: pushedFrom, onPath: onPath, into: &outcomes)
            }
        }
        guard fallback, reaching.reachesApplication else { return }
        let application = extending(hops, with: Hop(action: action, handler: nil, branch: 0))
        switch ResponderTree.BuiltIn(rawValue: action) {
        case .quit?: outcomes.append(Routed(outcome: .end, hops: application))
        case .back?:
            if case .screen(let screen)? = responder {
                outcomes.append(Routed(outcome: .back(from: tree.screens[screen].flow), hops: application))
            }
        case nil: break
        }
    }

    /// `hops` and then `hop`, where the graph records hops; else none.
    private func extending(_ hops: [Hop], with hop: @autoclosure () -> Hop) -> [Hop] {
        recordsHops ? hops + [hop()] : []
    }

    /// Adds the outcomes of a branch of `responder` taken along `taken`; a `send` follows
    /// the path of sends on, `pair` being the dispatch that it took (nil for an `enter`).
    private mutating func follow(_ branch: ResponderTree.BranchNode, taken: [Hop], at responder: ResponderTree.Responder, pair: Pair?,
                                 pushedFrom: [Int], onPath: Set<Pair>, into outcomes: inout [Routed]) {
        let flow = tree.handlingFlow(of: responder)
        switch branch.transition {
        case nil: outcomes.append(Routed(outcome: .stay, hops: taken))
        case .push(let target)?: show(target, pushedFrom: pushedFrom, hops: taken, into: &outcomes)
        case .replace(let target)?: show(target, pushedFrom: [], hops: taken, into: &outcomes)
        case .back?: outcomes.append(Routed(outcome: .back(from: flow), hops: taken))
        case .send(let next)?:
            // The path is extended only here, where a send follows it.
            var path = onPath
            if let pair { path.insert(pair) }
            route(next, from: tree.next(of: responder), pushedFrom: pushedFrom, fallback: true, hops: taken, onPath: path, into: &outcomes)
        case .finish?: outcomes.append(Routed(outcome: .finished(flow: flow), hops: taken))
        case .exit?: outcomes.append(Routed(outcome: .end, hops: taken))
        }
    }

    /// An action offered at a responder, once on a path of sends.
    struct Pair: Hashable {
        let responder: ResponderTree.Responder
        let action: Int
    }

    /// The most paths one screen's actions are followed along (see `route`).
    static let maxOutcomes = 10_000

    private mutating func show(_ target: Target?, pushedFrom: [Int], hops: [Hop], into outcomes: inout [Routed]) {
        switch target {
        case .screen(let screen)?:
            screenPushers[screen].formUnion(pushedFrom)
            outcomes.append(Routed(outcome: .show(screen: screen), hops: hops))
        case .flow(let child)?:
            flowPushers[child].formUnion(pushedFrom)
            if let entry = entryScreens[child] { outcomes.append(Routed(outcome: .show(screen: entry), hops: hops)) }
        case nil: break
        }
    }
}
