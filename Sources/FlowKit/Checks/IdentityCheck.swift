import FlowYAML

/// `duplicate-id`: flow ids are unique in the whole tree; screen, child-flow, field
/// and variable ids within their flow; action ids within their screen.
enum IdentityCheck: Check {
    static let codes: [DiagnosticCode] = [.duplicateID]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var diagnostics: [Diagnostic] = []
        var flowIDs = UniqueIDs(kind: "flow")
        for entry in index.flows {
            let flow = entry.flow
            // An included flow is named where it is included: two includes of one file
            // clash at their two `flows:` entries, with a note at the file's `flow:`.
            if flow.id.location.file != flow.location.file {
                flowIDs.add(Located(flow.id.value, at: flow.location), into: &diagnostics,
                            notes: [Diagnostic.Note("both include this file, whose flow is '\(flow.id.value)'", at: flow.id.location)])
            } else {
                flowIDs.add(flow.id, into: &diagnostics)
            }
        }
        // One table of each kind, emptied for each flow or screen, keeps its storage.
        var targets = UniqueIDs(kind: "screen or child flow")
        var names = UniqueIDs(kind: "field or variable of flow")
        var actionIDs = UniqueIDs(kind: "action of screen")
        // By index, not `for in`: flows, screens and fields are read in place, not copied.
        let flows = index.flows
        for flow in flows.indices {
            // Screens and child flows share one namespace: `start`, `push` and `replace` name either.
            targets.restart(owner: nil)
            for screen in flows[flow].flow.screens.indices { targets.add(flows[flow].flow.screens[screen].id, into: &diagnostics) }
            for child in flows[flow].flow.flows.indices { targets.add(flows[flow].flow.flows[child].id, into: &diagnostics) }
            names.restart(owner: flows[flow].flow.id.value)
            for variable in flows[flow].flow.variables.indices { names.add(flows[flow].flow.variables[variable].name, into: &diagnostics) }
            for computed in flows[flow].flow.computed.indices { names.add(flows[flow].flow.computed[computed].name, into: &diagnostics) }
            for screen in flows[flow].flow.screens.indices {
                for field in flows[flow].flow.screens[screen].fields.indices { names.add(flows[flow].flow.screens[screen].fields[field].id, into: &diagnostics) }
                actionIDs.restart(owner: flows[flow].flow.screens[screen].id.value)
                for action in flows[flow].flow.screens[screen].actions.indices { actionIDs.add(flows[flow].flow.screens[screen].actions[action].id, into: &diagnostics) }
            }
        }
        return diagnostics
    }

    private struct UniqueIDs {
        /// What the ids name, as in "the id of a flow" or "of an action of screen 'home'".
        let kind: String
        var owner: String? = nil
        /// Where each id was first used.
        var seen: [String: SourceLocation] = [:]

        /// Forgets the ids seen, for the ids of another owner.
        mutating func restart(owner: String?) {
            self.owner = owner
            seen.removeAll(keepingCapacity: true)
        }

        mutating func add(_ id: Located<String>, into diagnostics: inout [Diagnostic], notes: [Diagnostic.Note] = []) {
            guard !id.value.isEmpty else { return }
            guard let earlier = seen[id.value] else {
                seen[id.value] = id.location
                return
            }
            diagnostics.append(Diagnostic(.duplicateID, "'\(id.value)' is already the id of a \(kind)\(owner.map { " '\($0)'" } ?? "")", at: id.location,
                                          notes: [Diagnostic.Note("'\(id.value)' is first used here", at: earlier)] + notes))
        }
    }
}
