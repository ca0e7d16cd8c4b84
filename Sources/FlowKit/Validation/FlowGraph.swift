/// The screens a run can show and where each can lead, found without running
/// anything: actions are routed along the responder chain as the runtime routes
/// them, taking every branch (conditions are not evaluated).
///
/// The built-ins count as the run counts them: a listed `quit` ends the run, a listed
/// `back` leads back; a built-in the user types without its being listed reaches the
/// handlers written for it, but its application fallback is not counted as a way out
/// (spec §12: a *listed* `quit` is an end of the run).
struct FlowGraph {
    struct ScreenRef: Hashable {
        var flow: Int
        var screen: Int
    }

    /// Where an action can take the user.
    enum Target: Hashable {
        case screen(ScreenRef)
        case end
    }

    private enum Outcome: Hashable {
        case show(ScreenRef)
        case end
        case finished(flow: Int)
        /// `back`, popping from this flow upwards.
        case back(from: Int)
    }

    let index: FlowIndex
    private(set) var reachable: Set<ScreenRef> = []
    /// For each reachable screen, the screens (or the end of the run) it can lead to.
    private(set) var successors: [ScreenRef: Set<Target>] = [:]
    /// Screens that push a screen or present a child flow, keyed by what they push.
    private var pushers: [PushKey: Set<ScreenRef>] = [:]
    /// Child flows started as a flow's `start` or by `replace`: finishing one leaves its
    /// parent with nothing shown, so the parent finishes too.
    private let activeChildren: Set<Int>

    private enum PushKey: Hashable {
        case screen(ScreenRef)
        case flow(Int)
    }

    /// An action offered to a responder, to follow each `send` loop once.
    private struct Dispatch: Hashable {
        var action: String
        var responder: FlowIndex.Responder
    }

    init(_ index: FlowIndex) {
        self.index = index
        activeChildren = Self.activeChildren(in: index)
        var pending = entryScreens(of: 0)
        reachable = Set(pending)
        var outcomes: [ScreenRef: [Outcome]] = [:]
        while let screen = pending.popLast() {
            let screenOutcomes = self.outcomes(of: screen)
            outcomes[screen] = screenOutcomes
            for target in resolve(screenOutcomes, from: screen) {
                if case .screen(let next) = target, reachable.insert(next).inserted { pending.append(next) }
            }
        }
        // Pushers are complete now, so `back` and a presented flow's finish resolve fully.
        for (screen, screenOutcomes) in outcomes { successors[screen] = resolve(screenOutcomes, from: screen) }
    }

    /// Reachable screens from which no path leads to an end of the run.
    var deadEnds: Set<ScreenRef> {
        var predecessors: [ScreenRef: [ScreenRef]] = [:]
        var ending: [ScreenRef] = []
        for (screen, targets) in successors {
            for target in targets {
                switch target {
                case .end: ending.append(screen)
                case .screen(let next): predecessors[next, default: []].append(screen)
                }
            }
        }
        var canEnd = Set(ending)
        var pending = ending
        while let screen = pending.popLast() {
            for previous in predecessors[screen] ?? [] where canEnd.insert(previous).inserted { pending.append(previous) }
        }
        return reachable.subtracting(canEnd)
    }

    /// Whether any branch pushes the screen (so it is not always the bottom of its stack).
    func isPushed(_ screen: ScreenRef) -> Bool { !(pushers[.screen(screen)] ?? []).isEmpty }

    /// Flows that are their parent's `start`, or that a branch of their parent replaces in.
    private static func activeChildren(in index: FlowIndex) -> Set<Int> {
        var active: Set<Int> = []
        for parent in index.flows.indices {
            let flow = index.flows[parent].flow
            if let start = flow.start?.value, let child = index.child(of: parent, named: start) { active.insert(child) }
            let responders = [FlowIndex.Responder.flow(parent)] + flow.screens.indices.map { .screen(flow: parent, screen: $0) }
            for responder in responders {
                for handler in index.handlers(of: responder) {
                    for branch in handler.branches {
                        if case .replace(let target)? = branch.transition?.value, let child = index.child(of: parent, named: target) {
                            active.insert(child)
                        }
                    }
                }
            }
        }
        return active
    }

    // MARK: Routing

    private func entryScreens(of flow: Int, visited: Set<Int> = []) -> [ScreenRef] {
        guard !visited.contains(flow), let start = index.flows[flow].flow.start?.value else { return [] }
        if let screen = index.screen(of: flow, named: start) {
            return [ScreenRef(flow: flow, screen: screen)]
        }
        guard let child = index.child(of: flow, named: start) else { return [] }
        return entryScreens(of: child, visited: visited.union([flow]))
    }

    /// What the screen's actions (and its being terminal) can do, before `back` and
    /// finishing flows are resolved to screens.
    private mutating func outcomes(of screen: ScreenRef) -> [Outcome] {
        let shown = index.screen(screen.flow, screen.screen)
        let responder = FlowIndex.Responder.screen(flow: screen.flow, screen: screen.screen)
        let listed = Set(shown.actions.map(\.id.value))
        var outcomes: [Outcome] = []
        var visited: Set<Dispatch> = []
        for action in shown.actions {
            outcomes += route(action.id.value, from: responder, pushedFrom: [screen], fallback: true, visited: &visited)
        }
        for builtIn in ActionEntry.builtIns where !listed.contains(builtIn) {
            outcomes += route(builtIn, from: responder, pushedFrom: [screen], fallback: false, visited: &visited)
        }
        if shown.isTerminal { outcomes.append(.finished(flow: screen.flow)) }
        return outcomes
    }

    private mutating func resolve(_ outcomes: [Outcome], from screen: ScreenRef) -> Set<Target> {
        var targets: Set<Target> = []
        var finished: Set<Int> = []
        var visited: Set<Dispatch> = []
        for outcome in outcomes { resolve(outcome, from: screen, into: &targets, finished: &finished, visited: &visited) }
        return targets
    }

    private mutating func resolve(_ outcome: Outcome, from screen: ScreenRef, into targets: inout Set<Target>,
                                  finished: inout Set<Int>, visited: inout Set<Dispatch>) {
        switch outcome {
        case .show(let next): targets.insert(.screen(next))
        case .end: targets.insert(.end)
        case .back(let flow):
            for previous in backTargets(of: screen, from: flow) { targets.insert(.screen(previous)) }
        case .finished(let flow):
            guard finished.insert(flow).inserted else { return }
            guard let parent = index.flows[flow].parent else {
                targets.insert(.end)
                return
            }
            // A presented flow uncovers the screens that presented it; its `done` handler
            // runs there, so what that handler pushes, it pushes over them.
            let uncovered = pushers[.flow(flow)] ?? []
            for presenter in uncovered { targets.insert(.screen(presenter)) }
            let done = route("\(index.flows[flow].flow.id.value).done", from: .flow(parent), pushedFrom: uncovered,
                             fallback: false, visited: &visited)
            for next in done { resolve(next, from: screen, into: &targets, finished: &finished, visited: &visited) }
            if activeChildren.contains(flow) {
                resolve(.finished(flow: parent), from: screen, into: &targets, finished: &finished, visited: &visited)
            }
        }
    }

    /// Where `back` from a screen leads, popping from `flow` up (spec §7): at each
    /// level, the screens that pushed the entry on display there (a screen, or a
    /// presented child flow).
    private func backTargets(of screen: ScreenRef, from flow: Int) -> Set<ScreenRef> {
        var entry = PushKey.screen(screen)
        if screen.flow != flow {
            // The child of `flow` through which the screen is shown.
            guard let child = index.ancestry(of: screen.flow).first(where: { index.flows[$0].parent == flow }) else { return [] }
            entry = .flow(child)
        }
        var targets: Set<ScreenRef> = []
        var current = flow
        while true {
            targets.formUnion(pushers[entry] ?? [])
            guard let parent = index.flows[current].parent else { return targets }
            entry = .flow(current)
            current = parent
        }
    }

    /// The outcomes of dispatching `action` at `responder`. Screens a branch pushes are
    /// recorded as pushed from `pushedFrom`. Where no handler always takes the action,
    /// it may reach the application: `fallback` says whether that counts.
    private mutating func route(_ action: String, from responder: FlowIndex.Responder?, pushedFrom: Set<ScreenRef>,
                                fallback: Bool, visited: inout Set<Dispatch>) -> [Outcome] {
        guard let responder else { return [] }
        guard visited.insert(Dispatch(action: action, responder: responder)).inserted else { return [] }
        let handlers = index.route(action, from: responder)
        var outcomes: [Outcome] = []
        for (handler, found) in handlers {
            let flow = index.handlingFlow(of: handler)
            for branch in found.branches {
                switch branch.transition?.value {
                case .push(let target)?:
                    outcomes += show(target, in: flow, pushedFrom: pushedFrom)
                case .replace(let target)?:
                    outcomes += show(target, in: flow, pushedFrom: [])
                case .back?: outcomes.append(.back(from: flow))
                case .send(let next)?:
                    outcomes += route(next, from: index.next(of: handler), pushedFrom: pushedFrom, fallback: true, visited: &visited)
                case .finish?: outcomes.append(.finished(flow: flow))
                case .exit?: outcomes.append(.end)
                case nil: break
                }
            }
        }
        if fallback, !handlers.contains(where: { $0.handler.alwaysHandles }) {
            switch action {
            case "quit": outcomes.append(.end)
            case "back":
                if case .screen(let flow, _) = responder { outcomes.append(.back(from: flow)) }
            default: break
            }
        }
        return outcomes
    }

    private mutating func show(_ target: String, in flow: Int, pushedFrom: Set<ScreenRef>) -> [Outcome] {
        if let screen = index.screen(of: flow, named: target) {
            let ref = ScreenRef(flow: flow, screen: screen)
            pushers[.screen(ref), default: []].formUnion(pushedFrom)
            return [.show(ref)]
        }
        guard let child = index.child(of: flow, named: target) else { return [] }
        pushers[.flow(child), default: []].formUnion(pushedFrom)
        return entryScreens(of: child).map(Outcome.show)
    }
}
