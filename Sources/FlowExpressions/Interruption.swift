import Synchronization

/// Whether the user asked the process to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT), for work
/// inside FlowKit that the front end cannot cut short: a macro looks at it before each
/// element and gives up (`EvaluationError.interrupted`, not a failure of the expression),
/// and a run that sees it goes no further: no branch holds and no program starts. The
/// front end that handles the signals requests it; the flag is an atomic store, safe in
/// a signal handler.
public enum Interruption {
    private static let requested = Atomic<Bool>(false)

    public static var isRequested: Bool { requested.load(ordering: .relaxed) }

    public static func request() {
        requested.store(true, ordering: .relaxed)
    }
}
