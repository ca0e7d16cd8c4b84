/// What parsing a YAML file gave: the tree (possibly partial) and every problem found.
public struct YAMLParseResult: Sendable {
    public var tree: YAMLTree
    /// Problems in source order of discovery: syntax, limits, duplicate keys, extra documents.
    public var diagnostics: [Diagnostic]

    /// Whether the text is not well-formed YAML: libyaml rejected it, or an alias names no
    /// earlier anchor (as opposed to problems found in a well-formed tree).
    public var hasSyntaxError: Bool { diagnostics.contains { $0.code == .yamlSyntax } }

    /// Where libyaml stopped inside a flow collection (`{…}`, `[…]`), if it did: the
    /// loader explains such a stop when an unquoted expression caused it (`FlowStyleCut`).
    package struct FlowCollectionError {
        /// The collection's opening bracket.
        package let collection: Mark
        /// Where libyaml stopped.
        package let at: Mark
    }

    package var flowCollectionError: FlowCollectionError?
}

/// Parses YAML text into a `YAMLTree`, with libyaml underneath.
public struct YAMLParser: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Parses a whole stream. Never traps: every problem in `bytes` becomes a diagnostic.
    ///
    /// - Parameter file: the name diagnostics and nodes report, as the user gave it.
    /// - Complexity: O(n) in the size of `bytes`; memory a few times that size.
    public func parse(_ bytes: [UInt8], file: String) -> YAMLParseResult {
        var builder = TreeBuilder(file: file, limits: limits, sizeHint: bytes.count)
        guard bytes.count <= limits.maxFileSize else {
            builder.report(.fileTooLarge, FileLimitMessage.tooLarge(size: bytes.count, limit: limits.maxFileSize),
                           at: PackedMark(line: 1, column: 1))
            return builder.finish()
        }
        let error = bytes.withUnsafeBufferPointer { EventParser.run($0, into: &builder) }
        var result = builder.finish()
        if let error {
            result.diagnostics.append(SyntaxErrorWording.diagnostic(for: error, in: SourceText(bytes), file: file))
            if let context = error.context, let at = error.mark,
               context.description.hasSuffix("flow mapping") || context.description.hasSuffix("flow sequence") {
                result.flowCollectionError = YAMLParseResult.FlowCollectionError(collection: context.mark, at: at)
            }
        }
        return result
    }
}
