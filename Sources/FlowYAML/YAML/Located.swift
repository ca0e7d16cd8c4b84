extension SourceLocation {
    /// Where a node is written: for a node reached through an alias, where the alias is.
    public init(_ node: Node) {
        self.init(file: node.file, range: node.aliasRange ?? node.range)
    }
}

/// A value of a flow file together with where it was written, so every later
/// check can point at it.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    @inlinable public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
