import FlowYAML

/// One thing a test run can exercise: a screen shown, an action a screen offers taken,
/// a handler or observer branch run, or a flow run for the elements of a `for_each`.
public enum CoverageItem: Hashable, Sendable {
    case screen(Int)
    case action(screen: Int, action: String)
    case branch(ResponderTree.BranchID)
    /// A flow some `for_each` starts: covered once it has run for an element.
    case repetition(flow: Int)

    public enum Kind: String, CaseIterable, Sendable {
        case screens, actions, branches, repetitions
    }

    public var kind: Kind {
        switch self {
        case .screen: .screens
        case .action: .actions
        case .branch: .branches
        case .repetition: .repetitions
        }
    }

    /// What it is called in reports: `screen login/failed`, `action submit on login/credentials`,
    /// `branch flow 'login' on submit #3, when …`.
    public func describe(in tree: ResponderTree) -> String {
        switch self {
        case .screen(let screen): "screen \(tree.screens[screen].pathName)"
        case .action(let screen, let action): "action \(action) on \(tree.screens[screen].pathName)"
        case .branch(let branch): "branch \(tree.describe(branch))"
        case .repetition(let flow): "for_each runs of flow '\(tree.flows[flow].id)'"
        }
    }

    /// The flow it belongs to (a branch: the responder's flow).
    public func flow(in tree: ResponderTree) -> Int {
        switch self {
        case .screen(let screen), .action(let screen, _): tree.screens[screen].flow
        case .branch(let branch): tree.handlingFlow(of: branch.responder)
        case .repetition(let flow): flow
        }
    }

    public func location(in tree: ResponderTree) -> SourceLocation? {
        switch self {
        case .screen(let screen): tree.screens[screen].location
        case .action(let screen, let action): tree.screens[screen].actions.first { $0.id == action }?.location
        case .branch(let branch): tree.location(of: branch)
        case .repetition: nil
        }
    }

    /// The items an input exercised: the screens its events show or enter (an `enter`
    /// that leaves its screen leaves it unshown, spec §5 1.2), the action taken (when the
    /// screen offers it and it was not refused) and the branches routed.
    public static func exercised(by events: [SessionEvent], action: String? = nil, on screen: Int?, in tree: ResponderTree) -> [CoverageItem] {
        var items: [CoverageItem] = []
        if let action, let screen, SessionEvent.refusal(in: events) == nil,
           tree.screens[screen].actions.contains(where: { $0.id == action }) {
            items.append(.action(screen: screen, action: action))
        }
        for event in events {
            switch event {
            case .screenShown(let view):
                if let screen = tree.screen(flow: view.flow, id: view.screen) { items.append(.screen(screen)) }
            case .routed(_, _, let branch?), .observed(_, _, let branch):
                items.append(.branch(branch))
                if branch.kind == .entering, case .screen(let screen) = branch.responder { items.append(.screen(screen)) }
            case .repeated(let flow, _, _):
                if let index = tree.flow(named: flow) { items.append(.repetition(flow: index)) }
            default:
                break
            }
        }
        return items
    }
}
