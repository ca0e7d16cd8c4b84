/// The limits of spec §11 for expressions (`expression-too-complex`), which keep a
/// hostile file from exhausting the stack or memory of the parser, checker or evaluator.
public enum ExpressionLimits {
    /// Longest accepted source of one expression, in UTF-8 bytes (64 KiB).
    public static let maxSourceBytes = 64 * 1024
    /// Deepest accepted nesting: both the depth of the syntax tree (so a chain
    /// `1+1+…+1` of 300 terms is refused, not only 300 parentheses) and the depth of
    /// brackets, parentheses and `?:` branches, which cost the parser stack frames.
    public static let maxDepth = 256
}
