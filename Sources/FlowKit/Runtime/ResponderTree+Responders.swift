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

    /// The responder's handler for `action`, if it has one.
    func handler(for action: String, at responder: Responder) -> HandlerNode? {
        switch responder {
        case .screen(let screen): screens[screen].handlers[action]
        case .flow(let flow): flows[flow].handlers[action]
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

    /// The responders from `responder` up that have a handler for `action`, nearest
    /// first, found through the flows' dispatch tables without walking the chain.
    func responders(handling action: String, from responder: Responder?) -> [Responder] {
        switch responder {
        case nil: return []
        case .screen(let screen)?:
            let own: [Responder] = screens[screen].handlers[action] == nil ? [] : [.screen(screen)]
            return own + (handlingFlows[screens[screen].flow][action] ?? []).map(Responder.flow)
        case .flow(let flow)?:
            return (handlingFlows[flow][action] ?? []).map(Responder.flow)
        }
    }

    /// Every responder from `responder` up to the root, nearest first.
    public func chain(from responder: Responder) -> [Responder] {
        var chain = [responder]
        while let next = next(of: chain[chain.count - 1]) { chain.append(next) }
        return chain
    }
}
