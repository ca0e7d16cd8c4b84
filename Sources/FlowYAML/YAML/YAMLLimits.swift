/// The limits the YAML layer enforces (spec §11), so that no input can exhaust
/// memory, time or the stack.
public struct YAMLLimits: Sendable, Equatable {
    /// Largest accepted file, in bytes (`file-too-large`). At most 2 GiB - 1.
    public var maxFileSize: Int
    /// Deepest accepted nesting of collections, counting aliased collections
    /// as if they were written out (`yaml-too-deep`).
    public var maxDepth: Int
    /// Most nodes that aliases and merge keys may stand for in one file (`yaml-alias-bomb`).
    public var maxAliasNodes: Int
    /// Most nodes that aliases may stand for, as a multiple of the file's own nodes.
    public var maxAliasRatio: Int

    public init(
        maxFileSize: Int = 64 * 1024 * 1024,
        maxDepth: Int = 512,
        maxAliasNodes: Int = 1_000_000,
        maxAliasRatio: Int = 10
    ) {
        // Clamped so that no setting can make the counting overflow.
        self.maxFileSize = min(max(maxFileSize, 0), Int(Int32.max))
        self.maxDepth = min(max(maxDepth, 1), Int(Int32.max))
        self.maxAliasNodes = max(maxAliasNodes, 0)
        self.maxAliasRatio = min(max(maxAliasRatio, 0), Int(Int32.max))
    }

    /// The limits of the flow format, spec §11.
    public static let `default` = YAMLLimits()
}

/// The one wording of `file-too-large`, whether the size came from `stat` or from a buffer.
package enum FileLimitMessage {
    package static func tooLarge(size: Int, limit: Int) -> String {
        "the file is \(size) bytes; flow files may be at most \(limit) bytes"
    }
}
