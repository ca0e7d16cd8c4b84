import FlowKit
import FlowYAML
import FuzzHarness

/// The YAML layer: any bytes become a tree or diagnostics, and every node of the tree
/// can be walked (positions, values, children) without a trap.
@main enum FuzzYAML {
    static func main() { Fuzzer.run(fuzzOne) }
}

func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(bytes)
    let result = YAMLParser().parse(bytes, file: "fuzz.yaml")
    for document in result.tree.documents { walk(document) }
    _ = result.diagnostics.map { "\($0.start) \($0.message)" }
    return
}

/// Visits every node once, iteratively (aliases are not followed twice: the walk is
/// bounded by the limits the parser enforced).
private func walk(_ root: Node) {
    var pending = [root]
    var visited = 0
    while let node = pending.popLast(), visited < 2_000_000 {
        visited += 1
        _ = (node.range, node.aliasRange, node.tag, node.string, node.scalarValue, node.scalarStyle, node.collectionStyle)
        if let elements = node.sequence { pending.append(contentsOf: elements) }
        if let pairs = node.mapping {
            for pair in pairs { pending.append(pair.key); pending.append(pair.value) }
        }
    }
}
