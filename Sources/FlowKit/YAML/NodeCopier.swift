/// Copies nodes, with everything under them, out of their trees into one new tree, so
/// that the few nodes a caller keeps do not keep a whole file's tree alive.
struct NodeCopier {
    private let fileName: SourceFileName
    private var records: [NodeRecord] = []
    private var text: [UInt8] = []
    private var children: [UInt32] = []
    private var tags = TagTable()
    private var roots: [UInt32] = []

    /// `fileName`: the file of the trees the nodes come from, which the copies keep.
    init(fileName: SourceFileName) {
        self.fileName = fileName
    }

    /// Where a copied record's new index is to be written.
    private enum Slot {
        case root
        case child(Int)
        case aliasTarget(Int)
    }

    /// Copies `node` and its descendants (and what its aliases stand for); the node's
    /// copy is the `nodes` entry at the position of this call.
    mutating func add(_ node: Node) {
        roots.append(0)
        var pending: [(source: UInt32, slot: Slot)] = [(node.index, .root)]
        while let (source, slot) = pending.popLast() {
            var record = node.tree.records[Int(source)]
            let copy = UInt32(records.count)
            switch record.kind {
            case .scalar:
                let bytes = node.tree.text[Int(record.first)..<Int(record.first + record.count)]
                record.first = UInt32(text.count)
                text.append(contentsOf: bytes)
            case .sequence, .mapping:
                let entries = Int(record.first)..<Int(record.first + record.count)
                record.first = UInt32(children.count)
                children.append(contentsOf: repeatElement(0, count: entries.count))
                for entry in entries.reversed() {
                    pending.append((node.tree.children[entry], .child(Int(record.first) + entry - entries.lowerBound)))
                }
            case .alias:
                pending.append((record.first, .aliasTarget(Int(copy))))
            case .handedOff:
                break
            }
            record.tag = tags.intern(record.tag == 0 ? nil : node.tree.tags[Int(record.tag)])
            records.append(record)
            switch slot {
            case .root: roots[roots.count - 1] = copy
            case .child(let position): children[position] = copy
            case .aliasTarget(let alias): records[alias].first = copy
            }
        }
    }

    /// Whether nothing was added.
    var isEmpty: Bool { roots.isEmpty }

    /// The copies, in the order they were added.
    func nodes() -> [Node] {
        let tree = YAMLTree(fileName: fileName, records: records, text: text, children: children, tags: tags.tags, documentRoots: roots)
        return roots.map { Node(tree: tree, index: $0) }
    }
}
