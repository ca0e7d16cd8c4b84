/// The screens a run can show and where each can lead, found without running
/// anything: actions are routed along the responder chain as the runtime routes
/// them, taking every branch (conditions are not evaluated).
///
/// The built-ins count as the run counts them: a listed `quit` ends the run, a listed
/// `back` leads back; a built-in the user types without its being listed reaches the
/// handlers written for it, but its application fallback is not counted as a way out
/// (spec §12: a *listed* `quit` is an end of the run).
///
/// Screens are numbered as `FlowIndex.globalScreen` numbers them, and the walk runs on
/// a `RoutingTable`, so that a file with tens of thousands of screens is walked with
/// integers rather than names.
struct FlowGraph {
    private enum Outcome {
        case show(screen: Int)
        case end
        case finished(flow: Int)
        /// `back`, popping from this flow upwards.
        case back(from: Int)
    }

    /// What a screen can lead to, once `back` and finishing flows are resolved.
    private struct Successors {
        var screens: [Int] = []
        var endsRun = false
    }

    /// The responder tree the walk ran on, for other checks of the same tree.
    let table: RoutingTable
    private var isReachable: [Bool]
    private var successors: [Successors]
    /// The screens that push a screen, or present a child flow, by what they push.
    private var screenPushers: [Set<Int>]
    private var flowPushers: [Set<Int>]
    /// Child flows started as a flow's `start` or by `replace`: finishing one leaves its
    /// parent with nothing shown, so the parent finishes too.
    let activeChildren: [Bool]
    /// The (responder, action) pairs routed for the screen at hand, to follow each
    /// `send` loop once; kept between screens for its storage.
    private var dispatched: Set<Int> = []
    /// Marks of the targets and finished flows collected for the screen at hand: an entry
    /// equal to `resolution` was collected during the current resolution.
    private var resolution = 0
    private var collectedScreens: [Int]
    private var finishedFlows: [Int]

    init(_ index: FlowIndex) {
        table = RoutingTable(index)
        isReachable = Array(repeating: false, count: table.screenCount)
        successors = Array(repeating: Successors(), count: table.screenCount)
        screenPushers = Array(repeating: [], count: table.screenCount)
        flowPushers = Array(repeating: [], count: table.flowCount)
        collectedScreens = Array(repeating: 0, count: table.screenCount)
        finishedFlows = Array(repeating: 0, count: table.flowCount)
        activeChildren = Self.activeChildren(in: table)

        var outcomes: [[Outcome]] = Array(repeating: [], count: table.screenCount)
        var pending = table.entryScreens[0].map { [$0] } ?? []
        for screen in pending { isReachable[screen] = true }
        while let screen = pending.popLast() {
            outcomes[screen] = self.outcomes(of: screen)
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
        var predecessors: [[Int]] = Array(repeating: [], count: table.screenCount)
        var canEnd = Array(repeating: false, count: table.screenCount)
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

    /// Flows that are their parent's `start`, or that a branch of their parent replaces in.
    private static func activeChildren(in table: RoutingTable) -> [Bool] {
        var active = Array(repeating: false, count: table.flowCount)
        for case let child? in table.startedChildren { active[child] = true }
        // A destination is resolved in the handling flow, so a flow replaced in is its child.
        for handler in table.handlers {
            for case .replace(.flow(let child)) in handler.steps { active[child] = true }
        }
        return active
    }

    // MARK: Routing

    /// What the screen's actions (and its being terminal) can do, before `back` and
    /// finishing flows are resolved to screens.
    private mutating func outcomes(of screen: Int) -> [Outcome] {
        let responder = table.responder(ofScreen: screen)
        let offered = table.offeredActions[screen]
        var outcomes: [Outcome] = []
        dispatched.removeAll(keepingCapacity: true)
        for action in offered {
            route(action, from: responder, pushedFrom: [screen], fallback: true, into: &outcomes)
        }
        for builtIn in RoutingTable.builtIns where !offered.contains(builtIn) {
            route(builtIn, from: responder, pushedFrom: [screen], fallback: false, into: &outcomes)
        }
        if table.terminalScreens[screen] { outcomes.append(.finished(flow: table.screenFlows[screen])) }
        return outcomes
    }

    private mutating func resolve(_ outcomes: [Outcome], from screen: Int) -> Successors {
        resolution += 1
        dispatched.removeAll(keepingCapacity: true)
        var found = Successors()
        for outcome in outcomes { resolve(outcome, from: screen, into: &found) }
        return found
    }

    private mutating func resolve(_ outcome: Outcome, from screen: Int, into found: inout Successors) {
        switch outcome {
        case .show(let next): collect(next, into: &found)
        case .end: found.endsRun = true
        case .back(let flow):
            for previous in backTargets(of: screen, from: flow) { collect(previous, into: &found) }
        case .finished(let flow):
            guard finishedFlows[flow] != resolution else { return }
            finishedFlows[flow] = resolution
            guard let parent = table.parents[flow] else {
                found.endsRun = true
                return
            }
            // A presented flow uncovers the screens that presented it; its `done` handler
            // runs there, so what that handler pushes, it pushes over them.
            let uncovered = Array(flowPushers[flow])
            for presenter in uncovered { collect(presenter, into: &found) }
            if let done = table.doneActions[flow] {
                var next: [Outcome] = []
                route(done, from: parent, pushedFrom: uncovered, fallback: false, into: &next)
                for outcome in next { resolve(outcome, from: screen, into: &found) }
            }
            if activeChildren[flow] { resolve(.finished(flow: parent), from: screen, into: &found) }
        }
    }

    private mutating func collect(_ screen: Int, into found: inout Successors) {
        guard collectedScreens[screen] != resolution else { return }
        collectedScreens[screen] = resolution
        found.screens.append(screen)
    }

    /// Where `back` from a screen leads, popping from `flow` up (spec §7): at each
    /// level, the screens that pushed the entry on display there (a screen, or a
    /// presented child flow).
    private func backTargets(of screen: Int, from flow: Int) -> [Int] {
        var targets: Set<Int>
        var current = table.screenFlows[screen]
        if current == flow {
            targets = screenPushers[screen]
        } else {
            // The child of `flow` through which the screen is shown.
            while table.parents[current] != flow {
                guard let parent = table.parents[current] else { return [] }
                current = parent
            }
            targets = flowPushers[current]
        }
        current = flow
        while let parent = table.parents[current] {
            targets.formUnion(flowPushers[current])
            current = parent
        }
        return Array(targets)
    }

    /// Adds the outcomes of dispatching `action` at `responder`. Screens a branch pushes
    /// are recorded as pushed from `pushedFrom`. Where no handler always takes the
    /// action, it may reach the application: `fallback` says whether that counts.
    private mutating func route(_ action: Int, from responder: Int, pushedFrom: [Int], fallback: Bool,
                                into outcomes: inout [Outcome]) {
        guard dispatched.insert(table.pairNumber(responder, action)).inserted else { return }
        var candidate: Int? = responder
        var alwaysHandled = false
        while let current = candidate, !alwaysHandled {
            candidate = table.next(of: current)
            guard let found = table.handler(for: action, at: current) else { continue }
            let handler = table.handlers[found]
            for step in handler.steps {
                switch step {
                case .push(let destination): show(destination, pushedFrom: pushedFrom, into: &outcomes)
                case .replace(let destination): show(destination, pushedFrom: [], into: &outcomes)
                case .back: outcomes.append(.back(from: handler.handlingFlow))
                case .send(let next?):
                    if let above = table.next(of: handler.responder) {
                        route(next, from: above, pushedFrom: pushedFrom, fallback: true, into: &outcomes)
                    }
                case .send(nil): break
                case .finish: outcomes.append(.finished(flow: handler.handlingFlow))
                case .exit: outcomes.append(.end)
                }
            }
            alwaysHandled = handler.alwaysHandles
        }
        guard fallback, !alwaysHandled else { return }
        switch action {
        case RoutingTable.quit: outcomes.append(.end)
        case RoutingTable.back:
            if let screen = table.screen(ofResponder: responder) { outcomes.append(.back(from: table.screenFlows[screen])) }
        default: break
        }
    }

    private mutating func show(_ destination: RoutingTable.Destination, pushedFrom: [Int], into outcomes: inout [Outcome]) {
        switch destination {
        case .screen(let screen):
            screenPushers[screen].formUnion(pushedFrom)
            outcomes.append(.show(screen: screen))
        case .flow(let child):
            flowPushers[child].formUnion(pushedFrom)
            if let entry = table.entryScreens[child] { outcomes.append(.show(screen: entry)) }
        case .nowhere: break
        }
    }
}
