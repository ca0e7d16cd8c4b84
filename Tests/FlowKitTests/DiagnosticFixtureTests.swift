@testable import FlowKit
import Foundation
import Testing
import TestSupport

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

    /// The fixtures are small, so the validator checks them one check after another; in
    /// parallel (as it checks large files) each must give the same diagnostics, in order.
    @Test(arguments: codes)
    func fixtureGivesTheSameDiagnosticsWhenCheckedInParallel(code: String) throws {
        let path = try #require(Self.cleanedFolder).appendingPathComponent("\(code).yaml").path
        var sequential = Self.validator(for: code)
        sequential.parallelChecksMinimumBytes = .max
        var parallel = Self.validator(for: code)
        parallel.parallelChecksMinimumBytes = 0
        #expect(try parallel.validate(fileAt: path).diagnostics == sequential.validate(fileAt: path).diagnostics)
    }

    /// Large files have their child flows built, and their expressions checked, while
    /// the rest of the file is parsed (`FlowLoader.earlyCheck`): loaded that way, each
    /// fixture must give the same diagnostics, in order.
    @Test(arguments: codes)
    func fixtureGivesTheSameDiagnosticsWhenItsFlowsAreCheckedEarly(code: String) throws {
        let path = try #require(Self.cleanedFolder).appendingPathComponent("\(code).yaml").path
        var whole = Self.validator(for: code)
        whole.loader.handoffMinimumBytes = .max
        var early = Self.validator(for: code)
        early.loader.handoffMinimumBytes = 0
        #expect(try early.validate(fileAt: path).diagnostics == whole.validate(fileAt: path).diagnostics)
    }

    /// `run` prepares its flow with `FlowPreparation`, which compiles the document while
    /// the checks run, before it knows whether they find errors: on every fixture it must
    /// report what the validator reports, and run only a flow without errors.
    @Test(arguments: codes)
    func fixturePreparedForRunningGivesTheValidatorsDiagnostics(code: String) async throws {
        let path = try #require(Self.cleanedFolder).appendingPathComponent("\(code).yaml").path
        let preparation = FlowPreparation(fileAt: path, validator: Self.validator(for: code))
        async let helper: Void = preparation.help()
        let outcome = preparation.outcome()
        await helper
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
