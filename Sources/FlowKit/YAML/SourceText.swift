/// The bytes of a source file with a line index, for quoting lines in diagnostics
/// and turning byte offsets into marks.
///
/// Line breaks are LF, CRLF and lone CR, as libyaml counts them. Columns count
/// Unicode scalars; invalid UTF-8 decodes to U+FFFD.
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each line starts; line n (1-based) starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\r") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                starts.append(i + 1)
            } else if bytes[i] == UInt8(ascii: "\n") {
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line break, or nil past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        while end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[lineStarts[number - 1]..<end], as: UTF8.self)
    }

    /// The mark of a byte offset: its line, and its column in Unicode scalars.
    public func mark(atByteOffset offset: Int) -> Mark {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let scalarsBefore = bytes[lineStarts[low]..<offset].reduce(0) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        return Mark(line: low + 1, column: scalarsBefore + 1)
    }

    /// The character starting at a byte offset, if it decodes.
    func character(atByteOffset offset: Int) -> Character? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + 4)
        return String(decoding: bytes[offset..<end], as: UTF8.self).first
    }
}
