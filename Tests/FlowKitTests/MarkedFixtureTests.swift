import FlowKit
import Foundation
import Testing
import TestSupport

/// Flows that each give exactly the diagnostics their markers show: shapes that once
/// fooled the static graph (`Fixtures/Graph`, most giving none at all), and the mistakes
/// authors make, each reported once where the author looks (`Fixtures/Authoring`).
@Suite struct MarkedFixtureTests {
    static let folders = ["Graph", "Authoring"]

    static let names: [String] = folders.flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url(folder, besides: #filePath).path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func thereAreCases() {
        for folder in Self.folders { #expect(Self.names.filter { $0.hasPrefix(folder + "/") }.count >= 5, "\(folder)") }
    }

    @Test(arguments: names)
    func producesExactlyItsMarkedDiagnostics(name: String) throws {
        let fixture = try AnnotatedFixture.load(name)
        let directory = try FlowrunProcess.temporaryDirectory()
        let path = try fixture.writeCleaned(to: directory)
        let report = try Validator().validate(fileAt: path)
        let found = report.diagnostics.map { "\($0.code.rawValue)@\($0.line):\($0.column)" }
        let expected = fixture.markers.filter { $0.label != "note" }.map { "\($0.label)@\($0.line):\($0.column)" }
        #expect(found.sorted() == expected.sorted(), "\(report.diagnostics.map(\.message))")
        // A `^ note` marker asks for a note there; diagnostics may have notes no marker shows.
        let notes = report.diagnostics.flatMap(\.notes).map { "\($0.start.line):\($0.start.column)" }
        for marker in fixture.markers where marker.label == "note" {
            #expect(notes.contains("\(marker.line):\(marker.column)"), "no note at \(marker)")
        }
    }
}
