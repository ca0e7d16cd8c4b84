import FlowExpressions

/// Foundation declares an `Expression` of its own (its predicates'); within FlowKit the
/// name means the flow language's.
package typealias Expression = FlowExpressions.Expression
