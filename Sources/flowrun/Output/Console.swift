#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowKit
import SystemPackage
import FlowYAML

/// The process's standard streams: results on stdout, everything a person reads on stderr.
enum Console {
    enum Stream {
        case standardInput, standardOutput, standardError
        var descriptor: Int32 {
            switch self {
            case .standardInput: STDIN_FILENO
            case .standardOutput: STDOUT_FILENO
            case .standardError: STDERR_FILENO
            }
        }
    }

    static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream.descriptor) == 1
    }

    /// Whether text written to `stream` may be coloured: it is a terminal, and neither
    /// `NO_COLOR` nor `TERM=dumb` says otherwise (`TextStyle.shouldColor`). A command's own
    /// `--no-color` is its caller's to add.
    static func colors(_ stream: Stream) -> Bool {
        TextStyle.shouldColor(isTerminal: isTerminal(stream), environment: ProcessEnvironment.variables(TextStyle.variablesRead))
    }

    /// Writes a result to stdout. A write that fails (a full disk, a device that takes
    /// nothing) is reported and ends the command with 74, `EX_IOERR` (cli.md 1.1): a
    /// result that did not arrive must not pass for one that did.
    static func output(_ text: String) throws(ExitCode) {
        guard emit(text, to: .standardOutput) else {
            error("cannot write the result to stdout: \(String(cString: strerror(errno)))")
            throw ExitCode.ioError
        }
    }

    /// Reports a problem that is not a diagnostic (an unreadable path) on stderr. The
    /// message may quote a path, a key or an answer: it is escaped for the terminal.
    static func error(_ message: String) {
        emit("flowrun: error: \(TerminalText.escaped(message))\n", to: .standardError)
    }

    /// Warns on stderr about something that does not fail the command (escaped, as `error`).
    static func warning(_ message: String) {
        emit("flowrun: warning: \(TerminalText.escaped(message))\n", to: .standardError)
    }

    /// Writes all of `text`, unbuffered, retrying short and interrupted writes. False if
    /// a write failed (`errno` says why).
    @discardableResult
    static func emit(_ text: String, to stream: Stream) -> Bool {
        writeAll(text.utf8, to: stream.descriptor)
    }

    /// Writes all of `bytes` to `descriptor` (a stream or a file flowrun opened), retrying
    /// short writes and writes a signal interrupted (signals are installed without
    /// `SA_RESTART`). False if a write failed (`errno` says why).
    static func writeAll(_ bytes: some Sequence<UInt8>, to descriptor: Int32) -> Bool {
        (try? FileDescriptor(rawValue: descriptor).writeAll(bytes)) != nil
    }
}

extension ExitCode {
    /// An output could not be written (cli.md 1.1; `EX_IOERR` of sysexits.h).
    static let ioError = ExitCode(74)
}
