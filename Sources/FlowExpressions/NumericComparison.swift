/// Ordering of numbers across int and double, exactly (CEL's heterogeneous numeric
/// comparison): an int is never rounded to a double, so `9007199254740993 > 9007199254740992.0`.
enum NumericComparison {
    enum Order { case less, equal, greater }

    /// The order of two numeric values, or nil when either is not a number or is NaN
    /// (NaN is unordered: every comparison with it is false).
    static func compare(_ lhs: Value, _ rhs: Value) -> Order? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): order(a, b)
        case (.double(let a), .double(let b)): a.isNaN || b.isNaN ? nil : order(a, b)
        case (.int(let a), .double(let b)): compare(a, b)
        case (.double(let a), .int(let b)): compare(b, a).map(reversed)
        default: nil
        }
    }

    /// Compares an int with a double without losing precision.
    static func compare(_ int: Int, _ double: Double) -> Order? {
        if double.isNaN { return nil }
        // 2^63 is exactly representable; every double at or beyond it exceeds any Int.
        if double >= 9_223_372_036_854_775_808.0 { return .less }
        if double < -9_223_372_036_854_775_808.0 { return .greater }
        let whole = double.rounded(.towardZero)
        // In range, so the conversion is exact and cannot trap.
        let truncated = Int(whole)
        if int != truncated { return order(int, truncated) }
        if double == whole { return .equal }
        return double > whole ? .less : .greater
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> Order {
        a < b ? .less : (a == b ? .equal : .greater)
    }

    private static func reversed(_ order: Order) -> Order {
        switch order {
        case .less: .greater
        case .equal: .equal
        case .greater: .less
        }
    }
}
