#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT and SIGTERM, noted rather than obeyed at once, so a run can save its state
/// and restore the terminal before it exits with 130 or 143 (cli.md).
enum Signals {
    /// The signal received, or 0.
    static let received = Atomic<Int32>(0)

    /// Installs the handlers without `SA_RESTART`, so a blocked read returns `EINTR`, and
    /// unblocks both signals: a blocked mask is inherited across `exec`, so a parent that
    /// blocked them would otherwise leave the run deaf to them.
    static func watch() {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM] {
            sigaddset(&unblocked, signal)
            var action = sigaction()
            let handler: @convention(c) (Int32) -> Void = { number in Signals.received.store(number, ordering: .relaxed) }
            // The handler field is named differently by glibc and by Darwin's libc.
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The exit status for a received signal: 128 + its number (130, 143).
    static var exitStatus: Int32? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : 128 + signal
    }
}
