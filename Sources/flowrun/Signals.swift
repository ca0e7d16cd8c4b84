#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit
import Synchronization

/// SIGINT and SIGTERM, noted rather than obeyed at once, so a run can save its state
/// and restore the terminal before it exits with 130 or 143 (cli.md); and SIGWINCH, so
/// the terminal's form is drawn again at the new width.
enum Signals {
    /// The signal received, or 0.
    static let received = Atomic<Int32>(0)
    /// Set by SIGWINCH until the form is drawn again.
    private static let resized = Atomic<Bool>(false)
    /// Whether SIGINT and SIGTERM are noted (a run has begun), or end the process as by
    /// default (while the flow and the answers load: a read of a pipe must stay stoppable).
    private static let noting = Atomic<Bool>(false)

    /// Handles SIGINT and SIGTERM from the start of `run`: they end the process, as by
    /// default, until `startNoting()`; then they are noted, for the run to save and end.
    static func watch() {
        _ = received.load(ordering: .relaxed)
        _ = noting.load(ordering: .relaxed)
        _ = Interruption.isRequested
        for each in [SIGINT, SIGTERM] {
            install(each) { number in
                guard Signals.noting.load(ordering: .relaxed) else {
                    // Async-signal-safe: the default action, taken once this handler returns.
                    signal(number, SIG_DFL)
                    raise(number)
                    return
                }
                Signals.received.store(number, ordering: .relaxed)
                Interruption.request()
            }
        }
    }

    /// From now on SIGINT and SIGTERM are noted: every wait looks at `exitStatus`.
    static func startNoting() {
        noting.store(true, ordering: .relaxed)
    }

    /// Notes SIGWINCH; for the terminal front end only.
    static func watchResize() {
        install(SIGWINCH) { _ in Signals.resized.store(true, ordering: .relaxed) }
    }

    /// Installs a handler without `SA_RESTART`, so a blocked read returns `EINTR`, and
    /// unblocks the signal: a blocked mask is inherited across `exec`, so a parent that
    /// blocked it would otherwise leave the run deaf to it.
    private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        // The handler field is named differently by glibc and by Darwin's libc.
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Whether the terminal changed size since the last call.
    static func takeResize() -> Bool {
        resized.exchange(false, ordering: .relaxed)
    }

    /// Whether the terminal changed size and nobody has redrawn yet.
    static var resizePending: Bool { resized.load(ordering: .relaxed) }

    /// The exit status for a received signal: 128 + its number (130, 143).
    static var exitStatus: Int32? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : 128 + signal
    }
}
