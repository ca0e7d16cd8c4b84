/// The storage behind every `Node` of one parsed file: a flat arena of fixed-size
/// records, one UTF-8 buffer holding all scalar text, and one array of child indices.
///
/// A flat arena costs no allocation per node, keeps a 10 MB file's tree within a few
/// times its size, and is built and freed without recursion however deep the input.
public final class YAMLTree: Sendable {
    /// The path the tree was parsed from, as given; diagnostics name it.
    public let file: String
    @usableFromInline let records: [NodeRecord]
    let text: [UInt8]
    /// Children of collections, contiguous per collection. A mapping stores its
    /// pairs as key, value, key, value…, merged pairs included.
    @usableFromInline let children: [UInt32]
    /// Tags as libyaml resolved them (`tag:yaml.org,2002:str`, `!local`); index 0 is unused.
    let tags: [String]
    /// The root node of each document, in order.
    let documentRoots: [UInt32]

    init(file: String, records: [NodeRecord], text: [UInt8], children: [UInt32], tags: [String], documentRoots: [UInt32]) {
        self.file = file
        self.records = records
        self.text = text
        self.children = children
        self.tags = tags
        self.documentRoots = documentRoots
    }

    /// The root node of every document in the stream (a flow file must have one).
    public var documents: [Node] { documentRoots.map { Node(tree: self, index: $0) } }

    /// How many nodes the file itself spells out (aliases count once each).
    public var nodeCount: Int { records.count }
}

/// One node of the arena, 32 bytes.
@usableFromInline struct NodeRecord: Sendable {
    @usableFromInline enum Kind: UInt8, Sendable { case scalar, sequence, mapping, alias }

    @usableFromInline var kind: Kind
    /// `ScalarStyle` or `CollectionStyle`, by kind.
    var style: UInt8
    /// `ScalarKind` for scalars.
    @usableFromInline var scalarKind: ScalarKind
    /// Index into `YAMLTree.tags`, 0 for none.
    var tag: UInt32
    var start: PackedMark
    var end: PackedMark
    /// Scalar: offset into `text`. Collection: offset into `children`. Alias: the target record.
    @usableFromInline var first: UInt32
    /// Scalar: byte length. Collection: number of entries in `children`. Alias: unused.
    @usableFromInline var count: UInt32
}
