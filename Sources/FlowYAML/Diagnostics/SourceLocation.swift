/// Where a value was written: its file and span.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file, as the user gave it.
    public var file: String
    public var range: SourceRange

    public init(file: String, range: SourceRange) {
        self.file = file
        self.range = range
    }

    public var start: Mark { range.start }
    public var description: String { "\(file):\(range.start)" }
}
