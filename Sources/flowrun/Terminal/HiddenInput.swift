#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on stdin with its echo off, for reading a secret's line in plain mode
/// (`--plain` on a terminal): the terminal, not flowrun, would otherwise show what is
/// typed. Line editing and Ctrl-C keep working; `restore()` puts the echo back.
final class HiddenInput {
    private var original = termios()
    private var active = false

    /// Turns the echo off; nil when stdin is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &hidden) == 0 else { return nil }
        active = true
    }

    /// Puts the echo back as it was; safe to call more than once.
    func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        active = false
    }

    deinit { restore() }
}
