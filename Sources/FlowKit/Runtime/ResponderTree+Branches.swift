import FlowYAML

extension ResponderTree {
    /// One branch of one responder's handler: what coverage counts and what a
    /// `routed` event names.
    public struct BranchID: Hashable, Sendable {
        public let responder: Responder
        public let action: String
        /// The branch's position in its handler, from 0.
        public let index: Int
        public var kind = Kind.handling

        /// What the branch's handler answers.
        public enum Kind: Hashable, Sendable {
            /// The action `action`.
            case handling
            /// The notification `action` (spec §7 1.1), which its flow observes.
            case observing
            /// Its screen becoming the one shown (`enter`, spec §5 1.2); `action` is "enter".
            case entering
        }

        /// The `enter` branch at `index` of a screen.
        static func entering(_ screen: Int, index: Int) -> BranchID {
            BranchID(responder: .screen(screen), action: "enter", index: index, kind: .entering)
        }
    }

    /// Every handler branch of the tree: screens' (`enter` first) and flows', in tree order.
    public var branches: [BranchID] {
        responders.flatMap { responder in
            let observers: [String: HandlerNode] = if case .flow(let flow) = responder { flows[flow].observers } else { [:] }
            let entering: [BranchID] = if case .screen(let screen) = responder {
                (screens[screen].enter?.branches.indices ?? 0..<0).map { BranchID.entering(screen, index: $0) }
            } else { [] }
            let handling: [BranchID] = handlers(of: responder).map { (actionNames[$0.key], $0.value) }.sorted { $0.0 < $1.0 }.flatMap { action, handler in
                handler.branches.indices.map { BranchID(responder: responder, action: action, index: $0) }
            }
            let observing: [BranchID] = observers.keys.sorted().flatMap { name in
                (observers[name]?.branches.indices ?? 0..<0).map { BranchID(responder: responder, action: name, index: $0, kind: .observing) }
            }
            return entering + handling + observing
        }
    }

    /// Where a branch is written.
    public func location(of branch: BranchID) -> SourceLocation? {
        self.branch(branch)?.location
    }

    /// "flow 'login' on submit, when attempts < 3", for reports.
    public func describe(_ branch: BranchID) -> String {
        let guardText = self.branch(branch)?.guardText.map { ", \($0)" } ?? ""
        let handling = switch branch.kind {
        case .handling: "on \(branch.action)"
        case .observing: "observing \(branch.action)"
        case .entering: "enter"
        }
        return "\(name(of: branch.responder)) \(handling) #\(branch.index + 1)\(guardText)"
    }

    func branch(_ id: BranchID) -> BranchNode? {
        let handler: HandlerNode? = switch (id.kind, id.responder) {
        case (.observing, .flow(let flow)): flows[flow].observers[id.action]
        case (.entering, .screen(let screen)): screens[screen].enter
        case (.observing, .screen), (.entering, .flow): nil
        case (.handling, _): actionNumber(id.action).flatMap { handlers(of: id.responder)[$0] }
        }
        guard let branches = handler?.branches, branches.indices.contains(id.index) else { return nil }
        return branches[id.index]
    }
}

extension ResponderTree {
    /// Calls `body` with every branch of every responder's handlers (observers aside; a
    /// screen's `enter` with the screen's) and its responder, read in place: flows in tree
    /// order, each before its screens, handlers in no set order.
    func forEachHandlerBranch(_ body: (Responder, BranchNode) -> Void) {
        func visit(_ responder: Responder, _ handlers: [Int: HandlerNode]) {
            for handler in handlers.values {
                for branch in handler.branches { body(responder, branch) }
            }
        }
        for (flow, node) in flows.enumerated() {
            visit(.flow(flow), node.handlers)
            for screen in node.screens {
                visit(.screen(screen), screens[screen].handlers)
                for branch in screens[screen].enter?.branches ?? [] { body(.screen(screen), branch) }
            }
        }
    }

    /// Every branch of the tree: flows' handlers and observers, then screens' handlers and `enter`.
    var branchNodes: [BranchNode] {
        let handlers = flows.flatMap { Array($0.handlers.values) + Array($0.observers.values) }
            + screens.flatMap { Array($0.handlers.values) + ($0.enter.map { [$0] } ?? []) }
        return handlers.flatMap(\.branches)
    }

    /// The codes an `exit` transition of the tree ends a run with.
    var exitCodes: Set<Int> {
        Set(branchNodes.compactMap { branch in
            if case .exit(let code, _)? = branch.transition { code } else { nil }
        })
    }

    /// The codes an `exit` transition with a `message` ends a run with.
    var exitCodesWithMessages: Set<Int> {
        Set(branchNodes.compactMap { branch in
            if case .exit(let code, _?)? = branch.transition { code } else { nil }
        })
    }

    /// The `for_each` starts of a flow: each transition that runs it once per element.
    func repeatingLaunches(of flow: Int) -> [LaunchNode] {
        branchNodes.compactMap { branch in
            switch branch.transition {
            case .push(.flow(flow)?)?, .replace(.flow(flow)?)?: branch.launch?.forEach == nil ? nil : branch.launch
            default: nil
            }
        }
    }
}

extension ResponderTree {
    /// Every program of the tree: each command of a `run` step (spec §7 1.1), and each
    /// field's check by a program (spec §6 1.2) with the field it checks, with its
    /// arguments as written, and where. `flowrun run` names them all when it refuses to
    /// start without `--trust`.
    public var commands: [(arguments: [String], location: SourceLocation, checkedField: String?)] {
        let steps = branchNodes.flatMap(\.commands).map { ($0, nil as String?) }
        let checks = screens.flatMap { screen in
            screen.fields.flatMap { field in
                field.rules.compactMap { rule in if case .program(let command) = rule.test { (command, field.id) } else { nil } }
            }
        }
        return (steps + checks)
            .sorted { ($0.0.location.file, $0.0.location.start) < ($1.0.location.file, $1.0.location.start) }
            .map { ($0.0.arguments.map(\.source), $0.0.location, $0.1) }
    }
}

extension ResponderTree {
    /// Whether some branch posts the notification.
    public func isPosted(_ notification: String) -> Bool { postedNotifications.contains(notification) }
}

extension ResponderTree {
    /// The branches that post a notification, described as reports name branches, with
    /// where each is written.
    public func posters(of notification: String) -> [(description: String, location: SourceLocation)] {
        branches.compactMap { id in
            guard let branch = branch(id), branch.post == notification else { return nil }
            return (describe(id), branch.location)
        }
    }
}
