#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit
import Synchronization
import FlowExpressions

/// SIGINT, SIGTERM, SIGHUP (the terminal closed, the SSH connection dropped) and SIGQUIT,
/// noted rather than obeyed at once, so a run can kill the program it runs, save its
/// state, restore the terminal and print its result before it exits with 128 + the
/// signal's number (130, 143, 129, 131; cli.md); SIGWINCH, so the terminal's form is
/// drawn again at the new width; and SIGXFSZ, so a file-size limit fails a write.
enum Signals {
    /// The signals that stop a run. SIGHUP that the parent ignores (`nohup`) stays ignored.
    private static let stopping = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The signal received, or 0.
    static let received = Atomic<Int32>(0)
    /// Set by SIGWINCH until the form is drawn again.
    private static let resized = Atomic<Bool>(false)
    /// Whether the stopping signals are noted (a run has begun), or end the process as by
    /// default (while the flow and the answers load: a read of a pipe must stay stoppable).
    private static let noting = Atomic<Bool>(false)

    /// Handles the stopping signals from the start of `run`: they end the process, as by
    /// default, until `startNoting()`; then they are noted, for the run to save and end.
    static func watch() {
        _ = received.load(ordering: .relaxed)
        _ = noting.load(ordering: .relaxed)
        _ = Interruption.isRequested
        for each in stopping where !(each == SIGHUP && isIgnored(each)) {
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

    /// Whether the signal is ignored, as the parent left it (`nohup` ignores SIGHUP).
    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        // C interop: a handler is a C function pointer and SIG_IGN a sentinel value of
        // one; they are compared as numbers, as no function pointer is Equatable.
        #if canImport(Glibc)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #endif
    }

    /// SIGXFSZ, sent where a write passes the file-size limit (`ulimit -f`), is caught and
    /// does nothing, for every command, before anything is written: the write then fails
    /// (EFBIG) and is reported (exit 74), where by default the signal would kill flowrun
    /// halfway through a file. Caught rather than ignored: an ignored signal stays ignored
    /// in the programs a run starts, a caught one is back to its default there.
    static func survivingFileSizeLimit() {
        install(SIGXFSZ) { _ in }
    }

    /// The terminal on stdin hung up (closed, its connection dropped): SIGHUP tells the
    /// process so too, at times only after a read has seen the end. Taken as that SIGHUP,
    /// whichever comes first, unless SIGHUP is ignored (`nohup`); returns whether it was.
    static func terminalHungUp() -> Bool {
        guard !isIgnored(SIGHUP) else { return false }
        raise(SIGHUP)
        return exitStatus != nil
    }

    /// From now on the stopping signals are noted: every wait looks at `exitStatus`.
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

    /// The exit status for a received signal: 128 + its number (130, 143, 129, 131).
    static var exitStatus: Int32? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : 128 + signal
    }
}
