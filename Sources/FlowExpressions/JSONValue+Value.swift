import FlowYAML

extension JSONValue {
    /// A flow's value as plain JSON: a double that is not finite is `null`.
    public init(_ value: FlowExpressions.Value) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .semver(let version): self = .string(version.description)
        case .list(let elements): self = .array(elements.map(JSONValue.init))
        case .map(let entries): self = .object(entries.mapValues(JSONValue.init))
        }
    }
}
