/// Where a value was written: its file and span.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file, as the user gave it.
    public var file: String
    public var range: SourceRange

    public init(file: String, range: SourceRange) {
        self.file = file
        self.range = range
    }

    public init(_ node: Node) {
        self.init(file: node.file, range: node.aliasRange ?? node.range)
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
