import Foundation
import Testing
import TestSupport

/// Re-recording golden files never passes a test: a record switch left set in CI fails it.
@Suite struct GoldenTests {
    @Test func recordingWritesTheFileAndFails() throws {
        let folder = try FlowrunProcess.temporaryDirectory()
        let testFile = folder.appendingPathComponent("SomeTests.swift").path
        let recording = ["FLOWRUN_RECORD_GOLDEN": "1"]
        #expect(try Golden.matches("new output\n", "out.txt", file: testFile, environment: recording) == false)
        let written = try String(contentsOf: folder.appendingPathComponent("Golden/out.txt"), encoding: .utf8)
        #expect(written == "new output\n")
        #expect(try Golden.matches("new output\n", "out.txt", file: testFile, environment: [:]))
        #expect(try Golden.matches("other output\n", "out.txt", file: testFile, environment: [:]) == false)
    }
}
