@testable import FlowKit
import Testing

/// The expression check runs in pieces, one per range of flows: the ranges must cover
/// every flow once, in order, however the flows are sized.
@Suite struct FlowRangeTests {
    @Test(arguments: [1, 2, 4, 7, 50])
    func rangesCoverEveryFlowOnceInOrder(count: Int) throws {
        // 23 child flows of 0 to 4 screens each.
        let children = (0..<23).map { child in
            "  f\(child):\n    start: s0\n    screens:\n" + (0...(child % 5)).map { "      s\($0): {}\n" }.joined()
        }
        let yaml = "version: 1\nflow: root\nstart: f0\nflows:\n" + children.joined()
        let document = try #require(FlowLoader().load(Array(yaml.utf8), file: "f.yaml").document)
        let index = FlowIndex(root: document.root)
        #expect(index.flows.count == 24)
        let ranges = index.flowRanges(count: count)
        #expect(ranges.count <= count)
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == 24)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(ranges.allSatisfy { !$0.isEmpty })
    }
}
