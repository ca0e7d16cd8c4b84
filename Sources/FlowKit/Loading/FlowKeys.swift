// The keys spec §4–§7 define for each kind of mapping, in the order the spec lists them.

/// A flow's keys; a file's root flow (or an included file) also has `version` and `flow`.
enum FlowKey: String, MappingKey {
    case version, flow, title, start, variables, env, screens, flows, on, result, params, computed, observe

    /// The keys of a child flow written in place.
    static let childFlow = allCases.filter { $0 != .version && $0 != .flow }
}

enum IncludeKey: String, MappingKey {
    case include
}

/// An instance of a reused flow file (spec §3 1.1).
enum UseKey: String, MappingKey {
    case use, with, title
}

/// The mapping form of a `push` or `replace` target (spec §7 1.1).
enum LaunchKey: String, MappingKey {
    case to, with, for_each, `as`, index
}

enum CommandKey: String, MappingKey {
    case command, into, env, timeout, label

    /// The keys of a field's check by a program (spec §6 1.2): its answer is its exit
    /// status, so it has no `into`.
    static let check = allCases.filter { $0 != .into }
}

enum ScreenKey: String, MappingKey {
    case title, text, fields, actions, on, terminal, enter
}

enum FieldKey: String, MappingKey {
    case id, type, label, help, placeholder, `default`, required, pattern, min, max, options, when, message, validate, remember
}

enum OptionKey: String, MappingKey {
    case value, label
}

enum RuleKey: String, MappingKey {
    case rule, run, message
}

enum ActionKey: String, MappingKey {
    case id, label, key, validate, when, `default`
}

enum BranchKey: String, MappingKey {
    case when, set, say, push, replace, back, send, finish, exit, run, post

    /// The keys of an observer's branch, which makes no transition (spec §4 1.1).
    static let observer = allCases.filter { !$0.isTransition }

    /// Whether the key makes the branch's transition (at most one per branch).
    var isTransition: Bool {
        switch self {
        case .push, .replace, .back, .send, .finish, .exit: true
        case .when, .set, .say, .run, .post: false
        }
    }
}

enum ExitKey: String, MappingKey {
    case code, message
}
