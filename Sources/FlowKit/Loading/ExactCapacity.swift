extension Collection {
    /// `compactMap` into an array allocated once, for at most `count` elements. The model
    /// keeps its arrays as long as it lives; grown one append at a time, they would be up
    /// to half empty, and a large file's model would hold that slack for every screen.
    func compactMapOnce<Mapped>(_ transform: (Element) throws -> Mapped?) rethrows -> [Mapped] {
        var mapped: [Mapped] = []
        mapped.reserveCapacity(count)
        for element in self {
            if let value = try transform(element) { mapped.append(value) }
        }
        return mapped
    }
}
