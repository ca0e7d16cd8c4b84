@testable import FlowKit
import Foundation
import Testing
import TestSupport
@testable import FlowYAML

/// One fixture per diagnostic code of spec §12, each marking where its diagnostics
/// must appear: a fixture must produce exactly its marked diagnostics, with the
/// code's severity, and notes where `^ note` markers say.
@Suite struct DiagnosticFixtureTests {
    static let folder = Fixtures.url("Diagnostics", besides: #filePath)

    /// Fixtures that need tighter limits than the defaults to show their code.
    static func validator(for code: String) -> Validator {
        var validator = Validator()
        switch code {
        case "file-too-large": validator.loader.limits.maxFileSize = 16
        case "include-too-deep": validator.loader.maxIncludeDepth = 0
        case "too-many-flows": validator.loader.maxFlows = 3
        default: break
        }
        return validator
    }

    /// The fixtures, cleaned of markers, in a temporary folder (includes resolve there).
    static let cleanedFolder: URL? = {
        guard let folder = try? FlowrunProcess.temporaryDirectory(),
              let walker = FileManager.default.enumerator(atPath: Self.folder.path) else { return nil }
        for case let path as String in walker where path.hasSuffix(".yaml") {
            let source = Self.folder.appendingPathComponent(path)
            guard let text = try? String(contentsOf: source, encoding: .utf8) else { continue }
            let target = folder.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AnnotatedFixture(name: path, annotated: text).text.write(to: target, atomically: true, encoding: .utf8)
        }
        return folder
    }()

    static let codes = DiagnosticCode.allCases.map(\.rawValue)
        .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0).yaml").path) }

    @Test func everyCodeHasAFixture() {
        let missing = DiagnosticCode.allCases.map(\.rawValue).filter { !Self.codes.contains($0) }
        #expect(missing.isEmpty, "codes without a fixture: \(missing)")
    }

    @Test(arguments: codes)
    func fixtureProducesExactlyItsMarkedDiagnostics(code: String) throws {
        let fixture = try AnnotatedFixture.load("Diagnostics/\(code).yaml")
        let folder = try #require(Self.cleanedFolder)
        let path = folder.appendingPathComponent("\(code).yaml").path
        let report = try Self.validator(for: code).validate(fileAt: path)
        let found = report.diagnostics.map { "\($0.code.rawValue)@\($0.line):\($0.column)" }.sorted()
        let expected = fixture.markers.filter { $0.label != "note" }.map { "\($0.label)@\($0.line):\($0.column)" }.sorted()
        #expect(found == expected, "\(report.diagnostics.map(\.message))")
        #expect(expected.contains { $0.hasPrefix(code + "@") }, "the fixture marks no \(code)")
        for diagnostic in report.diagnostics {
            #expect(diagnostic.severity == diagnostic.code.severity)
            #expect(diagnostic.file == path)
        }
        let notes = report.diagnostics.flatMap(\.notes).map { "\($0.start.line):\($0.start.column)" }
        for marker in fixture.markers where marker.label == "note" {
            #expect(notes.contains("\(marker.line):\(marker.column)"), "no note at \(marker)")
        }
    }

    /// Many files are checked in parallel, one file to a thread: every fixture must give
    /// the diagnostics it gives alone, reported in the order the files were given.
    @Test func fixturesCheckedInParallelGiveTheirOwnDiagnosticsInOrder() throws {
        let folder = try #require(Self.cleanedFolder)
        let paths = Self.codes.map { folder.appendingPathComponent("\($0).yaml").path }
        let validator = Validator()
        let together = validator.validate(filesAt: (paths + paths.reversed()).map { SourcePath($0) })
        #expect(together.count == 2 * paths.count)
        for (path, result) in zip(paths + paths.reversed(), together) {
            let report = try result.get()
            #expect(report.file == path)
            #expect(try report.diagnostics == validator.validate(fileAt: path).diagnostics)
        }
    }

    /// `run` prepares its flow with `PreparedFlow`: on every fixture it must report what
    /// the validator reports, and compile only a flow without errors.
    @Test(arguments: codes)
    func fixturePreparedForRunningGivesTheValidatorsDiagnostics(code: String) throws {
        let path = try #require(Self.cleanedFolder).appendingPathComponent("\(code).yaml").path
        let outcome = PreparedFlow(fileAt: path, validator: Self.validator(for: code))
        let expected = try Self.validator(for: code).validate(fileAt: path).diagnostics
        switch outcome {
        case .ready(_, _, let report):
            #expect(report.diagnostics == expected)
            #expect(!expected.contains { $0.severity == .error })
        case .invalid(let report):
            #expect(report.diagnostics == expected)
            #expect(expected.contains { $0.severity == .error })
        case .unreadable(let error):
            Issue.record("\(code): \(error)")
        case .uncompilable(let error):
            Issue.record("\(code): the checks found no error, yet: \(error)")
        }
    }

    @Test func theCleanFixtureHasNoDiagnostics() throws {
        let folder = try #require(Self.cleanedFolder)
        let report = try Validator().validate(fileAt: folder.appendingPathComponent("clean.yaml").path)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.code.rawValue)@\($0.start): \($0.message)" })")
    }

    @Test func includeDepthIsCountedAlongARealChain() throws {
        let folder = try FlowrunProcess.temporaryDirectory()
        // Each file includes the next; the 33rd include is one too many.
        for level in 0...33 {
            let include = level < 33 ? "flows:\n  f\(level + 1): { include: level\(level + 1).yaml }\non:\n  go: { push: f\(level + 1) }\n" : ""
            let text = "version: 1\nflow: f\(level)\nstart: s\nscreens: { s: { actions: [go, back] } }\n" + include
            try text.write(to: folder.appendingPathComponent("level\(level).yaml"), atomically: true, encoding: .utf8)
        }
        let report = try Validator().validate(fileAt: folder.appendingPathComponent("level0.yaml").path)
        let tooDeep = report.diagnostics.filter { $0.code == .includeTooDeep }
        #expect(tooDeep.count == 1)
        #expect(tooDeep.first?.file.hasSuffix("level32.yaml") == true)
        #expect(tooDeep.first?.start == Mark(line: 6, column: 19))
    }
}
