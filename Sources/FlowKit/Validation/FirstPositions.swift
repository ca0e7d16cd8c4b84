/// Finds the position of the first item with a given name in a list that stays where
/// it is (the screens of a flow, the handlers of a screen), the list read through a
/// closure at each lookup rather than copied.
///
/// Most flows have a few screens and most screens a few handlers. A short list is
/// searched in place, which costs neither hashing nor an allocation; a long one gets a
/// dictionary, so that a lookup in it stays O(1). (Building a dictionary for every
/// screen's handlers took a tenth of the checks of a large file.)
struct FirstPositions: Sendable {
    /// For a list longer than `scanLimit`: the first position of each name.
    private let positions: [String: Int]?

    /// How long a list may be and still be searched in place.
    static let scanLimit = 8

    init(count: Int, nameAt name: (Int) -> String) {
        guard count > Self.scanLimit else {
            positions = nil
            return
        }
        var positions: [String: Int] = Dictionary(minimumCapacity: count)
        for position in 0..<count where positions[name(position)] == nil { positions[name(position)] = position }
        self.positions = positions
    }

    /// The first position among `0..<count` whose name is `wanted`. `count` and `name`
    /// must describe the list the table was built from.
    func position(of wanted: String, count: Int, nameAt name: (Int) -> String) -> Int? {
        if let positions { return positions[wanted] }
        for position in 0..<count where name(position) == wanted { return position }
        return nil
    }
}
