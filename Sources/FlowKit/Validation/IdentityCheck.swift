/// `duplicate-id`: flow ids are unique in the whole tree; screen, child-flow, field
/// and variable ids within their flow; action ids within their screen.
enum IdentityCheck {
    static func check(_ index: FlowIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var flowIDs = UniqueIDs(kind: "flow", capacity: index.flows.count)
        for position in index.flows.indices { flowIDs.add(index.flows[position].flow.id, into: &diagnostics) }
        // Elements are read in place, by index: copying a screen or a field to read its id
        // would retain every string it holds.
        for position in index.flows.indices {
            let screens = index.flows[position].flow.screens, children = index.flows[position].flow.flows
            // Screens and child flows share one namespace: `start`, `push` and `replace` name either.
            var targets = UniqueIDs(kind: "screen or child flow", capacity: screens.count + children.count)
            for screen in screens.indices { targets.add(screens[screen].id, into: &diagnostics) }
            for child in children.indices { targets.add(children[child].id, into: &diagnostics) }
            let variables = index.flows[position].flow.variables
            var names = UniqueIDs(kind: "field or variable of flow", owner: index.flows[position].flow.id.value,
                                  capacity: variables.count + screens.indices.reduce(0) { $0 + screens[$1].fields.count })
            for variable in variables.indices { names.add(variables[variable].name, into: &diagnostics) }
            for screen in screens.indices {
                let fields = screens[screen].fields, actions = screens[screen].actions
                for field in fields.indices { names.add(fields[field].id, into: &diagnostics) }
                var actionIDs = UniqueIDs(kind: "action of screen", owner: screens[screen].id.value, capacity: actions.count)
                for action in actions.indices { actionIDs.add(actions[action].id, into: &diagnostics) }
            }
        }
        return diagnostics
    }

    private struct UniqueIDs {
        /// What the ids name, as in "the id of a flow" or "of an action of screen 'home'".
        let kind: String
        let owner: String?
        var seen: FirstOccurrences<String, SourceLocation>

        init(kind: String, owner: String? = nil, capacity: Int) {
            self.kind = kind
            self.owner = owner
            seen = FirstOccurrences(expectedCount: capacity)
        }

        mutating func add(_ id: Located<String>, into diagnostics: inout [Diagnostic]) {
            guard !id.value.isEmpty, let earlier = seen.firstPlace(of: id.value, addingAt: id.location) else { return }
            diagnostics.append(Diagnostic(.duplicateID, "'\(id.value)' is already the id of a \(kind)\(owner.map { " '\($0)'" } ?? "")", at: id.location,
                                          notes: [Diagnostic.Note("'\(id.value)' is first used here", at: earlier)]))
        }
    }
}
