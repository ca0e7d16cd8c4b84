/// The values an expression in one flow reads at run time (spec §9): variables
/// along the chain, `flowid.name`, and visible environment variables.
struct SessionScope: ValueScope {
    let tree: ResponderTree
    let flows: [SessionState.FlowState]
    /// The whole environment; only names an enclosing flow lists in `env` are read.
    let environment: [String: String]
    let flow: Int
    /// Extra bindings that shadow the flow's variables: a field's answer while its rules run.
    var pending: [String: Value] = [:]

    func variable(_ name: String) -> Value? {
        if let value = pending[name] { return value }
        var current: Int? = flow
        while let ancestor = current {
            if let value = flows[ancestor].variables[name] { return value }
            current = tree.flows[ancestor].parent
        }
        return nil
    }

    func isFlow(_ name: String) -> Bool { tree.flow(named: name) != nil }

    func flowMember(flow name: String, member: String) -> Value? {
        guard let target = tree.flow(named: name) else { return nil }
        // From outside a flow with a declared `result`, only its names are readable, and null
        // until the flow finishes; the flow itself and its descendants read its variables.
        if let declared = tree.flows[target].result, !isWithin(target) {
            guard declared.contains(where: { $0.name == member }) else { return nil }
            return flows[target].result?[member] ?? .null
        }
        return flows[target].variables[member]
    }

    /// Whether the expression's flow is `target` or lies inside it.
    private func isWithin(_ target: Int) -> Bool {
        var current: Int? = flow
        while let candidate = current {
            if candidate == target { return true }
            current = tree.flows[candidate].parent
        }
        return false
    }

    func environmentVariable(_ name: String) -> String? {
        var current: Int? = flow
        while let candidate = current {
            if tree.flows[candidate].environment.contains(name) { return environment[name] }
            current = tree.flows[candidate].parent
        }
        return nil
    }
}
