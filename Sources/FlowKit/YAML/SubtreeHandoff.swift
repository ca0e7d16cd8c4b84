/// Asks a `TreeBuilder` to give away the values of one mapping of the document's root
/// as soon as each is parsed (a flow file's `flows:`), so that the receiver can turn each
/// into a model of its own while the rest of the file is parsed, and the tree does not
/// hold the values it gives away.
///
/// A value is handed off only when nothing outside it can refer into it, or it out: it is
/// a mapping under a scalar key that is not a merge key (`<<`), and neither it nor its parents define an anchor
/// or use an alias or a merge key. Any other value stays in the tree as usual.
struct SubtreeHandoff {
    /// The key of the root's mapping whose values are handed off.
    let key: String
    let receiver: any SubtreeReceiver
}

/// Takes the values a `SubtreeHandoff` gives away.
protocol SubtreeReceiver: AnyObject {
    /// Takes one value, in a tree of its own that also holds its key, and returns the
    /// number the placeholder left in the file's tree keeps (`Node.handoff`).
    func receive(value: Node, key: Node) -> UInt32
}
