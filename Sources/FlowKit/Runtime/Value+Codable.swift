import FlowExpressions

/// Values in saved states: plain JSON, except doubles, which are written as
/// `{"$double": 1.5}` so that `1.0` comes back a double and `1` an int, and semantic
/// versions, written `{"$semver": "1.2.0"}` so that they come back versions.
extension Value: Codable {
    private static let doubleKey = "$double"
    private static let semverKey = "$semver"

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Int.self) { self = .int(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([Value].self) { self = .list(value); return }
        if let marked = try? container.decode([String: DoubleBox].self), marked.count == 1, let number = marked[Self.doubleKey] {
            self = .double(number.value)
            return
        }
        if let marked = try? container.decode([String: String].self), marked.count == 1,
           let version = marked[Self.semverKey].flatMap({ SemanticVersion($0) }) {
            self = .semver(version)
            return
        }
        self = .map(try container.decode([String: Value].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode([Self.doubleKey: DoubleBox(value)])
        case .string(let value): try container.encode(value)
        case .semver(let version): try container.encode([Self.semverKey: version.description])
        case .list(let values): try container.encode(values)
        case .map(let entries): try container.encode(entries)
        }
    }

    /// A double that survives JSON: non-finite values as strings.
    private struct DoubleBox: Codable {
        let value: Double
        init(_ value: Double) { self.value = value }
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { value = number; return }
            switch try container.decode(String.self) {
            case "inf": value = .infinity
            case "-inf": value = -.infinity
            default: value = .nan
            }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if value.isFinite { try container.encode(value) } else {
                try container.encode(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
            }
        }
    }
}
