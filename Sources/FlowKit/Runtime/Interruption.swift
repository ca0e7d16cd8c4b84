import Synchronization

/// Whether the user asked the process to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT), for the engine's own
/// waits: a computation FlowKit cannot cut short itself (a regular expression match)
/// gives up when this is set. The front end that handles the signals requests it; the
/// flag is an atomic store, safe in a signal handler.
public enum Interruption {
    private static let requested = Atomic<Bool>(false)

    public static var isRequested: Bool { requested.load(ordering: .relaxed) }

    public static func request() {
        requested.store(true, ordering: .relaxed)
    }
}
