/// The flow tree flattened, with parent links: the static view of the responder
/// tree that the checks walk (screen → its flow → parent flow → … → root → application).
///
/// A class, so that the checks and every scope made from it share one copy: copying a
/// struct of many arrays retains each, and on a large file the checks copy it often.
final class FlowIndex: Sendable {
    struct Entry {
        var flow: Flow
        var parent: Int?
    }

    /// A responder that may hold handlers: a screen (by flow and screen index) or a flow.
    enum Responder: Hashable {
        case screen(flow: Int, screen: Int)
        case flow(Int)
    }

    /// Flows in depth-first preorder; the root is 0, and a flow's descendants follow it.
    let flows: [Entry]
    /// One past the last descendant of each flow: its subtree is `flow..<subtreeEnd[flow]`.
    private let subtreeEnd: [Int]
    /// Per flow: the global number of its first screen. Screens are numbered flow by
    /// flow in the order of `flows`, as the compiler numbers them.
    private let screenOffsets: [Int]
    /// How many screens the tree has.
    let screenCount: Int
    /// Per flow: the positions in `flows` of its child flows, in the order written.
    private let children: [[Int]]
    /// Per flow: its child flows and its screens by id, and its handlers by action.
    private let childLookup: [FirstPositions]
    private let screenLookup: [FirstPositions]
    private let flowHandlerLookup: [FirstPositions]
    /// Per screen, by its global number: its handlers by action.
    private let screenHandlerLookup: [FirstPositions]
    /// Every flow of the tree by id (the first, where ids repeat), as `flowid.name` reads them.
    private let flowsByID: [String: Int]

    /// - Complexity: O(n) in the size of the tree; every lookup after it is O(1).
    init(root: Flow) {
        var flows: [Entry] = []
        var pending: [(Flow, Int?)] = [(root, nil)]
        while let (flow, parent) = pending.popLast() {
            flows.append(Entry(flow: flow, parent: parent))
            let index = flows.count - 1
            pending += flow.flows.reversed().map { ($0, index) }
        }
        var subtreeEnd = Array(1...flows.count)
        for index in flows.indices.reversed() {
            if let parent = flows[index].parent { subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[index]) }
        }
        var children: [[Int]] = Array(repeating: [], count: flows.count)
        for index in flows.indices {
            if let parent = flows[index].parent { children[parent].append(index) }
        }
        self.flows = flows
        self.subtreeEnd = subtreeEnd
        self.children = children
        var screenOffsets: [Int] = []
        screenOffsets.reserveCapacity(flows.count)
        var screenCount = 0
        for flow in flows.indices {
            screenOffsets.append(screenCount)
            screenCount += flows[flow].flow.screens.count
        }
        self.screenOffsets = screenOffsets
        self.screenCount = screenCount
        // By index rather than by element throughout: reading one property of an element
        // in place does not copy the whole flow, screen or handler.
        childLookup = flows.indices.map { flow in
            FirstPositions(count: children[flow].count) { flows[children[flow][$0]].flow.id.value }
        }
        screenLookup = flows.indices.map { flow in
            FirstPositions(count: flows[flow].flow.screens.count) { flows[flow].flow.screens[$0].id.value }
        }
        flowHandlerLookup = flows.indices.map { flow in
            FirstPositions(count: flows[flow].flow.handlers.count) { flows[flow].flow.handlers[$0].action.value }
        }
        var screenHandlerLookup: [FirstPositions] = []
        screenHandlerLookup.reserveCapacity(screenCount)
        for flow in flows.indices {
            for screen in flows[flow].flow.screens.indices {
                let handlers = flows[flow].flow.screens[screen].handlers
                screenHandlerLookup.append(FirstPositions(count: handlers.count) { handlers[$0].action.value })
            }
        }
        self.screenHandlerLookup = screenHandlerLookup
        var flowsByID: [String: Int] = Dictionary(minimumCapacity: flows.count)
        for flow in flows.indices where flowsByID[flows[flow].flow.id.value] == nil { flowsByID[flows[flow].flow.id.value] = flow }
        self.flowsByID = flowsByID
    }

    /// The flow and its descendants.
    func subtree(of flow: Int) -> Range<Int> { flow..<subtreeEnd[flow] }

    /// The flows split into at most `count` consecutive ranges, each with about as many
    /// screens and handlers as the others, to share work on them between threads; flows
    /// marked `skipped` count for nothing.
    func flowRanges(count: Int, skipping skipped: [Bool] = []) -> [Range<Int>] {
        let sizes = flows.indices.map { flow in
            skipped.isEmpty || !skipped[flow] ? 1 + flows[flow].flow.screens.count + flows[flow].flow.handlers.count : 0
        }
        let share = (sizes.reduce(0, +) + count - 1) / max(count, 1)
        var ranges: [Range<Int>] = []
        var start = 0, size = 0
        for flow in flows.indices {
            size += sizes[flow]
            if size >= share || flow == flows.count - 1 {
                ranges.append(start..<flow + 1)
                start = flow + 1
                size = 0
            }
        }
        return ranges
    }

    /// Per flow: whether it, or one of its ancestors, is the flow written at one of
    /// `locations`.
    func flowsWithin(_ locations: Set<SourceLocation>) -> [Bool] {
        var within: [Bool] = []
        within.reserveCapacity(flows.count)
        // Parents come before their children.
        for flow in flows.indices {
            within.append(locations.contains(flows[flow].flow.location) || flows[flow].parent.map { within[$0] } == true)
        }
        return within
    }

    /// The index of a screen of `flow` named `id`.
    func screen(of flow: Int, named id: String) -> Int? {
        let screens = flows[flow].flow.screens
        return screenLookup[flow].position(of: id, count: screens.count) { screens[$0].id.value }
    }

    var allScreens: [(flow: Int, screen: Int)] {
        flows.indices.flatMap { f in flows[f].flow.screens.indices.map { (f, $0) } }
    }

    func screen(_ flow: Int, _ screen: Int) -> Screen { flows[flow].flow.screens[screen] }

    /// The screen's number among all the tree's screens, `0..<screenCount`.
    func globalScreen(_ flow: Int, _ screen: Int) -> Int { screenOffsets[flow] + screen }

    /// The index of the flow named `id`, wherever it is in the tree.
    func flow(named id: String) -> Int? { flowsByID[id] }

    /// The index of a child flow of `parent` named `id`.
    func child(of parent: Int, named id: String) -> Int? {
        let children = children[parent]
        return childLookup[parent].position(of: id, count: children.count) { flows[children[$0]].flow.id.value }.map { children[$0] }
    }

    /// Whether the flow's `start` names one of its screens or child flows.
    func startResolves(_ flow: Int) -> Bool {
        guard let start = flows[flow].flow.start?.value else { return false }
        return screen(of: flow, named: start) != nil || child(of: flow, named: start) != nil
    }

    /// The flow and its ancestors, nearest first.
    func ancestry(of flow: Int) -> [Int] {
        var chain = [flow]
        while let parent = flows[chain[chain.count - 1]].parent { chain.append(parent) }
        return chain
    }

    /// The responders an action offered at `responder` is shown to, in order.
    func chain(from responder: Responder) -> [Responder] {
        switch responder {
        case .screen(let flow, _): [responder] + ancestry(of: flow).map(Responder.flow)
        case .flow(let flow): ancestry(of: flow).map(Responder.flow)
        }
    }

    /// The next responder: a screen's flow, a flow's parent, or nil past the root.
    func next(of responder: Responder) -> Responder? {
        switch responder {
        case .screen(let flow, _): .flow(flow)
        case .flow(let flow): flows[flow].parent.map(Responder.flow)
        }
    }

    func handlers(of responder: Responder) -> [Handler] {
        switch responder {
        case .screen(let flow, let screen): flows[flow].flow.screens[screen].handlers
        case .flow(let flow): flows[flow].flow.handlers
        }
    }

    /// The responder's handler for `action`, if it has one.
    func handler(for action: String, at responder: Responder) -> Handler? {
        let handlers = handlers(of: responder)
        let lookup = switch responder {
        case .screen(let flow, let screen): screenHandlerLookup[globalScreen(flow, screen)]
        case .flow(let flow): flowHandlerLookup[flow]
        }
        return lookup.position(of: action, count: handlers.count) { handlers[$0].action.value }.map { handlers[$0] }
    }

    /// The handlers that may take `action` starting at `responder`: the nearest one,
    /// and farther ones too while every branch of the nearer ones has a `when`.
    func route(_ action: String, from responder: Responder?) -> [(responder: Responder, handler: Handler)] {
        guard let responder else { return [] }
        var found: [(responder: Responder, handler: Handler)] = []
        var current: Responder? = responder
        while let candidate = current {
            current = next(of: candidate)
            guard let handler = handler(for: action, at: candidate) else { continue }
            found.append((candidate, handler))
            if handler.alwaysHandles { break }
        }
        return found
    }

    /// "screen 'home' → flow 'main' → flow 'app' → application", for notes.
    func describeChain(from responder: Responder) -> String {
        let names = chain(from: responder).map { responder -> String in
            switch responder {
            case .screen(let flow, let screen): "screen '\(self.screen(flow, screen).id.value)'"
            case .flow(let flow): "flow '\(flows[flow].flow.id.value)'"
            }
        }
        return (names + ["the application (back, quit)"]).joined(separator: " → ")
    }
}
