/// The bytes of a source file with a line index, for quoting lines in diagnostics
/// and converting between byte offsets and marks.
///
/// Line breaks are those libyaml counts: LF, CRLF, lone CR, NEL (U+0085), LS (U+2028)
/// and PS (U+2029). Columns count Unicode scalars, skipping a leading byte-order mark
/// as libyaml does; invalid UTF-8 decodes to U+FFFD.
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each line's text starts; line n (1-based) at `lineStarts[n - 1]`.
    /// Kept in 32 bits, half the size of a large file's index: flow files stay far below
    /// 4 GiB (`YAMLLimits.maxFileSize`); in a larger text, lines past 4 GiB read as one.
    private let lineStarts: [UInt32]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = Self.lineStarts(of: bytes)
    }

    private static func lineStarts(of bytes: [UInt8]) -> [UInt32] {
        let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var starts: [UInt32] = [hasByteOrderMark ? 3 : 0]
        bytes.withUnsafeBytes { raw in
            var i = Int(starts[0])
            while i < raw.count {
                // Eight bytes at a time, straight to the first that may start a line break.
                if i + 8 <= raw.count {
                    let candidates = lineBreakCandidates(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                    guard candidates != 0 else {
                        i += 8
                        continue
                    }
                    i += candidates.trailingZeroBitCount / 8
                }
                let breakLength = lineBreakLength(bytes, at: i)
                if breakLength > 0 {
                    i += breakLength
                    guard let start = UInt32(exactly: i) else { return }
                    starts.append(start)
                } else {
                    i += 1
                }
            }
        }
        return starts
    }

    /// The high bit of each of eight bytes (the first in the lowest bits) that may begin
    /// a line break, and possibly of bytes after the first such one: every break begins
    /// with a control character (LF, CR) or a byte with its high bit set (NEL, LS, PS),
    /// so a word of printable ASCII yields zero.
    private static func lineBreakCandidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 gets its high bit set here; a borrow may mark bytes above it too.
        let belowSpace = (word &- ones &* 0x20) & ~word & highBits
        return belowSpace | word & highBits
    }

    /// The length in bytes of the line break at `i`, or 0.
    private static func lineBreakLength(_ bytes: [UInt8], at i: Int) -> Int {
        switch bytes[i] {
        case UInt8(ascii: "\n"): return 1
        case UInt8(ascii: "\r"): return i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n") ? 2 : 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2: return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The byte range of a 1-based line's text, without its line break.
    private func lineRange(_ number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = Int(lineStarts[number - 1])
        guard number < lineStarts.count else { return start..<bytes.count }
        let next = Int(lineStarts[number])
        // The line ends with the break that the index found just before `next`.
        let breakLength = [3, 2, 1].first { length in
            next - length >= start && Self.lineBreakLength(bytes, at: next - length) == length
        } ?? 0
        return start..<next - breakLength
    }

    /// The text of a 1-based line without its line break, or nil past the end.
    public func line(_ number: Int) -> String? {
        lineRange(number).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The mark of a byte offset: its line, and its column in Unicode scalars.
    public func mark(atByteOffset offset: Int) -> Mark {
        let offset = min(max(offset, Int(lineStarts[0])), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        let scalarsBefore = bytes[Int(lineStarts[low])..<offset].reduce(0) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        return Mark(line: low + 1, column: scalarsBefore + 1)
    }

    /// The byte offset of a mark, or nil if the file has no such position.
    public func byteOffset(of mark: Mark) -> Int? {
        guard let range = lineRange(mark.line), mark.column >= 1 else { return nil }
        var scalars = 0
        for offset in range where bytes[offset] & 0xC0 != 0x80 {
            scalars += 1
            if scalars == mark.column { return offset }
        }
        return scalars + 1 == mark.column ? range.upperBound : nil
    }

    /// The character at a mark, if it decodes.
    func character(at mark: Mark) -> Character? {
        guard let offset = byteOffset(of: mark), offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + 4)
        return String(decoding: bytes[offset..<end], as: UTF8.self).first
    }
}
