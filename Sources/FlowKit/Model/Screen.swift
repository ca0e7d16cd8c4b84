import FlowYAML

/// A screen (spec §5): text, fields to ask, actions to offer, and its own handlers.
public struct Screen: Sendable {
    public var id: Located<String>
    public var title: Located<String>?
    public var text: Located<String>?
    public var fields: [Field]
    public var actions: [ActionEntry]
    public var handlers: [Handler]
    /// `enter` (spec §5 1.2): branches run each time a transition makes the screen the one
    /// shown, before it is shown. Its `action` is the `enter` key. Out of line, as most
    /// screens have none.
    @OutOfLine public var enter: Handler? = nil
    /// Once shown and answered, the screen's flow finishes.
    public var isTerminal: Bool
}

extension Screen {
    /// The screen's handlers, then its `enter`: every branch it runs, for the checks
    /// that read branches alike wherever they are written.
    var handlersAndEnter: [Handler] { enter.map { handlers + [$0] } ?? handlers }
}

/// An action a screen offers (spec §5): written as an id or as a mapping.
public struct ActionEntry: Sendable {
    public var id: Located<String>
    public var label: Located<String>?
    /// A one-character shortcut, never a digit (digits number the actions).
    @OutOfLine public var key: Located<String>? = nil
    /// Whether the screen's fields must be valid first; nil means the default
    /// (`true`, but `false` for `back` and `quit`).
    @OutOfLine public var validate: Located<Bool>? = nil
    /// The action is offered only while this holds.
    @OutOfLine public var when: Located<String>? = nil
    /// `default: true`: the action an empty line and `--defaults` choose (spec §5 1.1).
    @OutOfLine public var isDefault: Located<Bool>? = nil

    /// The built-in actions the application responder handles (spec §7), in the order
    /// they are offered.
    public static let builtIns = ["back", "quit"]

    /// The built-ins offered besides a screen's actions: those it does not define itself.
    public static func builtIns(besides actionIDs: [String]) -> [String] {
        builtIns.filter { !actionIDs.contains($0) }
    }

    public var validatesFields: Bool { validate?.value ?? !Self.builtIns.contains(id.value) }

    /// Whether the flow file itself gives `action` its meaning: no built-in, which can
    /// always be typed, and no `c.done`, which a flow sends as it finishes.
    static func isOwn(_ action: String) -> Bool {
        !action.hasSuffix(".done") && !builtIns.contains(action)
    }

    /// The `c` of a `c.done` action, the flow whose finishing it stands for; nil for another action.
    static func finishedFlow(_ action: String) -> String? {
        action.hasSuffix(".done") ? String(action.dropLast(".done".count)) : nil
    }
}
