import FlowKit
import Foundation
import Testing
import TestSupport

/// Flows whose shape once fooled the static graph (found in review): each must give
/// exactly the diagnostics its markers show, and most none at all.
@Suite struct GraphRegressionTests {
    static let folder = Fixtures.url("Graph", besides: #filePath)

    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test func thereAreCases() {
        #expect(Self.names.count >= 10)
    }

    @Test(arguments: names)
    func producesExactlyItsMarkedDiagnostics(name: String) throws {
        let fixture = try AnnotatedFixture.load("Graph/\(name)")
        let directory = try FlowrunProcess.temporaryDirectory()
        let path = try fixture.writeCleaned(to: directory)
        let report = try Validator().validate(fileAt: path)
        let found = report.diagnostics.map { "\($0.code.rawValue)@\($0.line):\($0.column)" }.sorted()
        let expected = fixture.markers.map { "\($0.label)@\($0.line):\($0.column)" }.sorted()
        #expect(found == expected, "\(report.diagnostics.map(\.message))")
    }
}
