import FlowYAML

/// What a responder does with one action (spec §7): the first branch whose
/// `when` holds runs; if none holds, the action goes on up the chain.
public struct Handler: Sendable {
    /// The action handled: an id, or `flowid.done` for a child flow finishing; for a
    /// screen's `enter` (spec §5 1.2), the key `enter` itself.
    public var action: Located<String>
    public var branches: [Branch]
}

/// One branch of a handler: a condition, assignments, a message, and at most one transition.
public struct Branch: Sendable {
    public var when: Located<String>?
    public var assignments: [Assignment]
    @OutOfLine public var say: Located<String>? = nil
    public var transition: Located<Transition>?
    /// How a `push` or `replace` of a child flow starts it (spec §7 1.1): with params,
    /// once per element of a list.
    @OutOfLine public var launch: FlowLaunch? = nil
    /// The programs to run (spec §7 1.1; a list 1.2), in order, before the branch's
    /// `set`, `post`, `say` and transition: a single `run` mapping is a list of one.
    public var commands: [Command] = []
    /// A notification to deliver to every observer (spec §7 1.1).
    @OutOfLine public var post: Located<String>? = nil
    public var location: SourceLocation
}

/// The mapping form of a `push` or `replace` target: `{ to, with, for_each, as }`.
public struct FlowLaunch: Sendable {
    /// Values for the started flow's params, evaluated in the handling flow.
    public var arguments: [NamedExpression]
    /// A list: the flow runs once per element.
    public var forEach: Located<String>? = nil
    /// The param each element is given in.
    public var element: Located<String>? = nil
    /// The param (an int) each run's 0-based position is given in (spec §7 1.2).
    public var index: Located<String>? = nil
}

/// A branch's `run` (spec §7 1.1), or one of its list (1.2), or a field's check by a
/// program (spec §6 1.2): a program, its arguments as templates, no shell.
public struct Command: Sendable {
    /// The program and its arguments, each a template.
    public var arguments: [Located<String>]
    /// A variable of the handling flow that receives `{ exit_code, stdout, timed_out }`
    /// (never for a field's check).
    public var into: Located<String>?
    /// Environment variables for the program, each a template: the place for secrets,
    /// which `ps` would show in the arguments.
    public var environment: [NamedExpression]
    /// Seconds before the program and its children are killed.
    public var timeout: Located<Double>?
    /// What the terminal's spinner says while the program runs.
    public var label: Located<String>?
    /// Where `run` is written.
    public var location: SourceLocation
}

/// `set: { name: expression }`: `name` may be `flowid.name`, or index into a variable
/// (spec §7 1.2, `SetTarget`).
public struct Assignment: Sendable {
    public var target: Located<String>
    public var expression: Located<String>
    /// The key read as a target; nil when it is none (an `invalid-id`, reported).
    public var destination: SetTarget?
}
