/// Why an expression failed at run time (`size(null)`, division by zero, a missing map
/// key). The runner reports it as a warning and treats a failed `when` as false.
///
/// `offset` and `length` count Unicode scalars in the expression's source (or the
/// template's text) and cover the sub-expression that failed.
public struct EvaluationError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
    public var length: Int
    /// Whether the failure stops the run rather than being warned about (a value past the
    /// limits of spec §11 1.2: the run stops, even in a `when`, which it does not make false).
    public var stopsTheRun = false
    /// Whether a signal cut the evaluation short: there is no value, and no failure of the
    /// expression either; the run stops as the signal asks.
    public var interrupted = false

    public init(_ message: String, offset: Int, length: Int) {
        self.message = message
        self.offset = offset
        self.length = length
    }

    init(_ message: String, at span: ExpressionSpan) {
        self.init(message, offset: span.offset, length: span.length)
    }

    func shifted(by distance: Int) -> EvaluationError {
        var copy = self
        copy.offset += distance
        return copy
    }
}
