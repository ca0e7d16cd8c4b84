/// What a line typed at the action prompt means in plain mode (cli.md 1.2): `/ID` naming
/// a field of the screen asks that field again; anything else chooses an action, as
/// `ActionPrompt.actionID(forLine:)` reads it (an id, a key, a number, or the default
/// action for an empty line), and `/ID` naming an action chooses it as the bare id does.
public enum ActionLine: Equatable, Sendable {
    case action(String)
    case field(String)

    public init(_ line: String, at prompt: ActionPrompt) {
        guard line.hasPrefix("/") else {
            self = .action(prompt.actionID(forLine: line))
            return
        }
        let name = String(line.dropFirst()).trimmed
        self = prompt.fields.contains(name) ? .field(name) : .action(name)
    }

    /// The action the line chooses; nil when it asks a field again.
    public var action: String? {
        if case .action(let id) = self { return id }
        return nil
    }
}

extension Session {
    /// Takes what a line typed at the action prompt means, as plain mode and flow tests read it.
    public mutating func enter(_ line: ActionLine) -> [SessionEvent] {
        switch line {
        case .action(let action): perform(action)
        case .field(let field): askAgain(field: field)
        }
    }
}
