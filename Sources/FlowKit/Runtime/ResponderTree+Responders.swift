extension ResponderTree {
    /// A responder of spec §1: a screen or a flow, by index. Each one's `next` is the
    /// screen's flow, or the flow's parent; past the root lies the application.
    public enum Responder: Hashable, Sendable {
        case screen(Int)
        case flow(Int)
    }

    /// The next responder up the chain; nil past the root (the application).
    public func next(of responder: Responder) -> Responder? {
        switch responder {
        case .screen(let screen): .flow(screens[screen].flow)
        case .flow(let flow): flows[flow].parent.map(Responder.flow)
        }
    }

    /// Every responder in tree order: each flow, then its screens.
    var responders: [Responder] {
        flows.indices.flatMap { flow in [Responder.flow(flow)] + flows[flow].screens.map(Responder.screen) }
    }

    /// The responder's handlers, by action number.
    func handlers(of responder: Responder) -> [Int: HandlerNode] {
        switch responder {
        case .screen(let screen): screens[screen].handlers
        case .flow(let flow): flows[flow].handlers
        }
    }

    /// The flow whose screens and children the responder's transitions name (spec §7).
    public func handlingFlow(of responder: Responder) -> Int {
        switch responder {
        case .screen(let screen): screens[screen].flow
        case .flow(let flow): flow
        }
    }

    /// "screen 'id'" or "flow 'id'", as events and `flowrun chain` name responders.
    public func name(of responder: Responder) -> String {
        switch responder {
        case .screen(let screen): screens[screen].responderName
        case .flow(let flow): flows[flow].responderName
        }
    }

    /// Every responder from `responder` up to the root, nearest first.
    public func chain(from responder: Responder) -> [Responder] {
        var chain = [responder]
        while let next = next(of: chain[chain.count - 1]) { chain.append(next) }
        return chain
    }

    // MARK: The chain walk

    /// The built-in actions the application takes (spec §7), numbered 0 and 1.
    enum BuiltIn: Int {
        case back, quit
    }

    /// What took an action offered to the chain.
    enum Taker {
        /// The branch at `index` of the handler of `responder`.
        case branch(Int, of: HandlerNode, at: Responder)
        /// No branch: the action reached the application, which takes the built-ins.
        case application(BuiltIn)
        /// Nothing: no branch took it, and the application takes only the built-ins.
        case nobody
    }

    /// The one chain walk (spec §7): offers the action numbered `action` to each handler
    /// from `responder` up, nearest first, and `take` says which of its branches takes
    /// it, or nil to pass it on. Past every handler (or from nil, past the root) lies the
    /// application. The Session routes through it, deciding by each branch's `when`;
    /// the checks, `chain`, `graph` and the language server through it too, taking a
    /// handler's first branch without a `when` (`StaticRoute`).
    ///
    /// - Complexity: visits only responders with a handler for the action, whatever the
    ///   chain's depth, plus one binary search.
    func route(_ action: Int, from responder: Responder?, take: (Responder, HandlerNode) -> Int?) -> Taker {
        let flow: Int
        switch responder {
        case nil: return application(action)
        case .screen(let screen)?:
            if let handler = screens[screen].handlers[action], let index = take(.screen(screen), handler) {
                return .branch(index, of: handler, at: .screen(screen))
            }
            flow = screens[screen].flow
        case .flow(let start)?:
            flow = start
        }
        let handling = handlingFlows[action]
        var position = HandlingFlow.nearest(to: flow, in: handling)
        while let current = position {
            let entry = handling[current]
            if let index = take(.flow(entry.flow), entry.handler) { return .branch(index, of: entry.handler, at: .flow(entry.flow)) }
            position = entry.enclosing
        }
        return application(action)
    }

    private func application(_ action: Int) -> Taker {
        BuiltIn(rawValue: action).map(Taker.application) ?? .nobody
    }
}
