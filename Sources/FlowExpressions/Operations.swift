/// CEL's operators on values: arithmetic with overflow checks, heterogeneous numeric
/// comparison, code-point ordering of strings, equality and membership.
enum Operations {
    static func unary(_ op: UnaryOperator, _ operand: Value, at span: ExpressionSpan) throws(EvaluationError) -> Value {
        switch (op, operand) {
        case (.not, .bool(let bool)):
            return .bool(!bool)
        case (.negate, .int(let int)):
            let (result, overflow) = Int(0).subtractingReportingOverflow(int)
            if overflow { throw EvaluationError("integer overflow: -(\(int)) does not fit in 64 bits", at: span) }
            return .int(result)
        case (.negate, .double(let double)):
            return .double(-double)
        default:
            throw EvaluationError("'\(op.rawValue)' cannot apply to a value of type \(operand.kindName)", at: span)
        }
    }

    static func binary(
        _ op: BinaryOperator, _ lhs: Value, _ rhs: Value, at span: ExpressionSpan
    ) throws(EvaluationError) -> Value {
        switch op {
        case .equal: return .bool(lhs == rhs)
        case .notEqual: return .bool(lhs != rhs)
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool(try order(op, lhs, rhs, at: span))
        case .in: return .bool(try contains(rhs, lhs, at: span))
        case .add, .subtract, .multiply, .divide, .remainder: return try arithmetic(op, lhs, rhs, at: span)
        case .and, .or:
            // The evaluator handles these itself, to absorb errors; this is for completeness.
            guard case .bool(let a) = lhs, case .bool(let b) = rhs else {
                throw EvaluationError("'\(op.rawValue)' needs bool operands", at: span)
            }
            return .bool(op == .and ? a && b : a || b)
        }
    }

    // MARK: - Arithmetic

    private static func arithmetic(
        _ op: BinaryOperator, _ lhs: Value, _ rhs: Value, at span: ExpressionSpan
    ) throws(EvaluationError) -> Value {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return .int(try integer(op, a, b, at: span))
        case (.double(let a), .double(let b)) where op != .remainder:
            switch op {
            case .add: return .double(a + b)
            case .subtract: return .double(a - b)
            case .multiply: return .double(a * b)
            default: return .double(a / b)
            }
        case (.string(let a), .string(let b)) where op == .add:
            try ValueLimits.check(textBytes: a.utf8.count + b.utf8.count, at: span)
            return .string(a + b)
        case (.list(let a), .list(let b)) where op == .add:
            return .list(a + b)
        default:
            throw EvaluationError("'\(op.rawValue)' cannot combine \(lhs.kindName) and \(rhs.kindName)", at: span)
        }
    }

    /// 64-bit integer arithmetic: overflow is an error, division truncates toward zero,
    /// and dividing by zero is an error (CEL).
    private static func integer(
        _ op: BinaryOperator, _ a: Int, _ b: Int, at span: ExpressionSpan
    ) throws(EvaluationError) -> Int {
        let result: (partialValue: Int, overflow: Bool)
        switch op {
        case .add: result = a.addingReportingOverflow(b)
        case .subtract: result = a.subtractingReportingOverflow(b)
        case .multiply: result = a.multipliedReportingOverflow(by: b)
        case .divide, .remainder:
            if b == 0 {
                throw EvaluationError(op == .divide ? "division by zero" : "modulus by zero", at: span)
            }
            // Int.min / -1 and Int.min % -1 report overflow (cel-go treats both as overflow).
            result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
        default:
            throw EvaluationError("'\(op.rawValue)' is not arithmetic", at: span)
        }
        if result.overflow {
            throw EvaluationError("integer overflow: \(a) \(op.rawValue) \(b) does not fit in 64 bits", at: span)
        }
        return result.partialValue
    }

    // MARK: - Comparison

    private static func order(
        _ op: BinaryOperator, _ lhs: Value, _ rhs: Value, at span: ExpressionSpan
    ) throws(EvaluationError) -> Bool {
        let order: NumericComparison.Order?
        switch (lhs, rhs) {
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            order = NumericComparison.compare(lhs, rhs)
        case (.string(let a), .string(let b)):
            order = CodePointOrder.precedes(a, b) ? .less : (CodePointOrder.precedes(b, a) ? .greater : .equal)
        case (.bool(let a), .bool(let b)):
            order = a == b ? .equal : (a ? .greater : .less)
        default:
            throw EvaluationError("'\(op.rawValue)' cannot order \(lhs.kindName) and \(rhs.kindName)", at: span)
        }
        // NaN is unordered: every comparison with it is false.
        guard let order else { return false }
        switch op {
        case .less: return order == .less
        case .lessOrEqual: return order != .greater
        case .greater: return order == .greater
        default: return order != .less
        }
    }

    /// `element in container`: list membership by `==`, or a key of a map.
    private static func contains(
        _ container: Value, _ element: Value, at span: ExpressionSpan
    ) throws(EvaluationError) -> Bool {
        switch container {
        case .list(let elements):
            return elements.contains(element)
        case .map(let entries):
            guard case .string(let key) = element else { return false }
            return MapLookup.value(for: key, in: entries) != nil
        default:
            throw EvaluationError("'in' needs a list or a map on its right, not \(container.kindName)", at: span)
        }
    }
}
