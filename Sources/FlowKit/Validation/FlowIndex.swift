/// The flow tree flattened, with parent links: the static view of the responder
/// tree that the checks walk (screen → its flow → parent flow → … → root → application).
struct FlowIndex {
    struct Entry {
        var flow: Flow
        var parent: Int?
    }

    /// A responder that may hold handlers: a screen (by flow and screen index) or a flow.
    enum Responder: Hashable {
        case screen(flow: Int, screen: Int)
        case flow(Int)
    }

    /// Flows in depth-first order; the root is 0.
    private(set) var flows: [Entry] = []

    init(root: Flow) {
        var pending: [(Flow, Int?)] = [(root, nil)]
        while let (flow, parent) = pending.popLast() {
            flows.append(Entry(flow: flow, parent: parent))
            let index = flows.count - 1
            pending += flow.flows.reversed().map { ($0, index) }
        }
    }

    var allScreens: [(flow: Int, screen: Int)] {
        flows.indices.flatMap { f in flows[f].flow.screens.indices.map { (f, $0) } }
    }

    func screen(_ flow: Int, _ screen: Int) -> Screen { flows[flow].flow.screens[screen] }

    /// The index of a child flow of `parent` named `id`.
    func child(of parent: Int, named id: String) -> Int? {
        flows.indices.first { flows[$0].parent == parent && flows[$0].flow.id.value == id }
    }

    /// Whether the flow's `start` names one of its screens or child flows.
    func startResolves(_ flow: Int) -> Bool {
        guard let start = flows[flow].flow.start?.value else { return false }
        return flows[flow].flow.screen(start) != nil || flows[flow].flow.child(start) != nil
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

    /// The flow whose screens and children a responder's transitions name (spec §7).
    func handlingFlow(of responder: Responder) -> Int {
        switch responder {
        case .screen(let flow, _), .flow(let flow): flow
        }
    }

    /// The handlers that may take `action` starting at `responder`: the nearest one,
    /// and farther ones too while every branch of the nearer ones has a `when`.
    func route(_ action: String, from responder: Responder?) -> [(responder: Responder, handler: Handler)] {
        guard let responder else { return [] }
        var found: [(Responder, Handler)] = []
        for candidate in chain(from: responder) {
            guard let handler = handlers(of: candidate).first(where: { $0.action.value == action }) else { continue }
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
