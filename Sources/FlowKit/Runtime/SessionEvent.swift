import FlowYAML
import FlowExpressions

/// What happened in answer to an input: the session's only output.
public enum SessionEvent: Sendable, Equatable {
    /// A screen was shown (or shown again), as it reads at that moment: `flow/screen`
    /// joins the run's path. A `terminal` screen is shown too, though its flow finishes
    /// at once, so a front end draws the view carried here, not the next prompt's.
    case screenShown(ScreenView)
    /// A field's answer was taken: the value stored in the flow's variable (`null` for
    /// no answer). A refused answer gives `.refused` instead.
    case answered(flow: String, field: String, value: Value)
    /// A branch's `say`.
    case said(String)
    /// An answer or action was refused; the same question is asked again.
    case refused(String)
    /// An expression failed at run time; the text says what that led to (spec §9).
    case warning(String, at: SourceLocation)
    /// An action was handled: by which responder (`screen 'x'`, `flow 'y'`, `the application`)
    /// and which of its handler's branches (nil for the application's built-ins).
    case routed(action: String, responder: String, branch: ResponderTree.BranchID?)
    /// A notification was delivered to an observer: which flow, and which branch ran.
    case observed(notification: String, responder: String, branch: ResponderTree.BranchID)
    /// A flow started for an element of a `for_each`: the flow, which element (from 1), and how many.
    case repeated(flow: String, element: Int, of: Int)
    /// A `run` step's program ended (or could not start): what was asked, how it went.
    case commandRan(CommandRequest, CommandResult)
    case ended(RunOutcome)
}

extension SessionEvent {
    /// The first refusal among `events`: what a front end shows under the question.
    public static func refusal(in events: [SessionEvent]) -> String? {
        for case .refused(let text) in events { return text }
        return nil
    }

    /// The event with its messages escaped for a terminal (`TerminalText`): a `say`, a
    /// refusal and a warning can quote a flow's text or an answer. Screen views are
    /// escaped as they are rendered (`SessionRun.view(of:)`).
    var escapedForTerminal: SessionEvent {
        switch self {
        case .said(let text): .said(TerminalText.escaped(text))
        case .refused(let text): .refused(TerminalText.escaped(text))
        case .warning(let text, let location): .warning(TerminalText.escaped(text), at: location)
        default: self
        }
    }
}
