/// A run-time value of an expression: the values a flow's variables and fields hold.
///
/// Equality is CEL's heterogeneous equality: values of different kinds are unequal
/// (never an error), except that ints and doubles compare by numeric value, so
/// `.int(1) == .double(1.0)`. Strings are equal when their Unicode scalars are, with no
/// normalization (CEL strings are sequences of code points). A double NaN equals
/// nothing, as in IEEE 754.
public enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([Value])
    case map([String: Value])
    /// A semantic version made by `semver(s)` (spec §9 1.2). Outside expressions it is its
    /// canonical text (`SemanticVersion.description`): templates, results and outputs show
    /// `1.2.0`; a saved state keeps it a version. Boxed (`indirect`): a version is five
    /// words, and inline it would triple every value's size, which a 10 MB flow's model
    /// holds hundreds of thousands of.
    indirect case semver(SemanticVersion)

    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double):
            NumericComparison.compare(lhs, rhs) == .equal
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.semver(let a), .semver(let b)): a == b
        case (.list(let a), .list(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.map(let a), .map(let b)):
            a.count == b.count && a.allSatisfy { key, value in
                MapLookup.value(for: key, in: b).map { $0 == value } ?? false
            }
        default: false
        }
    }

    /// The kind of value, as CEL names its runtime types (`int`, `list`; `null` for null):
    /// for messages about values of the wrong kind.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .list: "list"
        case .map: "map"
        case .semver: "semver"
        }
    }
}
