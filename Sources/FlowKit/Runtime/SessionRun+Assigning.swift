import FlowExpressions

extension SessionRun {
    /// One assignment of a branch's `set` (spec §7): the value, then each index, are
    /// evaluated in the handling flow, and the value is stored in the variable, or (1.2)
    /// into it: a map's entry added or replaced, a list's element replaced. An assignment
    /// that cannot be made (a value or an index that fails, a list position out of range,
    /// a step into what is no list or map) is not made, with a warning where run-time
    /// warnings show; a value past the limits of spec §11 stops the run. The variable's
    /// secrecy follows (cli.md 1.2): only the member assigned takes the value's, unless
    /// an index was computed from a secret, which makes the whole variable secret.
    mutating func assign(_ assignment: ResponderTree.AssignmentNode, handlingFlow flow: Int) {
        let scope = scope(flow)
        // Named as before 1.2 where the target is a whole variable, as written where it goes into one.
        let notAssigned = "'\(assignment.path.isEmpty ? assignment.name : assignment.target)' is not assigned"
        guard let value = evaluate(assignment.expression, in: scope, ifFailing: notAssigned) else { return }
        var path: [Secrecy.Member] = []
        var indexReadsSecret = false
        for step in assignment.path {
            switch step {
            case .member(let name):
                path.append(.key(name))
            case .index(let key):
                guard let index = evaluate(key, in: scope, ifFailing: notAssigned) else { return }
                indexReadsSecret = indexReadsSecret || scope.readsSecret(key.parsed)
                guard let member = Secrecy.Member(index) else {
                    events.append(.warning("\(notAssigned): '\(key.source)' gave \(index.kindName), not a string (a map's key) or an int (a list's position)",
                                           at: assignment.location))
                    return
                }
                path.append(member)
            }
        }
        let owner = assignment.flow
        var updated = value
        if !path.isEmpty {
            let current = state.flows[owner].variables[assignment.name] ?? .null
            switch Self.replacing(path[...], in: current, of: state.flows[owner].secrecy(of: assignment.name), with: value, hidingIndex: indexReadsSecret) {
            case .success(let result): updated = result
            case .failure(let reason):
                events.append(.warning("\(notAssigned): \(reason.message)", at: assignment.location))
                return
            }
            do {
                try ValueLimits.check(updated, at: ExpressionSpan(offset: 0, length: 0))
            } catch {
                end(RunOutcome(.failed, exitCode: 2, message: "\(assignment.location): \(error.message)"))
                return
            }
        }
        state.flows[owner].variables[assignment.name] = updated
        let secrecy = indexReadsSecret ? .whole : state.flows[owner].secrecy(of: assignment.name).setting(scope.secrecy(of: assignment.expression.parsed), at: path[...])
        state.flows[owner].mark(assignment.name, secrecy)
    }

    /// Why an assignment into a value cannot be made.
    struct NotAssignable: Error {
        let message: String
    }

    /// `container` with the member at `path` replaced by `value` (a map's last key may be
    /// new), or why it cannot be: `hidingIndex` when the indexes were computed from a
    /// secret, which the reason then does not quote; where a step goes into a value secret
    /// whole (`secrecy`), the reason tells nothing of its shape (its size, its keys, its kind).
    static func replacing(_ path: ArraySlice<Secrecy.Member>, in container: Value, of secrecy: Secrecy, with value: Value,
                          hidingIndex: Bool) -> Result<Value, NotAssignable> {
        guard let member = path.first else { return .success(value) }
        let shown = hidingIndex ? "the index (computed from a secret, not shown)" : member.written
        let inner = { (held: Value) in replacing(path.dropFirst(), in: held, of: secrecy.member(member), with: value, hidingIndex: hidingIndex) }
        let failure: String
        switch (container, member) {
        case (.map(var entries), .key(let key)):
            if let found = entries[key] ?? (path.count == 1 ? .null : nil) {
                return inner(found).map { replaced in
                    entries[key] = replaced
                    return .map(entries)
                }
            }
            failure = "the map has no key \(shown) to go into"
        case (.list(var elements), .position(let position)):
            if elements.indices.contains(position) {
                return inner(elements[position]).map { replaced in
                    elements[position] = replaced
                    return .list(elements)
                }
            }
            failure = "\(shown) is out of range: the list has \(elements.count) element(s)"
        case (.map, .position):
            failure = "\(shown) is an int, but a map's keys are strings"
        case (.list, .key):
            failure = "\(shown) is a string, but a list's positions are ints"
        default:
            failure = "it holds \(container.kindName) there, not a list or map to index with \(shown)"
        }
        return .failure(NotAssignable(message: secrecy == .whole ? "what it goes into is secret (not shown)" : failure))
    }
}
