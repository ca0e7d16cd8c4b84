/// How a scalar was written.
public enum ScalarStyle: UInt8, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// How a collection was written.
public enum CollectionStyle: UInt8, Sendable {
    case block, flow
}

/// The type a scalar resolved to: by the YAML 1.2 core schema for untagged
/// plain scalars, by its tag otherwise, and `string` for quoted or block scalars.
public enum ScalarKind: UInt8, Sendable {
    case null, bool, int, float, string
}

/// A scalar's value after resolution.
public enum ScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
}
