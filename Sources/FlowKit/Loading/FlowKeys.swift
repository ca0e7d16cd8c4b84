// The keys spec §4–§7 define for each kind of mapping, in the order the spec lists them.

/// A flow's keys; a file's root flow (or an included file) also has `version` and `flow`.
enum FlowKey: String, MappingKey {
    case version, flow, title, start, variables, env, screens, flows, on, result, computed

    /// The keys of a child flow written in place.
    static let childFlow = allCases.filter { $0 != .version && $0 != .flow }
}

enum IncludeKey: String, MappingKey {
    case include
}

enum ScreenKey: String, MappingKey {
    case title, text, fields, actions, on, terminal
}

enum FieldKey: String, MappingKey {
    case id, type, label, help, placeholder, `default`, required, pattern, min, max, options, when, message, validate, remember
}

enum OptionKey: String, MappingKey {
    case value, label
}

enum RuleKey: String, MappingKey {
    case rule, message
}

enum ActionKey: String, MappingKey {
    case id, label, key, validate, when, `default`
}

enum BranchKey: String, MappingKey {
    case when, set, say, push, replace, back, send, finish, exit

    /// Whether the key makes the branch's transition (at most one per branch).
    var isTransition: Bool {
        switch self {
        case .push, .replace, .back, .send, .finish, .exit: true
        case .when, .set, .say: false
        }
    }
}

enum ExitKey: String, MappingKey {
    case code, message
}
