/// A stretch of an expression's source: 0-based offset and length, in Unicode scalars.
public struct ExpressionSpan: Hashable, Sendable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// Where this span ends (exclusive).
    public var end: Int { offset + length }

    /// The span from the start of `self` to the end of `other`.
    func through(_ other: ExpressionSpan) -> ExpressionSpan {
        ExpressionSpan(offset: offset, length: max(other.end - offset, 0))
    }
}
