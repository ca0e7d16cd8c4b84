import FlowYAML

/// The keys one kind of mapping may hold: an enum whose raw values are the keys as
/// written. Reading a mapping matches each key's bytes against these names, without
/// making a string of it, and looking a key up afterwards compares enum cases, not
/// strings (on a 10 MB file, string comparisons of keys cost about 2% of validating it).
protocol MappingKey: RawRepresentable<String>, CaseIterable, Equatable, Sendable where AllCases == [Self] {}

extension MappingKey {
    /// The key among `allowed` spelled by these bytes.
    static func named(_ bytes: ArraySlice<UInt8>, among allowed: [Self]) -> Self? {
        allowed.first { key in
            let name = key.rawValue.utf8
            return name.count == bytes.count && name.elementsEqual(bytes)
        }
    }
}

/// The pairs of a checked mapping whose keys are all allowed, looked up by key.
struct KeyedPairs<Key: MappingKey> {
    let mapping: Node.Pairs
    /// The allowed keys in the order written, each with its pair's position in `mapping`.
    private var found: [(key: Key, position: Int)] = []

    init(_ mapping: Node.Pairs) {
        self.mapping = mapping
        found.reserveCapacity(mapping.count)
    }

    mutating func append(_ key: Key, at position: Int) {
        found.append((key, position))
    }

    /// The value of the first pair with this key.
    subscript(_ key: Key) -> Node? {
        found.first { $0.key == key }.map { mapping[$0.position].value }
    }

    /// The pairs whose keys satisfy `isIncluded`, in the order written.
    func pairs(where isIncluded: (Key) -> Bool) -> [(key: Key, keyNode: Node, value: Node)] {
        found.filter { isIncluded($0.key) }.map { key, position in
            let pair = mapping[position]
            return (key, pair.key, pair.value)
        }
    }
}
