extension Collection {
    /// `compactMap` into an array with room for one result per element, no more: the
    /// model's arrays hold large structs for as long as the model lives, and grown by
    /// doubling, as `compactMap` grows them, up to half of their room would go unused.
    func compactMapExact<Result>(_ transform: (Element) throws -> Result?) rethrows -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(count)
        for element in self {
            if let result = try transform(element) { results.append(result) }
        }
        return results
    }
}
