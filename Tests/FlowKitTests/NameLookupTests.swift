@testable import FlowKit
import Testing

/// `FirstPositions` and `FirstOccurrences` scan short lists and hash long ones: either
/// way, the first item with a name is the one found.
@Suite struct NameLookupTests {
    /// Lengths on both sides of the scan limit, with every name repeated.
    static let lengths = [0, 1, FirstPositions.scanLimit, FirstPositions.scanLimit + 1, 50]

    @Test(arguments: lengths)
    func firstPositionsFindTheFirstOfEachName(length: Int) {
        let names = (0..<length).map { "name\($0 % max(1, length / 2))" }
        let lookup = FirstPositions(count: names.count) { names[$0] }
        for (position, name) in names.enumerated() {
            #expect(lookup.position(of: name, count: names.count) { names[$0] } == names.firstIndex(of: name))
            #expect(names.firstIndex(of: name).map { $0 <= position } == true)
        }
        #expect(lookup.position(of: "missing", count: names.count) { names[$0] } == nil)
    }

    @Test(arguments: lengths)
    func firstOccurrencesReportEachRepeatWithItsFirstPlace(length: Int) {
        let keys = (0..<length).map { $0 % max(1, length / 2) }
        var seen = FirstOccurrences<Int, Int>(expectedCount: 2)
        for (place, key) in keys.enumerated() {
            let first = keys.firstIndex(of: key)
            #expect(seen.firstPlace(of: key, addingAt: place) == (first == place ? nil : first))
        }
        #expect(seen.firstPlace(of: -1, addingAt: 0) == nil)
        #expect(seen.firstPlace(of: -1, addingAt: 1) == 0)
    }
}
