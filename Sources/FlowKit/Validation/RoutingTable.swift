/// The responder tree of a `FlowIndex` with its names resolved to numbers, for walks
/// that route every action of every screen (`FlowGraph`): finding a responder's handler
/// is then one integer lookup rather than a string's, and each transition's target has
/// been looked up once, not once per route.
///
/// Responders are numbered flows first, then screens: flow `f` is `f`, and the screen
/// numbered `s` among all screens (`FlowIndex.globalScreen`) is `flowCount + s`.
struct RoutingTable {
    /// Where a `push` or `replace` leads, resolved in the handling flow.
    enum Destination {
        case screen(Int)
        case flow(Int)
        /// A name that is neither: `unknown-target` reports it.
        case nowhere
    }

    /// The transition of one branch.
    enum Step {
        case push(Destination)
        case replace(Destination)
        case back
        /// An action that no responder of the tree handles sends nowhere (nil).
        case send(action: Int?)
        case finish
        case exit
    }

    struct RoutedHandler {
        let responder: Int
        /// The flow whose screens and child flows the transitions name (spec §7).
        let handlingFlow: Int
        /// The transitions of the branches that have one, in order.
        let steps: [Step]
        /// Whether some branch always holds, so the action goes no farther.
        let alwaysHandles: Bool
    }

    /// The built-in actions' numbers: every name is numbered after them.
    static let quit = 0, back = 1
    static let builtIns = [quit, back]

    let flowCount: Int
    /// Per flow: its parent, or nil for the root.
    let parents: [Int?]
    /// Per screen: the flow it belongs to.
    let screenFlows: [Int]
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
    /// The handler of each (responder, action) pair by `pairNumber`: the first one
    /// written, as at run time.
    private let handlerByKey: [Int: Int]
    private let actionNumbers: [String: Int]

    init(_ index: FlowIndex) {
        flowCount = index.flows.count
        parents = index.flows.map(\.parent)
        var actionNumbers: [String: Int] = ["quit": Self.quit, "back": Self.back]
        // By index rather than by element throughout: reading a property of an element in
        // place does not copy (and retain every field of) the whole flow, screen or handler.
        var responders: [(responder: Int, handlingFlow: Int, handlers: [Handler])] = []
        var screenFlows: [Int] = []
        screenFlows.reserveCapacity(index.screenCount)
        for position in index.flows.indices {
            responders.append((position, position, index.flows[position].flow.handlers))
            for screen in index.flows[position].flow.screens.indices {
                responders.append((flowCount + index.globalScreen(position, screen), position,
                                   index.flows[position].flow.screens[screen].handlers))
                screenFlows.append(position)
            }
        }
        for (_, _, handlers) in responders {
            for handler in handlers.indices where actionNumbers[handlers[handler].action.value] == nil {
                actionNumbers[handlers[handler].action.value] = actionNumbers.count
            }
        }
        self.actionNumbers = actionNumbers
        self.screenFlows = screenFlows

        var handlers: [RoutedHandler] = []
        var handlerByKey: [Int: Int] = [:]
        for (responder, handlingFlow, written) in responders {
            for handler in written.indices {
                guard let action = actionNumbers[written[handler].action.value] else { continue }
                let key = Self.pairNumber(responder, action, actionCount: actionNumbers.count)
                guard handlerByKey[key] == nil else { continue }
                handlerByKey[key] = handlers.count
                let steps = written[handler].branches.compactMap { branch in
                    branch.transition.map { Self.step($0.value, in: handlingFlow, of: index, actionNumbers: actionNumbers) }
                }
                handlers.append(RoutedHandler(responder: responder, handlingFlow: handlingFlow, steps: steps,
                                              alwaysHandles: written[handler].alwaysHandles))
            }
        }
        self.handlers = handlers
        self.handlerByKey = handlerByKey

        startedChildren = index.flows.indices.map { flow in
            index.flows[flow].flow.start.flatMap { start in
                index.screen(of: flow, named: start.value) == nil ? index.child(of: flow, named: start.value) : nil
            }
        }
        entryScreens = index.flows.indices.map { Self.entryScreen(of: $0, in: index) }
        var offeredActions: [[Int]] = []
        var terminalScreens: [Bool] = []
        offeredActions.reserveCapacity(index.screenCount)
        terminalScreens.reserveCapacity(index.screenCount)
        for flow in index.flows.indices {
            for screen in index.flows[flow].flow.screens.indices {
                offeredActions.append(index.flows[flow].flow.screens[screen].actions.compactMap { actionNumbers[$0.id.value] })
                terminalScreens.append(index.flows[flow].flow.screens[screen].isTerminal)
            }
        }
        self.offeredActions = offeredActions
        self.terminalScreens = terminalScreens
        doneActions = index.flows.map { actionNumbers["\($0.flow.id.value).done"] }
    }

    var screenCount: Int { screenFlows.count }

    /// How many actions are numbered: the built-ins and every action some responder handles.
    var actionCount: Int { actionNumbers.count }

    /// The number of an action that is built in or that some responder handles.
    func actionNumber(_ name: String) -> Int? { actionNumbers[name] }

    func responder(ofScreen screen: Int) -> Int { flowCount + screen }

    /// The screen a responder is, or nil for a flow.
    func screen(ofResponder responder: Int) -> Int? { responder >= flowCount ? responder - flowCount : nil }

    /// The next responder: a screen's flow, a flow's parent, or nil past the root.
    func next(of responder: Int) -> Int? {
        screen(ofResponder: responder).map { screenFlows[$0] } ?? parents[responder]
    }

    /// The number of the responder's handler for `action`, if it has one.
    func handler(for action: Int, at responder: Int) -> Int? { handlerByKey[pairNumber(responder, action)] }

    /// A number for each (responder, action) pair, distinct from every other pair's.
    func pairNumber(_ responder: Int, _ action: Int) -> Int { Self.pairNumber(responder, action, actionCount: actionCount) }

    private static func pairNumber(_ responder: Int, _ action: Int, actionCount: Int) -> Int { responder * actionCount + action }

    private static func step(_ transition: Transition, in flow: Int, of index: FlowIndex,
                             actionNumbers: [String: Int]) -> Step {
        switch transition {
        case .push(let target): .push(destination(target, in: flow, of: index))
        case .replace(let target): .replace(destination(target, in: flow, of: index))
        case .back: .back
        case .send(let action): .send(action: actionNumbers[action])
        case .finish: .finish
        case .exit: .exit
        }
    }

    private static func destination(_ target: String, in flow: Int, of index: FlowIndex) -> Destination {
        if let screen = index.screen(of: flow, named: target) { return .screen(index.globalScreen(flow, screen)) }
        return index.child(of: flow, named: target).map(Destination.flow) ?? .nowhere
    }

    /// The screen a flow's `start` leads to, following child flows' starts down.
    private static func entryScreen(of flow: Int, in index: FlowIndex) -> Int? {
        var current = flow
        while let start = index.flows[current].flow.start?.value {
            if let screen = index.screen(of: current, named: start) { return index.globalScreen(current, screen) }
            // A child comes after its parent in `flows`, so this walk always ends.
            guard let child = index.child(of: current, named: start) else { return nil }
            current = child
        }
        return nil
    }
}
