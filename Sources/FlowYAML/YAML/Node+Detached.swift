extension Node {
    /// These nodes and what they hold, copied into a tree of their own (one for the nodes
    /// of each tree they come from).
    ///
    /// The model keeps a few values as nodes (a variable's initial value, a field's
    /// default, an option); holding a copy rather than a view lets the file's whole tree
    /// go once the model is built: for a large file, several times its size. Aliases stay
    /// aliases and an anchored node is copied once, however often it is used, so the copy
    /// is never larger than what the file spells out; no recursion, however deep. A tree
    /// costs three allocations, so the builder copies a flow's values together: a tree for
    /// each value held 6.5 MiB of the peak of `validate` on a 10 MB flow file.
    ///
    /// - Returns: The copies, in the order of `nodes`.
    package static func detached(_ nodes: [Node]) -> [Node] {
        guard let source = nodes.first?.tree else { return [] }
        var copy = SubtreeCopy(source: source)
        let roots = nodes.map { $0.tree === source ? copy.index(of: $0.index) : nil }
        copy.fill()
        let tree = YAMLTree(file: source.file, records: copy.records, text: copy.text, children: copy.children,
                            tags: source.tags, documentRoots: [])
        return zip(nodes, roots).map { node, root in
            root.map { Node(tree: tree, index: $0) } ?? detached([node])[0]
        }
    }
}

/// The records, text and children of a subtree, renumbered into arrays of their own.
private struct SubtreeCopy {
    let source: YAMLTree
    var records: [NodeRecord] = []
    var text: [UInt8] = []
    var children: [UInt32] = []
    /// Each source record copied so far, and its index in the copy.
    private var copied: [UInt32: UInt32] = [:]
    /// Copied collections and aliases whose children or target are still to be copied:
    /// their index in the source, and in the copy.
    private var pending: [(old: UInt32, new: Int)] = []

    init(source: YAMLTree) {
        self.source = source
    }

    /// The index in the copy of the source record `old`, copying the record the first time.
    mutating func index(of old: UInt32) -> UInt32 {
        if let new = copied[old] { return new }
        var record = source.records[Int(old)]
        if record.kind == .scalar {
            let offset = UInt32(text.count)
            text.append(contentsOf: source.text[Int(record.first)..<Int(record.first + record.count)])
            record.first = offset
        }
        let new = UInt32(records.count)
        if record.kind != .scalar { pending.append((old, Int(new))) }
        records.append(record)
        copied[old] = new
        return new
    }

    /// Copies what the pending collections hold and what the pending aliases stand for.
    mutating func fill() {
        while let (old, new) = pending.popLast() {
            let record = source.records[Int(old)]
            if record.kind == .alias {
                records[new].first = index(of: record.first)
                continue
            }
            // Reserved first, so that each collection's children stay together.
            let base = children.count
            children.append(contentsOf: repeatElement(0, count: Int(record.count)))
            records[new].first = UInt32(base)
            for position in 0..<Int(record.count) {
                children[base + position] = index(of: source.children[Int(record.first) + position])
            }
        }
    }
}
