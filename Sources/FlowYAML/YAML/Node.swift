/// A node of a parsed YAML file: a scalar, a sequence or a mapping, with the span
/// it was written at.
///
/// A node is a cheap view into its `YAMLTree`. A node reached through an alias is
/// the anchored node (same kind, value and span) and also knows where the alias was
/// written, in `aliasRange`.
public struct Node: Sendable {
    public enum Kind: Sendable { case scalar, sequence, mapping }

    @usableFromInline let tree: YAMLTree
    /// The record as written: an alias record when this node was reached through an alias.
    @usableFromInline let index: UInt32

    // The accessors the model builder calls for every node are inlinable, so that reading
    // a tree from FlowKit costs what it did when both were one module (`validate` of a
    // 10 MB flow spent 2% more without).
    @inlinable init(tree: YAMLTree, index: UInt32) {
        self.tree = tree
        self.index = index
    }

    @inlinable var written: NodeRecord { tree.records[Int(index)] }

    /// The record holding the node's content, past any alias.
    @inlinable var record: NodeRecord {
        let record = written
        return record.kind == .alias ? tree.records[Int(record.first)] : record
    }

    /// The file this node was read from.
    public var file: String { tree.file }

    @inlinable public var kind: Kind {
        switch record.kind {
        case .scalar, .alias: .scalar
        case .sequence: .sequence
        case .mapping: .mapping
        }
    }

    /// Where the node's content is written (for an alias: the anchored node).
    public var range: SourceRange { SourceRange(start: record.start.mark, end: record.end.mark) }
    public var start: Mark { record.start.mark }
    public var end: Mark { record.end.mark }

    /// Where the alias that stands for this node is written, if it was reached through one.
    public var aliasRange: SourceRange? {
        let written = written
        guard written.kind == .alias else { return nil }
        return SourceRange(start: written.start.mark, end: written.end.mark)
    }

    /// The node's tag as libyaml resolved it (`tag:yaml.org,2002:int`, `!custom`), if one was written.
    public var tag: String? {
        let tag = record.tag
        return tag == 0 ? nil : tree.tags[Int(tag)]
    }

    // MARK: Scalars

    /// The scalar's text as written (after YAML's escaping and folding), or nil for a collection.
    public var string: String? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return String(decoding: textBytes(record), as: UTF8.self)
    }

    /// The type the scalar resolved to, or nil for a collection.
    @inlinable public var scalarKind: ScalarKind? {
        let record = record
        return record.kind == .scalar ? record.scalarKind : nil
    }

    /// The scalar's resolved value, or nil for a collection.
    public var scalarValue: ScalarValue? {
        let kind = record.scalarKind
        return scalarBytes.map { CoreSchema.value(of: $0, kind: kind) }
    }

    /// The scalar's text as written, in place (a slice of the tree's text, not a copy),
    /// or nil for a collection: what a caller matches bytes against without making a
    /// string of every scalar.
    package var scalarBytes: ArraySlice<UInt8>? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return textBytes(record)
    }

    /// Whether the node is a scalar whose text is `text`, compared without making a
    /// string of the node's.
    package func spells(_ text: String) -> Bool {
        scalarBytes?.elementsEqual(text.utf8) ?? false
    }

    public var scalarStyle: ScalarStyle? {
        let record = record
        return record.kind == .scalar ? ScalarStyle(rawValue: record.style) : nil
    }

    /// Whether the scalar is plain and untagged, so its core-schema type came from its spelling.
    public var isPlainUntagged: Bool {
        let record = record
        return record.kind == .scalar && record.style == ScalarStyle.plain.rawValue && record.tag == 0
    }

    private func textBytes(_ record: NodeRecord) -> ArraySlice<UInt8> {
        tree.text[Int(record.first)..<Int(record.first + record.count)]
    }

    // MARK: Collections

    public var collectionStyle: CollectionStyle? {
        let record = record
        return record.kind == .scalar ? nil : CollectionStyle(rawValue: record.style)
    }

    /// The elements of a sequence, or nil for other kinds.
    public var sequence: Elements? {
        let record = record
        guard record.kind == .sequence else { return nil }
        return Elements(tree: tree, offset: Int(record.first), count: Int(record.count))
    }

    /// The pairs of a mapping in the order written, merge-key pairs in place of
    /// their `<<` entry; nil for other kinds.
    public var mapping: Pairs? {
        let record = record
        guard record.kind == .mapping else { return nil }
        return Pairs(tree: tree, offset: Int(record.first), count: Int(record.count) / 2)
    }

    /// The value of the first pair whose key is the scalar `key`.
    ///
    /// - Complexity: O(n) in the number of pairs.
    public subscript(key: String) -> Node? {
        mapping?.first { $0.key.string == key && $0.key.kind == .scalar }?.value
    }

    /// A sequence's elements.
    public struct Elements: RandomAccessCollection, Sendable {
        @usableFromInline let tree: YAMLTree
        @usableFromInline let offset: Int
        public let count: Int
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { count }
        @inlinable public subscript(position: Int) -> Node {
            Node(tree: tree, index: tree.children[offset + position])
        }
    }

    /// A mapping's key–value pairs.
    public struct Pairs: RandomAccessCollection, Sendable {
        @usableFromInline let tree: YAMLTree
        @usableFromInline let offset: Int
        public let count: Int
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { count }
        @inlinable public subscript(position: Int) -> (key: Node, value: Node) {
            (Node(tree: tree, index: tree.children[offset + 2 * position]),
             Node(tree: tree, index: tree.children[offset + 2 * position + 1]))
        }
    }
}
