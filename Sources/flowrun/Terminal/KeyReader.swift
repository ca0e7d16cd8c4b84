#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import FlowKit

/// Reads keys from stdin in raw mode, decoding UTF-8 and the escape sequences of
/// common terminals. A lone Esc is told from a sequence by a short wait.
struct KeyReader {
    private var pending: [UInt8] = []

    /// The next key; `.resize` when the terminal changed size; nil when another signal
    /// interrupted the wait.
    mutating func next() -> Key? {
        guard let byte = nextByte(wait: -1) else { return Signals.takeResize() ? .resize : nil }
        switch byte {
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x09: return .tab
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x17: return .deleteWord
        case 0x15: return .deleteToStart
        case 0x01: return .home
        case 0x05: return .end
        case 0x1B: return escapeSequence()
        case 0x00..<0x20: return next()
        default: return character(startingWith: byte)
        }
    }

    private mutating func escapeSequence() -> Key {
        guard let introducer = nextByte(wait: 40) else { return .escape }
        // Esc then a printable key: the key pressed with Alt.
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            if (0x21...0x7E).contains(introducer) { return .alt(Character(Unicode.Scalar(introducer))) }
            pending.insert(introducer, at: 0)
            return .escape
        }
        var parameters: [UInt8] = []
        while let byte = nextByte(wait: 40) {
            if (0x40...0x7E).contains(byte) {
                switch (byte, parameters) {
                case (UInt8(ascii: "A"), _): return .up
                case (UInt8(ascii: "B"), _): return .down
                case (UInt8(ascii: "C"), _): return .right
                case (UInt8(ascii: "D"), _): return .left
                case (UInt8(ascii: "H"), _): return .home
                case (UInt8(ascii: "F"), _): return .end
                case (UInt8(ascii: "Z"), _): return .backTab
                case (UInt8(ascii: "~"), [UInt8(ascii: "3")]): return .delete
                case (UInt8(ascii: "~"), [UInt8(ascii: "1")]), (UInt8(ascii: "~"), [UInt8(ascii: "7")]): return .home
                case (UInt8(ascii: "~"), [UInt8(ascii: "4")]), (UInt8(ascii: "~"), [UInt8(ascii: "8")]): return .end
                case (UInt8(ascii: "~"), Array("200".utf8)): return paste()
                default: return next() ?? .escape
                }
            }
            parameters.append(byte)
        }
        return .escape
    }

    /// The text between the terminal's paste marks (`ESC [200~` … `ESC [201~`). Past the
    /// longest line (`InputLimit`) the rest is read to the end mark but not kept: the form
    /// refuses what it kept.
    private mutating func paste() -> Key {
        let end = Array("\u{1B}[201~".utf8)
        var bytes: [UInt8] = []
        // How much of the end mark the last bytes read are (its ESC starts it only once).
        var matched = 0
        while matched < end.count, let byte = nextByte(wait: 1000) {
            matched = byte == end[matched] ? matched + 1 : byte == end[0] ? 1 : 0
            if bytes.count <= InputLimit.lineBytes + end.count { bytes.append(byte) }
        }
        if matched == end.count, bytes.suffix(end.count).elementsEqual(end) { bytes.removeLast(end.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
        return .paste(text)
    }

    private mutating func character(startingWith first: UInt8) -> Key {
        var bytes = [first]
        let length = first >= 0xF8 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        // Only continuation bytes belong to the character: any other byte is the next key's.
        while bytes.count < length, let byte = nextByte(wait: 40) {
            guard byte & 0xC0 == 0x80 else {
                pending.insert(byte, at: 0)
                break
            }
            bytes.append(byte)
        }
        guard let character = String(validating: bytes, as: UTF8.self)?.first else { return .notUTF8 }
        return .character(character)
    }

    /// A byte of input: waiting up to `wait` milliseconds (-1: as long as it takes).
    /// Nil on a timeout, a signal, or the end of input (then `.endOfInput` follows).
    private mutating func nextByte(wait milliseconds: Int32) -> UInt8? {
        if !pending.isEmpty { return pending.removeFirst() }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if milliseconds >= 0 {
            guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        } else {
            // Waiting for a key, a signal that arrived just before the wait began must not
            // be missed until the next key: the signals' flags are looked at every 100 ms.
            while poll(&descriptor, 1, 100) <= 0 {
                if Signals.exitStatus != nil || Signals.resizePending { return nil }
            }
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        // In raw mode a read sees no end of input but the terminal's hang-up.
        if count == 0 || (count < 0 && errno == EIO) { return Signals.terminalHungUp() ? nil : 0x04 }
        guard count > 0 else { return nil }
        pending = Array(buffer[1..<count])
        return buffer[0]
    }
}
