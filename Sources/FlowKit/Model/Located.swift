/// Where a value was written: its file and span.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path as a number: a model holds a location for nearly every value, and a
    /// number copies without reference counting.
    private var fileName: SourceFileName
    public var range: SourceRange

    public var file: String {
        get { fileName.path }
        set { fileName = SourceFileName(newValue) }
    }

    public init(file: String, range: SourceRange) {
        self.init(fileName: SourceFileName(file), range: range)
    }

    init(fileName: SourceFileName, range: SourceRange) {
        self.fileName = fileName
        self.range = range
    }

    public init(_ node: Node) {
        self.init(fileName: node.tree.fileName, range: node.aliasRange ?? node.range)
    }

    public var start: Mark { range.start }
    public var description: String { "\(file):\(range.start)" }
}

/// A value of a flow file together with where it was written, so every later
/// check can point at it.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
