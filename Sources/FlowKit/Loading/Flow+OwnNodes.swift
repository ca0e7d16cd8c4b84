import FlowYAML

extension Flow {
    /// Copies the values the flow itself keeps as YAML nodes (not its child flows') out of
    /// the file's tree, all into one tree (`Node.detached`), so that the file's tree can go
    /// once the model is built.
    mutating func detachOwnNodes() {
        var nodes: [Node] = []
        forEachOwnNode { nodes.append($0) }
        var copies = Node.detached(nodes).makeIterator()
        forEachOwnNode { node in copies.next().map { node = $0 } }
    }

    /// Calls `body` on each value the flow itself keeps as a node, always in the same
    /// order: its variables' and params' initial values, its fields' defaults and listed
    /// options' values.
    private mutating func forEachOwnNode(_ body: (inout Node) -> Void) {
        for position in variables.indices { body(&variables[position].value) }
        for position in params.indices { body(&params[position].value) }
        for screen in screens.indices {
            for field in screens[screen].fields.indices {
                if var value = screens[screen].fields[field].defaultValue {
                    body(&value)
                    screens[screen].fields[field].defaultValue = value
                }
                if case .list(var options, let location)? = screens[screen].fields[field].options {
                    for option in options.indices { body(&options[option].value) }
                    screens[screen].fields[field].options = .list(options, location: location)
                }
            }
        }
    }
}
