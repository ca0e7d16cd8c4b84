/// What a responder does with one action (spec §7): the first branch whose
/// `when` holds runs; if none holds, the action goes on up the chain.
public struct Handler: Sendable {
    /// The action handled: an id, or `flowid.done` for a child flow finishing.
    public var action: Located<String>
    public var branches: [Branch]
}

/// One branch of a handler: a condition, assignments, a message, and at most one transition.
public struct Branch: Sendable {
    public var when: Located<String>?
    public var assignments: [Assignment]
    public var say: Located<String>?
    public var transition: Located<Transition>?
    public var location: SourceLocation
}

/// `set: { name: expression }`: `name` may be `flowid.name`.
public struct Assignment: Sendable {
    public var target: Located<String>
    public var expression: Located<String>
}

/// How a branch moves the user (spec §7).
public enum Transition: Sendable, Equatable {
    case push(String)
    case replace(String)
    case back
    case send(String)
    case finish
    case exit(code: Int, message: Located<String>?)

    public static func == (lhs: Transition, rhs: Transition) -> Bool {
        switch (lhs, rhs) {
        case let (.push(a), .push(b)), let (.replace(a), .replace(b)), let (.send(a), .send(b)): a == b
        case (.back, .back), (.finish, .finish): true
        case let (.exit(a, _), .exit(b, _)): a == b
        default: false
        }
    }
}
