import FlowYAML
import FlowExpressions

extension Value {
    /// The value a YAML literal stands for (a variable's initial value, an option, a default).
    init(literal node: Node) {
        switch node.kind {
        case .scalar:
            switch node.scalarValue {
            case .bool(let value)?: self = .bool(value)
            case .int(let value)?: self = .int(value)
            case .float(let value)?: self = .double(value)
            case .string(let value)?: self = .string(value)
            case .null?, nil: self = .null
            }
        case .sequence:
            self = .list(node.sequence.map { $0.map(Value.init(literal:)) } ?? [])
        case .mapping:
            var entries: [String: Value] = [:]
            for pair in node.mapping.map(Array.init) ?? [] where entries[pair.key.string ?? ""] == nil {
                entries[pair.key.string ?? ""] = Value(literal: pair.value)
            }
            self = .map(entries)
        }
    }
}
