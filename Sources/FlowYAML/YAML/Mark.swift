/// A position in a source file: 1-based line and 1-based column.
///
/// Columns count Unicode scalars, as libyaml does, so a multi-byte character
/// before a position moves it by one column, not by its byte length.
public struct Mark: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Stored in 32 bits each: the model keeps two marks for every value it reads.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The line, starting at 1.
    public var line: Int { Int(storedLine) }

    /// The column in Unicode scalars, starting at 1.
    public var column: Int { Int(storedColumn) }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The first position of a file, where diagnostics about the whole file point.
    public static let start = Mark(line: 1, column: 1)

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A `Mark` in the form the tree stores it: two 32-bit numbers, 8 bytes.
struct PackedMark: Equatable {
    var line: UInt32
    var column: UInt32

    var mark: Mark { Mark(line: Int(line), column: Int(column)) }
}
