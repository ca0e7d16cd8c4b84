/// The keys spec §4–§7 define for each kind of mapping, in the order the spec lists them.
enum FlowKeys {
    static let flow = ["title", "start", "variables", "env", "screens", "flows", "on", "result"]
    /// A root flow, or an included file (a complete flow document).
    static let document = ["version", "flow"] + flow
    static let include = ["include"]
    static let screen = ["title", "text", "fields", "actions", "on", "terminal"]
    static let field = ["id", "type", "label", "help", "placeholder", "default", "required", "pattern",
                        "min", "max", "options", "when", "message", "validate", "remember"]
    static let option = ["value", "label"]
    static let rule = ["rule", "message"]
    static let action = ["id", "label", "key", "validate", "when"]
    static let branch = ["when", "set", "say", "push", "replace", "back", "send", "finish", "exit"]
    static let transitions = ["push", "replace", "back", "send", "finish", "exit"]
    static let exit = ["code", "message"]
}
