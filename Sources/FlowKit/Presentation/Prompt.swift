import FlowExpressions

/// What the session waits for now, with everything a front end shows for it.
public enum Prompt: Sendable {
    case field(FieldPrompt)
    case action(ActionPrompt)
    case ended(RunOutcome)

    /// The screen the prompt belongs to; nil once the run has ended.
    public var screen: ScreenView? {
        switch self {
        case .field(let prompt): prompt.screen
        case .action(let prompt): prompt.screen
        case .ended: nil
        }
    }
}

/// A screen as shown: where it is in the tree and its rendered text.
public struct ScreenView: Sendable, Equatable {
    /// The flow path from the root, for a breadcrumb: `["app", "login"]`.
    public let flowPath: [String]
    public let screen: String
    /// The titles of the flows that started since the screen shown before, outermost
    /// first (spec §5): printed above this screen. Empty in a prompt's view.
    public var flowTitles: [FlowTitle] = []
    public let title: String?
    public let text: String?

    /// The flow that owns the screen.
    public var flow: String { flowPath.last ?? "" }

    /// A started flow's rendered title.
    public struct FlowTitle: Sendable, Equatable {
        public let flow: String
        public let title: String
    }
}

/// A field to answer. Its texts are rendered and escaped for a terminal (`TerminalText`);
/// values (the default, the current value, options' values) are as they are.
public struct FieldPrompt: Sendable {
    public let screen: ScreenView
    public let field: ResponderTree.FieldNode
    /// The field's place among its screen's fields.
    public let position: Int
    public let label: String
    public let help: String?
    public let placeholder: String?
    /// What an empty answer gives: the variable's current value, or the field's default.
    public let defaultValue: Value?
    /// Whether `defaultValue` must not be shown: the field is a secret, or the value was
    /// computed from one. A front end shows the mask, or nothing, in its place.
    public let defaultIsSecret: Bool
    /// For choice and multichoice fields, in order (numbered from 1 in plain mode).
    public let options: [Option]
    /// The variable's value, when it has one (a screen entered again): what an editor
    /// starts with, unless `defaultIsSecret`. `defaultValue` is what an empty answer takes.
    public let currentValue: Value?
    /// Every action the screen offers now; those with `validatesFields` wait until the
    /// fields are answered, the others can be chosen now (spec §5 1.1), as can `back`
    /// and `quit`.
    public let offered: [ActionPrompt.Action]
    /// The built-in actions that can be chosen now: `back` and `quit` where the screen
    /// does not define them itself; only `quit` while a resumed run asks a field again.
    public let builtIns: [String]

    /// The screen's actions that can be chosen now, before its fields are answered.
    public var actions: [ActionPrompt.Action] { offered.filter { !$0.validatesFields } }

    public struct Option: Sendable, Equatable {
        public let value: Value
        public let label: String
        /// Whether the value was computed from a secret: its label is the mask, and no
        /// message lists its value.
        public var isSecret = false
    }
}

/// The actions offered on the current screen.
public struct ActionPrompt: Sendable {
    public let screen: ScreenView
    public let actions: [Action]
    /// The ids of the screen's fields, which plain mode's `/ID` asks again (`ActionLine`).
    public let fields: [String]

    public struct Action: Sendable, Equatable {
        public let id: String
        public let label: String
        public let key: String?
        public let isDefault: Bool
        /// Whether the screen's fields must be answered and valid first (spec §5).
        public let validatesFields: Bool
    }

    /// The action an empty line chooses, and `--defaults`: the offered one marked `default`.
    public var defaultAction: Action? { actions.first(where: \.isDefault) }

    /// The built-in actions offered besides the screen's: those it does not define itself.
    public var builtIns: [String] { ActionEntry.builtIns(besides: actions.map(\.id)) }
}

extension ActionPrompt {
    /// The action a plain-mode line names (cli.md): an action's id, its `key`, the
    /// 1-based number of an offered action, or for an empty line the default action.
    /// Anything else is returned as typed, for the session to refuse or take as a built-in.
    public func actionID(forLine line: String) -> String {
        let trimmed = line.trimmed
        if trimmed.isEmpty, let defaultAction { return defaultAction.id }
        if let number = Int(trimmed), actions.indices.contains(number - 1) { return actions[number - 1].id }
        if !actions.contains(where: { $0.id == trimmed }), let keyed = actions.first(where: { $0.key == trimmed }) { return keyed.id }
        return trimmed
    }
}
