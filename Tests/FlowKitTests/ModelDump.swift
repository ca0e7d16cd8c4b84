@testable import FlowKit
@testable import FlowYAML

/// Every stored value of a flow model as lines of text, so two models can be compared
/// whole: each YAML node is written as what it holds and where it was written, never as
/// the tree it lives in.
enum ModelDump {
    static func lines(_ value: Any, path: String = "") -> [String] {
        if let node = value as? Node { return ["\(path) = \(describe(node))"] }
        let children = Mirror(reflecting: value).children
        guard !children.isEmpty else { return ["\(path) = \(value)"] }
        return children.enumerated().flatMap { position, child in
            lines(child.value, path: "\(path).\(child.label ?? String(position))")
        }
    }

    static func describe(_ node: Node) -> String {
        let written = "\(node.file):\(node.range) alias \(node.aliasRange.map(String.init(describing:)) ?? "-") tag \(node.tag ?? "-")"
        switch node.kind {
        case .scalar:
            return "scalar \(node.string ?? "") \(String(describing: node.scalarKind)) \(String(describing: node.scalarStyle)) \(written)"
        case .sequence:
            return "[\((node.sequence.map(Array.init) ?? []).map(describe).joined(separator: ", "))] \(written)"
        case .mapping:
            let pairs = (node.mapping.map(Array.init) ?? []).map { "\(describe($0.key)): \(describe($0.value))" }
            return "{\(pairs.joined(separator: ", "))} \(written)"
        }
    }
}
