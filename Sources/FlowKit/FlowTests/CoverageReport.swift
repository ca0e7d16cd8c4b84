import FlowYAML

/// What the cases of one or more test files exercised of each flow file, per flow of
/// its tree: screens, actions and handler branches, counted against `CoverageUniverse`.
public struct CoverageReport: Sendable {
    public struct Count: Sendable, Equatable {
        public var covered = 0
        public var total = 0

        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
    }

    public struct Row: Sendable {
        /// A flow id, or nil for the row of totals.
        public var flow: String?
        public var counts: [CoverageItem.Kind: Count]
    }

    public struct Missed: Sendable {
        public var kind: CoverageItem.Kind
        public var name: String
        public var location: SourceLocation?
    }

    public struct FlowFile: Sendable {
        public var file: String
        public var rows: [Row]
        public var total: Row
        public var notCovered: [Missed]
        /// Items no path from the start reaches, not counted.
        public var unreachable: Int

        public var isComplete: Bool { notCovered.isEmpty }
    }

    public var files: [FlowFile]

    /// Cases of test files that name the same flow file (by any path) add up; the file is
    /// named as the first test file names it.
    public init(_ results: [FlowTestFileResult]) {
        var order: [String] = []
        var merged: [String: (file: String, universe: CoverageUniverse, exercised: Set<CoverageItem>)] = [:]
        for result in results {
            guard let universe = result.universe else { continue }
            let exercised = result.cases.reduce(into: Set<CoverageItem>()) { $0.formUnion($1.exercised) }
            let identity = FlowFileFinder.identity(of: result.flowFile)
            if merged[identity] == nil {
                order.append(identity)
                merged[identity] = (result.flowFile, universe, [])
            }
            merged[identity]?.exercised.formUnion(exercised)
        }
        files = order.compactMap { merged[$0].map { Self.flowFile($0.file, universe: $0.universe, exercised: $0.exercised) } }
    }

    public init(file: String, universe: CoverageUniverse, exercised: Set<CoverageItem>) {
        files = [Self.flowFile(file, universe: universe, exercised: exercised)]
    }

    private static func flowFile(_ file: String, universe: CoverageUniverse, exercised: Set<CoverageItem>) -> FlowFile {
        let tree = universe.tree
        var counts = Array(repeating: [CoverageItem.Kind: Count](), count: tree.flows.count)
        var total: [CoverageItem.Kind: Count] = [:]
        var notCovered: [Missed] = []
        for item in universe.items {
            let hit = exercised.contains(item)
            let flow = item.flow(in: tree)
            counts[flow][item.kind, default: Count()].total += 1
            total[item.kind, default: Count()].total += 1
            if hit {
                counts[flow][item.kind, default: Count()].covered += 1
                total[item.kind, default: Count()].covered += 1
            } else {
                notCovered.append(Missed(kind: item.kind, name: item.describe(in: tree), location: item.location(in: tree)))
            }
        }
        let rows = tree.flows.indices.map { Row(flow: tree.flows[$0].id, counts: counts[$0]) }
        return FlowFile(file: file, rows: rows, total: Row(flow: nil, counts: total), notCovered: notCovered,
                        unreachable: universe.unreachable.count)
    }
}
