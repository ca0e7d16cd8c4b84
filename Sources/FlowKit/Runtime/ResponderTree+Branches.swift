extension ResponderTree {
    /// One branch of one responder's handler: what coverage counts and what a
    /// `routed` event names.
    public struct BranchID: Hashable, Sendable {
        public let responder: Responder
        public let action: String
        /// The branch's position in its handler, from 0.
        public let index: Int
    }

    /// Every handler branch of the tree: screens' and flows', in tree order.
    public var branches: [BranchID] {
        let responders = flows.indices.flatMap { flow in
            [Responder.flow(flow)] + flows[flow].screens.map(Responder.screen)
        }
        return responders.flatMap { responder in
            let handlers = switch responder {
            case .screen(let screen): screens[screen].handlers
            case .flow(let flow): flows[flow].handlers
            }
            return handlers.keys.sorted().flatMap { action in
                (handlers[action]?.branches.indices ?? 0..<0).map { BranchID(responder: responder, action: action, index: $0) }
            }
        }
    }

    /// Where a branch is written.
    public func location(of branch: BranchID) -> SourceLocation? {
        self.branch(branch)?.location
    }

    /// "flow 'login' on submit, when attempts < 3", for reports.
    public func describe(_ branch: BranchID) -> String {
        let guardText = self.branch(branch)?.guardText.map { ", \($0)" } ?? ""
        return "\(name(of: branch.responder)) on \(branch.action) #\(branch.index + 1)\(guardText)"
    }

    private func branch(_ id: BranchID) -> BranchNode? {
        guard let branches = handler(for: id.action, at: id.responder)?.branches, branches.indices.contains(id.index) else { return nil }
        return branches[id.index]
    }
}
