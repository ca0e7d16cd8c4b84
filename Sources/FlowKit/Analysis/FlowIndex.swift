/// The flow tree flattened, with parent links: the static view of the responder
/// tree that the checks walk (screen → its flow → parent flow → … → root → application).
///
/// A class: every `FlowScope` of a check holds it, and a scope is passed by value into
/// each expression's walk, where a struct of six tables would cost six retains a copy.
final class FlowIndex: Sendable {
    struct Entry: Sendable {
        var flow: Flow
        var parent: Int?
    }

    /// Flows in depth-first preorder; the root is 0, and a flow's descendants follow it.
    let flows: [Entry]
    /// One past the last descendant of each flow: its subtree is `flow..<subtreeEnd[flow]`.
    private let subtreeEnd: [Int]
    /// Per flow: the global number of its first screen. Screens are numbered flow by
    /// flow in the order of `flows`, as the compiler numbers them.
    private let screenOffsets: [Int]
    /// Per flow: its child flows (positions in `flows`) and its screens by id, the first
    /// of each id where ids repeat.
    private let childrenByID: [[String: Int]]
    private let screensByID: [[String: Int]]
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
        var childrenByID: [[String: Int]] = Array(repeating: [:], count: flows.count)
        for index in flows.indices.reversed() {
            guard let parent = flows[index].parent else { continue }
            subtreeEnd[parent] = max(subtreeEnd[parent], subtreeEnd[index])
            // Walked backwards, so the first of a repeated id is stored last.
            childrenByID[parent][flows[index].flow.id.value] = index
        }
        var screenOffsets: [Int] = []
        var screenCount = 0
        for index in flows.indices {
            screenOffsets.append(screenCount)
            screenCount += flows[index].flow.screens.count
        }
        self.flows = flows
        self.subtreeEnd = subtreeEnd
        self.childrenByID = childrenByID
        self.screenOffsets = screenOffsets
        screensByID = flows.indices.map { index in
            let screens = flows[index].flow.screens
            return Dictionary(screens.indices.map { (screens[$0].id.value, $0) }) { first, _ in first }
        }
        flowsByID = Dictionary(flows.indices.map { (flows[$0].flow.id.value, $0) }) { first, _ in first }
    }

    /// The flow and its descendants.
    func subtree(of flow: Int) -> Range<Int> { flow..<subtreeEnd[flow] }

    func screen(of flow: Int, named id: String) -> Int? { screensByID[flow][id] }

    /// The screen's number among all the tree's screens, `0..<screenCount`.
    func globalScreen(_ flow: Int, _ screen: Int) -> Int { screenOffsets[flow] + screen }

    func flow(named id: String) -> Int? { flowsByID[id] }

    func child(of parent: Int, named id: String) -> Int? { childrenByID[parent][id] }

    /// What `name` names in `flow`: one of its screens, else one of its child flows.
    func target(_ name: String, in flow: Int) -> Target? {
        if let screen = screen(of: flow, named: name) { return .screen(globalScreen(flow, screen)) }
        return child(of: flow, named: name).map(Target.flow)
    }

    /// The flows some branch starts with `for_each`: its `push` or `replace` names a
    /// child flow, which then runs once for each element.
    func repeatedFlows() -> Set<Int> {
        var repeated = Set<Int>()
        for position in flows.indices {
            flows[position].flow.forEachBranch { branch in
                guard branch.launch?.forEach != nil else { return }
                switch branch.transition?.value {
                case .push(let name)?, .replace(let name)?:
                    if case .flow(let child)? = target(name, in: position) { repeated.insert(child) }
                default: break
                }
            }
        }
        return repeated
    }

    /// Whether the flow's `start` names one of its screens or child flows.
    func startResolves(_ flow: Int) -> Bool {
        flows[flow].flow.start.flatMap { target($0.value, in: flow) } != nil
    }

    /// Whether every `start`, `push` and `replace` the flow handles names one of its
    /// screens or child flows (a miss is `unknown-target`).
    func targetsResolve(_ flow: Int) -> Bool {
        // Read in place, by index: copying each screen and branch was 1% of `validate`'s time.
        func resolve(_ handlers: [Handler]) -> Bool {
            handlers.indices.allSatisfy { handler in
                handlers[handler].branches.indices.allSatisfy { branch in
                    switch handlers[handler].branches[branch].transition?.value {
                    case .push(let name)?, .replace(let name)?: target(name, in: flow) != nil
                    default: true
                    }
                }
            }
        }
        let screens = flows[flow].flow.screens
        return startResolves(flow) && resolve(flows[flow].flow.handlers) && screens.indices.allSatisfy { resolve(screens[$0].handlersAndEnter) }
    }

    /// The flow and its ancestors, nearest first.
    func ancestry(of flow: Int) -> [Int] {
        var chain = [flow]
        while let parent = flows[chain[chain.count - 1]].parent { chain.append(parent) }
        return chain
    }
}
