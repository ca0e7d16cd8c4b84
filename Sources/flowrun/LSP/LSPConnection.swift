#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// JSON-RPC over a byte stream, framed as the Language Server Protocol frames it: a
/// `Content-Length` header, an empty line, then that many bytes of JSON.
struct LSPConnection {
    /// Why reading stopped.
    enum ReadFailure: Error {
        /// The stream ended (the editor went away).
        case closed
        /// A frame whose header cannot be read; the rest of the stream cannot be trusted.
        case badHeader(String)
    }

    let input: Int32
    let output: Int32
    /// Bytes read but not yet taken.
    private var buffer: [UInt8] = []
    /// The largest message body accepted: an editor's 5 MB document, with room to spare.
    static let maxBody = 64 << 20

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next message's body.
    mutating func read() throws(ReadFailure) -> [UInt8] {
        var length: Int?
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                guard let value = Int(parts[1].filter { $0 != " " && $0 != "\t" }), value >= 0, value <= Self.maxBody else {
                    throw .badHeader("Content-Length '\(parts[1])' is not a length this server reads")
                }
                length = value
            }
        }
        guard let length else { throw .badHeader("a message without Content-Length") }
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return body
    }

    /// Writes one message.
    func write(_ message: JSONValue) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(message) else { return }
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + [UInt8](body)
        _ = frame.withUnsafeBytes { Console.writeAll($0, to: output) }
    }

    /// A header line, without its CR LF.
    private mutating func readLine() throws(ReadFailure) -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count < 8192 else { throw .badHeader("a header line longer than 8 KiB") }
            try fill()
        }
    }

    private mutating func fill() throws(ReadFailure) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { readBytes(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else { throw .closed }
        buffer += chunk.prefix(count)
    }
}

/// `read(2)`, named apart from `LSPConnection.read()`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
