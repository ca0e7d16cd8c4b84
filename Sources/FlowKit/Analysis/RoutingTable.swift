/// The one static model of routing (spec §7): which handlers, nearest first, an action
/// offered at a responder may reach, and what each of their branches does. The checks
/// (`ResponderChainCheck`, `GraphCheck` through `FlowGraph`), `flowrun chain` and
/// `flowrun graph` read it; the Session routes at run time, and a property test holds the
/// two to the same answers.
///
/// Responders are numbered flows first, then screens: flow `f` is `f`, and the screen
/// numbered `s` among all screens (`FlowIndex.globalScreen`, the compiler's numbering) is
/// `flowCount + s`. Actions are numbered too, so that a walk that routes every action of
/// every screen looks handlers up by integers.
struct RoutingTable: Sendable {
    /// The transition of one branch. A `push` or `replace` target is resolved in the
    /// handling flow; nil for a name that is neither a screen nor a child flow there
    /// (`unknown-target` reports it).
    enum Step: Sendable {
        case push(Target?)
        case replace(Target?)
        case back
        /// An action that no responder of the tree handles sends nowhere (nil).
        case send(action: Int?)
        case finish
        case exit
    }

    struct Branch: Sendable {
        /// The `when` as written; nil when the branch always holds.
        let condition: String?
        /// The transition; nil for a branch that makes none, after which the screen on
        /// display is shown again.
        let step: Step?
        /// A `for_each` of the transition, as `for each x in list` (spec §7 1.1).
        var repetition: String? = nil
        /// The notification the branch posts.
        var post: String? = nil
    }

    struct RoutedHandler: Sendable {
        let responder: Int
        /// The flow whose screens and child flows the transitions name.
        let handlingFlow: Int
        let branches: [Branch]
        /// Whether some branch always holds, so the action goes no farther.
        var alwaysHandles: Bool { branches.contains { $0.condition == nil } }
    }

    /// The built-in actions' numbers, their positions in `ActionEntry.builtIns`: every
    /// other name is numbered after them.
    static let back = 0, quit = 1
    static let builtIns = Array(ActionEntry.builtIns.indices)

    let flowCount: Int
    /// Per flow: its parent, or nil for the root.
    let parents: [Int?]
    /// Per screen: the flow it belongs to.
    let screenFlows: [Int]
    /// Per flow: its id.
    let flowIDs: [String]
    /// Per screen: its id.
    private let screenIDs: [String]
    /// Per flow: the child flow its `start` names, if it names one rather than a screen.
    let startedChildren: [Int?]
    /// Per flow: the screen its `start` shows, through the `start` of child flows it names.
    let entryScreens: [Int?]
    /// Per screen: the numbers of the actions it lists that some responder handles, or
    /// that are built in; an action nothing handles routes nowhere, so it is left out.
    let offeredActions: [[Int]]
    let terminalScreens: [Bool]
    /// Per flow: the number of `flowid.done`, if some responder handles it.
    let doneActions: [Int?]
    let handlers: [RoutedHandler]
    /// Each action's name, by number.
    let actionNames: [String]
    /// For each notification, the flows that observe it, in tree order.
    let observers: [String: [Int]]
    /// The handler of each (responder, action) pair by `pairNumber`: the first one
    /// written, as at run time.
    private let handlerByPair: [Int: Int]
    private let actionNumbers: [String: Int]

    init(_ index: FlowIndex) {
        flowCount = index.flows.count
        parents = index.flows.map(\.parent)
        var observers: [String: [Int]] = [:]
        for (position, entry) in index.flows.enumerated() {
            for observer in entry.flow.observers { observers[observer.action.value, default: []].append(position) }
        }
        self.observers = observers
        var responders: [(number: Int, handlingFlow: Int, handlers: [Handler])] = []
        var screenFlows: [Int] = []
        var screenIDs: [String] = []
        for (position, entry) in index.flows.enumerated() {
            responders.append((position, position, entry.flow.handlers))
            for screen in entry.flow.screens {
                responders.append((flowCount + screenFlows.count, position, screen.handlers))
                screenFlows.append(position)
                screenIDs.append(screen.id.value)
            }
        }
        flowIDs = index.flows.map(\.flow.id.value)
        self.screenIDs = screenIDs
        self.screenFlows = screenFlows

        var actionNames = ActionEntry.builtIns
        var actionNumbers = Dictionary(uniqueKeysWithValues: actionNames.enumerated().map { ($1, $0) })
        for responder in responders {
            for handler in responder.handlers where actionNumbers[handler.action.value] == nil {
                actionNumbers[handler.action.value] = actionNames.count
                actionNames.append(handler.action.value)
            }
        }
        self.actionNames = actionNames
        self.actionNumbers = actionNumbers

        var handlers: [RoutedHandler] = []
        var handlerByPair: [Int: Int] = [:]
        for responder in responders {
            for handler in responder.handlers {
                guard let action = actionNumbers[handler.action.value] else { continue }
                let pair = Self.pairNumber(responder.number, action, actionCount: actionNames.count)
                guard handlerByPair[pair] == nil else { continue }
                handlerByPair[pair] = handlers.count
                let branches = handler.branches.map { branch in
                    Branch(condition: branch.when?.value,
                           step: branch.transition.map { Self.step($0.value, in: responder.handlingFlow, of: index, actionNumbers: actionNumbers) },
                           repetition: branch.launch.flatMap { launch in
                               launch.forEach.map { "for each \(launch.element?.value ?? "element") in \($0.value)" }
                           },
                           post: branch.post?.value)
                }
                handlers.append(RoutedHandler(responder: responder.number, handlingFlow: responder.handlingFlow, branches: branches))
            }
        }
        self.handlers = handlers
        self.handlerByPair = handlerByPair

        startedChildren = index.flows.indices.map { flow in
            guard case .flow(let child)? = index.flows[flow].flow.start.flatMap({ index.target($0.value, in: flow) }) else { return nil }
            return child
        }
        entryScreens = index.flows.indices.map { Self.entryScreen(of: $0, in: index) }
        var offeredActions: [[Int]] = []
        var terminalScreens: [Bool] = []
        for entry in index.flows {
            for screen in entry.flow.screens {
                offeredActions.append(screen.actions.compactMap { actionNumbers[$0.id.value] })
                terminalScreens.append(screen.isTerminal)
            }
        }
        self.offeredActions = offeredActions
        self.terminalScreens = terminalScreens
        doneActions = index.flows.map { actionNumbers["\($0.flow.id.value).done"] }
    }

    var screenCount: Int { screenFlows.count }

    /// Every transition a branch makes, with the handler the branch belongs to.
    var steps: some Sequence<(handler: RoutedHandler, step: Step)> {
        handlers.lazy.flatMap { handler in handler.branches.lazy.compactMap { branch in branch.step.map { (handler, $0) } } }
    }

    /// How many actions are numbered: the built-ins and every action some responder handles.
    var actionCount: Int { actionNames.count }

    /// The number of an action that is built in or that some responder handles.
    func actionNumber(_ name: String) -> Int? { actionNumbers[name] }

    func responder(ofScreen screen: Int) -> Int { flowCount + screen }

    /// "screen 'id'" or "flow 'id'", as the runtime names responders.
    func name(of responder: Int) -> String {
        screen(ofResponder: responder).map { ResponderName.screen(screenIDs[$0]) } ?? ResponderName.flow(flowIDs[responder])
    }

    /// The screen a responder is, or nil for a flow.
    func screen(ofResponder responder: Int) -> Int? { responder >= flowCount ? responder - flowCount : nil }

    /// The next responder: a screen's flow, a flow's parent, or nil past the root.
    func next(of responder: Int) -> Int? {
        screen(ofResponder: responder).map { screenFlows[$0] } ?? parents[responder]
    }

    /// The responders an action offered at `responder` is shown to, nearest first; the
    /// application follows the last.
    func chain(from responder: Int) -> [Int] {
        var chain = [responder]
        while let next = next(of: chain[chain.count - 1]) { chain.append(next) }
        return chain
    }

    /// The handlers that may take `action` offered at `responder`, nearest first: each
    /// handler on the chain, up to one with a branch that always holds. An action is
    /// taken by the first branch, in this order, whose `when` holds.
    func route(_ action: Int, from responder: Int) -> [Int] {
        var found: [Int] = []
        var current: Int? = responder
        while let candidate = current {
            current = next(of: candidate)
            guard let handler = handlerByPair[pairNumber(candidate, action)] else { continue }
            found.append(handler)
            if handlers[handler].alwaysHandles { break }
        }
        return found
    }

    /// The handlers that may take the action named `action`; none when nothing handles it.
    func route(_ action: String, from responder: Int) -> [Int] {
        actionNumber(action).map { route($0, from: responder) } ?? []
    }

    /// Whether an action may pass every handler of `route` and reach the application.
    func reachesApplication(past route: [Int]) -> Bool {
        route.last.map { !handlers[$0].alwaysHandles } ?? true
    }

    /// A number for each (responder, action) pair, distinct from every other pair's.
    func pairNumber(_ responder: Int, _ action: Int) -> Int { Self.pairNumber(responder, action, actionCount: actionCount) }

    private static func pairNumber(_ responder: Int, _ action: Int, actionCount: Int) -> Int { responder * actionCount + action }

    private static func step(_ transition: Transition, in flow: Int, of index: FlowIndex,
                             actionNumbers: [String: Int]) -> Step {
        switch transition {
        case .push(let target): .push(index.target(target, in: flow))
        case .replace(let target): .replace(index.target(target, in: flow))
        case .back: .back
        case .send(let action): .send(action: actionNumbers[action])
        case .finish: .finish
        case .exit: .exit
        }
    }

    /// The screen a flow's `start` leads to, following child flows' starts down.
    private static func entryScreen(of flow: Int, in index: FlowIndex) -> Int? {
        var current = flow
        while let start = index.flows[current].flow.start?.value {
            switch index.target(start, in: current) {
            case .screen(let screen)?: return screen
            // A child comes after its parent in `flows`, so this walk always ends.
            case .flow(let child)?: current = child
            case nil: return nil
            }
        }
        return nil
    }
}
