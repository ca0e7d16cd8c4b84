#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A changed mode of the terminal on stdin, put back as it was by `restore()`, which
/// every exit path calls: raw mode for the terminal UI, or the echo off while plain
/// mode reads a secret's line on a terminal.
final class RawTerminal {
    private var original = termios()
    private var active = false
    /// When a change takes effect: raw mode drops what was typed before the UI began; the
    /// echo goes off and on without losing lines typed ahead.
    private let timing: Int32

    /// Whether the terminal was asked to mark pasted text (bracketed paste), which is asked
    /// back when it is put back.
    private var marksPastes = false

    /// Raw mode: no echo, no line buffering, no signals from keys, pasted text marked (a
    /// paste's line breaks then answer no field, `Key.paste`). Nil if stdin is not a terminal.
    convenience init?() {
        self.init(timing: TCSAFLUSH) { mode in
            mode.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            mode.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            mode.c_cflag |= tcflag_t(CS8)
        }
        _ = Console.emit("\u{1B}[?2004h", to: .standardError)
        marksPastes = true
    }

    /// The echo off, line editing and Ctrl-C as they were: what is typed for a secret in
    /// plain mode is not shown by the terminal. Nil if stdin is not a terminal.
    static func hidingInput() -> RawTerminal? {
        RawTerminal(timing: TCSANOW) { mode in mode.c_lflag &= ~tcflag_t(ECHO) }
    }

    private init?(timing: Int32, changing change: (inout termios) -> Void) {
        self.timing = timing
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var mode = original
        change(&mode)
        guard tcsetattr(STDIN_FILENO, timing, &mode) == 0 else { return nil }
        active = true
    }

    /// Whether Ctrl-C and Ctrl-\\ send their signals, on the terminal on stdin. Raw mode
    /// reads them as keys; while a `run` step's program runs the form reads no keys, so
    /// they send their signals again, and a stopping signal ends the run and the program
    /// as it does anywhere else.
    static func keysSendSignals(_ sending: Bool) {
        var mode = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &mode) == 0 else { return }
        if sending { mode.c_lflag |= tcflag_t(ISIG) } else { mode.c_lflag &= ~tcflag_t(ISIG) }
        tcsetattr(STDIN_FILENO, TCSANOW, &mode)
    }

    /// Puts the terminal back as it was; safe to call more than once.
    func restore() {
        guard active else { return }
        if marksPastes { _ = Console.emit("\u{1B}[?2004l", to: .standardError) }
        tcsetattr(STDIN_FILENO, timing, &original)
        active = false
    }

    deinit { restore() }

    /// The terminal's width in columns (80 when unknown).
    static var width: Int { size.columns }

    /// The terminal's rows and columns, read at once (24 by 80 when unknown).
    static var size: (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
