/// The screens a run can show and where each can lead, found without running
/// anything: actions are routed along the responder chain as the runtime routes
/// them, taking every branch (conditions are not evaluated).
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
        case back
    }

    let index: FlowIndex
    private(set) var reachable: Set<ScreenRef> = []
    /// For each reachable screen, the screens (or the end of the run) it can lead to.
    private(set) var successors: [ScreenRef: Set<Target>] = [:]
    /// Screens that push a screen or present a child flow, keyed by what they push.
    private var pushers: [PushKey: Set<ScreenRef>] = [:]
    /// Child flows started as a flow's start or by `replace`: finishing them leaves the parent with nothing shown.
    private var activeChildren: Set<Int> = []

    /// An action offered to a responder, to follow each `send` loop once.
    private struct Dispatch: Hashable {
        var action: String
        var responder: FlowIndex.Responder
    }

    private enum PushKey: Hashable {
        case screen(ScreenRef)
        case flow(Int)
    }

    init(_ index: FlowIndex) {
        self.index = index
        activeChildren = Set(index.flows.indices.filter { flow in
            guard let parent = index.flows[flow].parent, let start = index.flows[parent].flow.start?.value else { return false }
            return start == index.flows[flow].flow.id.value
        })
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
        var outcomes: [Outcome] = []
        var visited: Set<Dispatch> = []
        for action in shown.actions {
            outcomes += route(action.id.value, from: responder, at: screen, visited: &visited)
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
        case .back:
            for previous in backTargets(of: screen) { targets.insert(.screen(previous)) }
        case .finished(let flow):
            guard finished.insert(flow).inserted else { return }
            guard let parent = index.flows[flow].parent else {
                targets.insert(.end)
                return
            }
            for presenter in pushers[.flow(flow)] ?? [] { targets.insert(.screen(presenter)) }
            let done = route("\(index.flows[flow].flow.id.value).done", from: .flow(parent), at: screen, visited: &visited)
            for next in done { resolve(next, from: screen, into: &targets, finished: &finished, visited: &visited) }
            if activeChildren.contains(flow) {
                resolve(.finished(flow: parent), from: screen, into: &targets, finished: &finished, visited: &visited)
            }
        }
    }

    /// Where `back` from a screen leads: the screens that pushed it, or, for the
    /// first screen of a presented flow, the screens that presented the flow.
    private func backTargets(of screen: ScreenRef) -> Set<ScreenRef> {
        var targets = pushers[.screen(screen)] ?? []
        if entryScreens(of: screen.flow).contains(screen) { targets.formUnion(pushers[.flow(screen.flow)] ?? []) }
        return targets
    }

    /// The outcomes of dispatching `action` at `responder` while `screen` is shown.
    private mutating func route(_ action: String, from responder: FlowIndex.Responder?, at screen: ScreenRef,
                                visited: inout Set<Dispatch>) -> [Outcome] {
        guard let responder else { return [] }
        guard visited.insert(Dispatch(action: action, responder: responder)).inserted else { return [] }
        let handlers = index.route(action, from: responder)
        if handlers.isEmpty {
            switch action {
            case "quit": return [.end]
            case "back": return [.back]
            default: return []
            }
        }
        var outcomes: [Outcome] = []
        for (handler, found) in handlers {
            let flow = index.handlingFlow(of: handler)
            for branch in found.branches {
                switch branch.transition?.value {
                case .push(let target)?:
                    outcomes += show(target, in: flow, pushedFrom: screen)
                case .replace(let target)?:
                    if let child = index.child(of: flow, named: target) { activeChildren.insert(child) }
                    outcomes += show(target, in: flow, pushedFrom: nil)
                case .back?: outcomes.append(.back)
                case .send(let next)?: outcomes += route(next, from: index.next(of: handler), at: screen, visited: &visited)
                case .finish?: outcomes.append(.finished(flow: flow))
                case .exit?: outcomes.append(.end)
                case nil: break
                }
            }
        }
        return outcomes
    }

    private mutating func show(_ target: String, in flow: Int, pushedFrom pusher: ScreenRef?) -> [Outcome] {
        if let screen = index.screen(of: flow, named: target) {
            let ref = ScreenRef(flow: flow, screen: screen)
            if let pusher { pushers[.screen(ref), default: []].insert(pusher) }
            return [.show(ref)]
        }
        guard let child = index.child(of: flow, named: target) else { return [] }
        if let pusher { pushers[.flow(child), default: []].insert(pusher) }
        return entryScreens(of: child).map(Outcome.show)
    }
}
