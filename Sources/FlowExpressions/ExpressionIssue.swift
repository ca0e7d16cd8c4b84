import FlowYAML

/// A problem found in an expression or template before it runs: a syntax error, an
/// unknown name, a type error, a bad regex, or a limit exceeded.
///
/// `offset` and `length` count Unicode scalars from the start of the expression's source
/// (or, from `Template`, of the template's text), and cover the token at fault: the
/// unknown identifier, the operator whose operands do not fit, the regex literal.
/// The validator adds them to the scalar's own position to place the diagnostic.
public struct ExpressionIssue: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    public var message: String
    public var offset: Int
    public var length: Int
    public var fix: Diagnostic.Fix?

    public init(_ code: DiagnosticCode, _ message: String, offset: Int, length: Int, fix: Diagnostic.Fix? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.length = length
        self.fix = fix
    }

    package init(_ code: DiagnosticCode, _ message: String, at span: ExpressionSpan, fix: Diagnostic.Fix? = nil) {
        self.init(code, message, offset: span.offset, length: span.length, fix: fix)
    }

    /// The same issue, `distance` scalars further on: for an expression inside a template.
    package func shifted(by distance: Int) -> ExpressionIssue {
        var copy = self
        copy.offset += distance
        return copy
    }
}
