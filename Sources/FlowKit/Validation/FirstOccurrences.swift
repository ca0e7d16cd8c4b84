/// Finds repeats in a list as it is read: for each key added, where an equal key was
/// first added, if one was.
///
/// Most lists checked for repeats are short (the actions of a screen, the options of a
/// field), and there a key is compared with each earlier one, which costs no hashing;
/// once a list grows past `FirstPositions.scanLimit` its keys move into a dictionary,
/// so a long list still costs O(1) per key on average.
struct FirstOccurrences<Key: Hashable, Place> {
    private var earlier: [(key: Key, place: Place)] = []
    /// Filled, and `earlier` emptied, once the list is too long to scan.
    private var firstPlaces: [Key: Place] = [:]

    /// `expectedCount` only sizes the first storage; any number of keys may be added.
    init(expectedCount: Int) {
        earlier.reserveCapacity(min(expectedCount, FirstPositions.scanLimit))
    }

    /// Where a key equal to `key` was first added; nil if none was, and then `key` is
    /// recorded as added at `place`.
    mutating func firstPlace(of key: Key, addingAt place: Place) -> Place? {
        if !firstPlaces.isEmpty {
            if let first = firstPlaces[key] { return first }
            firstPlaces[key] = place
            return nil
        }
        if let first = earlier.first(where: { $0.key == key }) { return first.place }
        earlier.append((key, place))
        if earlier.count > FirstPositions.scanLimit {
            firstPlaces = Dictionary(earlier, uniquingKeysWith: { first, _ in first })
            earlier = []
        }
        return nil
    }
}
