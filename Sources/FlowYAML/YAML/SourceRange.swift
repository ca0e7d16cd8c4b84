/// A span of a source file, from `start` up to (not including) `end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: Mark
    public var end: Mark

    public init(start: Mark, end: Mark) {
        self.start = start
        self.end = end
    }

    public var description: String { "\(start)-\(end)" }
}
