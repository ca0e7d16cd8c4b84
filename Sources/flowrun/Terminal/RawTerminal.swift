#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on stdin in raw mode (no echo, no line buffering, no signals from
/// keys), restored to the mode it had by `restore()`, which every exit path calls.
final class RawTerminal {
    private var original = termios()
    private var active = false

    /// Switches stdin to raw mode; nil if stdin is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
        active = true
    }

    /// Puts the terminal back as it was; safe to call more than once.
    func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        active = false
    }

    deinit { restore() }

    /// The terminal's width in columns (80 when unknown).
    static var width: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
