/// What the session waits for now, with everything a front end shows for it.
public enum Prompt: Sendable {
    case field(FieldPrompt)
    case action(ActionPrompt)
    case ended(RunOutcome)
}

/// The screen on display: where it is in the tree and its rendered text.
public struct ScreenView: Sendable, Equatable {
    /// The flow path from the root, for a breadcrumb: `["app", "login"]`.
    public let flowPath: [String]
    public let screen: String
    public let title: String?
    public let text: String?
}

/// A field to answer.
public struct FieldPrompt: Sendable {
    public let screen: ScreenView
    public let field: ResponderTree.FieldNode
    public let label: String
    public let help: String?
    public let placeholder: String?
    /// What an empty answer gives: the variable's current value, or the field's default.
    public let defaultValue: Value?
    /// For choice and multichoice fields, in order (numbered from 1 in plain mode).
    public let options: [Option]

    public struct Option: Sendable, Equatable {
        public let value: Value
        public let label: String
    }
}

/// The actions offered on the current screen.
public struct ActionPrompt: Sendable {
    public let screen: ScreenView
    public let actions: [Action]

    public struct Action: Sendable, Equatable {
        public let id: String
        public let label: String
        public let key: String?
    }
}
