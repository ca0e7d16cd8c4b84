import FlowYAML

/// How a branch moves the user (spec §7), generic over what it names, so that one enum
/// holds it both as written (`Transition`: names of screens, child flows and actions)
/// and compiled (`ResponderTree.CompiledTransition`: a resolved target, a numbered
/// action, a parsed message). A new step is one case here.
public enum BranchTransition<Destination: Sendable, Action: Sendable, Message: Sendable>: Sendable {
    case push(Destination)
    case replace(Destination)
    case back
    case send(Action)
    case finish
    case exit(code: Int, message: Message)

    /// The same step with what it names turned into what `destination`, `action` and
    /// `message` make of it.
    func map<D, A, M>(destination: (Destination) -> D, action: (Action) -> A,
                      message: (Message) -> M) -> BranchTransition<D, A, M> {
        switch self {
        case .push(let target): .push(destination(target))
        case .replace(let target): .replace(destination(target))
        case .back: .back
        case .send(let name): .send(action(name))
        case .finish: .finish
        case .exit(let code, let text): .exit(code: code, message: message(text))
        }
    }
}

/// A transition as written.
public typealias Transition = BranchTransition<String, String, Located<String>?>
