extension Flow {
    /// Moves the YAML literals the flow keeps as nodes (variables' initial values, fields'
    /// defaults and listed options) into one small tree, so that the tree the flow was
    /// built from can be freed as soon as the flow is built.
    ///
    /// A flow nothing else shares is changed in place, walked twice without a copy.
    mutating func compactLiterals(fileName: SourceFileName) {
        var copier = NodeCopier(fileName: fileName)
        replaceLiterals { literal in
            copier.add(literal)
            return nil
        }
        guard !copier.isEmpty else { return }
        var copies = copier.nodes().makeIterator()
        replaceLiterals { _ in copies.next() }
    }

    /// Visits every literal node of the flow and its child flows, always in the same
    /// order, and stores the node `replacement` returns in its place (none: keep it).
    mutating func replaceLiterals(_ replacement: (Node) -> Node?) {
        for index in variables.indices {
            if let replaced = replacement(variables[index].value) { variables[index].value = replaced }
        }
        for screen in screens.indices {
            for field in screens[screen].fields.indices {
                screens[screen].fields[field].replaceLiterals(replacement)
            }
        }
        for child in flows.indices { flows[child].replaceLiterals(replacement) }
    }
}

extension Field {
    mutating func replaceLiterals(_ replacement: (Node) -> Node?) {
        if let literal = defaultValue, let replaced = replacement(literal) { defaultValue = replaced }
        guard case .list(let options, let location)? = options else { return }
        var replacedOptions = options
        var changed = false
        for index in options.indices {
            if let replaced = replacement(options[index].value) {
                replacedOptions[index].value = replaced
                changed = true
            }
        }
        if changed { self.options = .list(replacedOptions, location: location) }
    }
}
