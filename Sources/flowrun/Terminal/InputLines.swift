#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit

/// Lines from standard input, read with `read(2)` so that a signal interrupts the wait.
/// Text is UTF-8, taken as typed: a byte order mark at the start of the input is not
/// part of the first line, and a line that is not UTF-8 is reported, never repaired.
struct InputLines {
    enum Line: Equatable {
        case text(String)
        /// A line whose bytes are not UTF-8: its number, from 1.
        case notUTF8(line: Int)
        /// A line longer than `InputLimit.lineBytes`: its number, from 1. Its bytes were dropped.
        case tooLong(line: Int)
        case endOfInput
        case interrupted
    }

    private var buffer: [UInt8] = []
    private var linesRead = 0
    /// How much of `buffer` is known to hold no line break, so a long line is scanned once.
    private var scanned = 0
    private var ended = false
    /// Whether the line being read is already too long: its bytes are dropped up to its end.
    private var dropping = false

    /// The next line without its line break (CR LF too), the end of input, or an interruption.
    mutating func next() -> Line {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                defer {
                    buffer.removeSubrange(...newline)
                    scanned = 0
                }
                return checked(line)
            }
            scanned = buffer.count
            // A line past the limit is not kept: what is read of it is dropped as it comes.
            if buffer.count > InputLimit.lineBytes + 1 {
                dropping = true
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if ended {
                guard !buffer.isEmpty || dropping else { return .endOfInput }
                defer {
                    buffer.removeAll()
                    scanned = 0
                }
                return checked(buffer[...])
            }
            // A signal that arrives between a look at the flags and a blocking read would be
            // missed until the next line, which may never come: the read waits only once
            // poll says input is there, and the flags are looked at every 50 ms meanwhile.
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            while true {
                let ready = poll(&descriptor, 1, 50)
                if Signals.exitStatus != nil { return .interrupted }
                if ready > 0 || (ready < 0 && errno != EINTR) { break }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }

    /// The next line, unless it is longer than the limit.
    private mutating func checked(_ bytes: ArraySlice<UInt8>) -> Line {
        guard dropping || bytes.count > InputLimit.lineBytes else { return decoded(bytes) }
        dropping = false
        linesRead += 1
        return .tooLong(line: linesRead)
    }

    /// The next line's text, without the byte order mark that may start the input.
    private mutating func decoded(_ bytes: ArraySlice<UInt8>) -> Line {
        linesRead += 1
        var bytes = bytes
        if linesRead == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8(line: linesRead) }
        return .text(text)
    }
}
