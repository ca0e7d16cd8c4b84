/// The tags of one tree, each stored once: records keep a tag's index, 0 for none.
struct TagTable {
    /// Indexed by the records' `tag`; index 0 is unused.
    private(set) var tags: [String] = [""]
    private var indices: [String: UInt32] = [:]

    mutating func intern(_ tag: String?) -> UInt32 {
        guard let tag else { return 0 }
        if let index = indices[tag] { return index }
        tags.append(tag)
        let index = UInt32(tags.count - 1)
        indices[tag] = index
        return index
    }
}
