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

/// The limits of spec §11 1.2 on a value built at run time: 16 MiB of text and 1,000,000
/// elements, counted over the whole value (nested lists and maps too), so that forty
/// doublings of a list or a string stop the run instead of exhausting memory.
package enum ValueLimits {
    static let maxTextBytes = 16 << 20
    static let maxElements = 1_000_000

    /// Throws when `value` goes past a limit. The walk stops as soon as it does, so a
    /// check costs at most the limits, however large the value (shared parts included).
    package static func check(_ value: Value, at span: ExpressionSpan) throws(EvaluationError) {
        var bytes = 0, elements = 0
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text): bytes += text.utf8.count
            case .list(let items):
                elements += items.count
                if elements <= maxElements { pending += items }
            case .map(let entries):
                elements += entries.count
                if elements <= maxElements {
                    for (key, item) in entries {
                        bytes += key.utf8.count
                        pending.append(item)
                    }
                }
            case .null, .bool, .int, .double, .semver: break
            }
            if elements > maxElements { throw exceeded("\(maxElements) elements", at: span) }
            if bytes > maxTextBytes { throw exceeded("16 MiB of text", at: span) }
        }
    }

    /// Throws when text of `bytes` UTF-8 bytes would go past the limit, before it is built.
    static func check(textBytes bytes: Int, at span: ExpressionSpan) throws(EvaluationError) {
        if bytes > maxTextBytes { throw exceeded("16 MiB of text", at: span) }
    }

    private static func exceeded(_ limit: String, at span: ExpressionSpan) -> EvaluationError {
        var error = EvaluationError("the value built here is larger than \(limit), the limit of a value built at run time", at: span)
        error.stopsTheRun = true
        return error
    }
}
