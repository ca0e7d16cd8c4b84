import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import FlowYAML

/// JSON-RPC over a byte stream, framed as the Language Server Protocol frames it: a
/// `Content-Length` header, an empty line, then that many bytes of JSON.
///
/// A frame that breaks these rules does not end the stream: it is reported, and reading
/// starts again at the next `Content-Length:` in the stream.
struct LSPConnection {
    /// What one read gave.
    enum Frame {
        /// A message's body, as many bytes as its header announced.
        case body([UInt8])
        /// Bytes that are not a well-framed message (why, in words); they were skipped.
        case malformed(String)
    }

    /// The stream ended (the editor went away).
    struct Closed: Error {}

    let input: Int32
    let output: Int32
    /// Bytes read but not yet taken: `buffer[start...]`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// The largest message body accepted: an editor's 5 MB document, with room to spare.
    static let maxBody = 64 << 20
    static let maxHeaderLine = 8192
    private static let lengthName = Array("content-length".utf8)[...]
    private static let typeName = Array("content-type".utf8)[...]
    private static let lengthHeader = Array("content-length:".utf8)[...]

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    mutating func read() throws(Closed) -> Frame {
        var length: Int?
        while true {
            // Where the line starts once read: reading may move the buffer's bytes.
            let (read, lineStart) = try readLine()
            guard let line = read else {
                start = lineStart + 1
                try resynchronise()
                return .malformed("a header line longer than \(Self.maxHeaderLine / 1024) KiB")
            }
            if line.isEmpty { break }
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            let name = line[..<colon]
            guard colon < line.endIndex, Self.equalIgnoringCase(name, Self.lengthName) || Self.equalIgnoringCase(name, Self.typeName) else {
                // Perhaps the surplus of a body longer than announced, the next header after it.
                start = lineStart + 1
                try resynchronise()
                return .malformed("'\(String(decoding: line.prefix(80), as: UTF8.self))' is not a Content-Length or Content-Type header")
            }
            guard Self.equalIgnoringCase(name, Self.lengthName) else { continue }
            // Spaces and tabs around the value are not part of it.
            var value = line[(colon + 1)...].drop { Self.isBlank($0) }
            while let last = value.last, Self.isBlank(last) { value = value.dropLast() }
            // Digits only (`Int` would take a sign), validated before anything is allocated.
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let announced = Int(String(decoding: value, as: UTF8.self)), announced <= Self.maxBody else {
                // The header may be a stray one inside other bytes: the real one may follow on this line.
                start = lineStart + 1
                try resynchronise()
                return .malformed("Content-Length '\(String(decoding: value.prefix(40), as: UTF8.self))' is not a length from 0 to \(Self.maxBody) bytes")
            }
            length = announced
        }
        guard let length else {
            try resynchronise()
            return .malformed("a message without Content-Length")
        }
        return .body(try readBody(length))
    }

    /// Takes back what is left of a body shorter than its `Content-Length`, whose bytes
    /// ran into the next message's header: reading goes on at that header. False when the
    /// body holds none: no `Content-Length:` followed by a length and the line's end (in
    /// the body, or in the bytes after it), so that such text inside the body's own JSON
    /// is not taken for the next header, nor is a body that merely ends in `c`.
    mutating func returnUnread(ofShortBody body: [UInt8]) -> Bool {
        let after = buffer[start...]
        var from = 0
        while let header = Self.firstLengthHeader(in: body[from...]) {
            if Self.beginsWithLengthHeader([body[header...], after].joined()) {
                buffer = Array(body[header...]) + after
                start = 0
                return true
            }
            from = header + 1
        }
        return false
    }

    func write(_ message: JSONValue) {
        let body = message.encodedParts()
        let length = body.reduce(0) { $0 + $1.count }
        for part in [Array("Content-Length: \(length)\r\n\r\n".utf8)] + body where !part.isEmpty {
            _ = Console.writeAll(part, to: output)
        }
    }

    /// A header line, without its CR LF (nil when it is longer than `maxHeaderLine`), and
    /// where it starts in `buffer`, which `fill` may have moved since the call began.
    private mutating func readLine() throws(Closed) -> (line: [UInt8]?, start: Int) {
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                let line = Array(buffer[start..<end])
                defer { start = newline + 1 }
                return (line, start)
            }
            searched = buffer.count - start
            guard searched < Self.maxHeaderLine else { return (nil, start) }
            try fill()
        }
    }

    /// The body of `length` bytes (at most `maxBody`), read into an array of that size.
    private mutating func readBody(_ length: Int) throws(Closed) -> [UInt8] {
        let buffered = min(length, buffer.count - start)
        var failed = false
        let body = [UInt8](unsafeUninitializedCapacity: length) { target, initialized in
            initialized = target.initialize(from: buffer[start..<(start + buffered)]).1
            // The rest straight from the stream, with no buffer between.
            while initialized < length {
                let count = readBytes(input, target.baseAddress.map { $0 + initialized }, length - initialized)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failed = true
                    return
                }
                initialized += count
            }
        }
        start += buffered
        if failed { throw Closed() }
        return body
    }

    /// Skips to the next `Content-Length:` header, wherever it starts (frames usually
    /// follow one another with nothing between: the header after a body longer than its
    /// length starts where the surplus ends).
    private mutating func resynchronise() throws(Closed) {
        while true {
            if let header = Self.firstLengthHeader(in: buffer[start...]) {
                start = header
                if buffer.count - header >= Self.lengthHeader.count { return }
            } else {
                start = buffer.count
            }
            try fill()
        }
    }

    /// Where the first `Content-Length:` (in any case) in `bytes` starts, or the start of
    /// the beginning of one that `bytes` end with.
    private static func firstLengthHeader(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while let candidate = bytes[index...].firstIndex(where: { $0 | 0x20 == UInt8(ascii: "c") }) {
            let end = min(candidate + lengthHeader.count, bytes.endIndex)
            if equalIgnoringCase(bytes[candidate..<end], lengthHeader.prefix(end - candidate)) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// Whether `bytes` start with a `Content-Length` header line (in any case, a length of
    /// at most 18 digits, spaces or tabs around it, then the line's end), or with the
    /// beginning of one, cut where they end.
    private static func beginsWithLengthHeader(_ bytes: some Sequence<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        for expected in lengthHeader {
            guard let byte = iterator.next() else { return true }
            guard lowercased(byte) == expected else { return false }
        }
        var digits = 0
        var digitsEnded = false
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !digitsEnded, digits < 18 else { return false }
                digits += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                digitsEnded = digits > 0
            case UInt8(ascii: "\r"):
                guard digits > 0 else { return false }
                return iterator.next().map { $0 == UInt8(ascii: "\n") } ?? true
            case UInt8(ascii: "\n"):
                return digits > 0
            default:
                return false
            }
        }
        return true
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether two header names are the same, ASCII letters compared in any case.
    private static func equalIgnoringCase(_ name: ArraySlice<UInt8>, _ other: ArraySlice<UInt8>) -> Bool {
        name.count == other.count && zip(name, other).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private mutating func fill() throws(Closed) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Closed() }
            buffer += chunk.prefix(count)
            return
        }
    }
}

/// `read(2)`, named apart from `LSPConnection.read()`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
