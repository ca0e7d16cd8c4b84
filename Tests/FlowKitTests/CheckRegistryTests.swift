@testable import FlowKit
import Foundation
import Testing
import TestSupport
@testable import FlowYAML

/// The recipe "add a diagnostic" of docs/development.md holds: every code of spec §12 is
/// reported by the loader (`FlowLoader.codes`) or by a check of `CheckRegistry`; each of
/// these declares exactly the codes it reports, and shows each on the code's fixture.
@Suite struct CheckRegistryTests {
    static let checkNames = CheckRegistry.checks.map { "\($0)" }

    /// Every fixture of `Fixtures/Diagnostics`, by code, loaded with its code's limits.
    static func loaded(_ code: String) throws -> FlowLoadResult {
        let path = try #require(DiagnosticFixtureTests.cleanedFolder).appendingPathComponent("\(code).yaml").path
        return try DiagnosticFixtureTests.validator(for: code).loader.load(fileAt: path)
    }

    /// The codes `check` alone finds in a loaded file.
    static func codes(foundBy check: any Check.Type, in loaded: FlowLoadResult) -> Set<DiagnosticCode> {
        guard let document = loaded.document else { return [] }
        let index = FlowIndex(root: document.root)
        return Set(check.check(CheckContext(index: index, tree: ResponderTree(analysing: index), sources: loaded.sources)).map(\.code))
    }

    @Test func everyCodeIsReportedByTheLoaderOrARegisteredCheck() {
        let declared = Set(FlowLoader.codes + CheckRegistry.checks.flatMap { $0.codes })
        let missing = DiagnosticCode.allCases.filter { !declared.contains($0) }
        #expect(missing.isEmpty, "add each of \(missing.map(\.rawValue)) to the codes of the check that reports it")
    }

    @Test func everyCheckIsRegisteredOnceAndReportsSomeCode() {
        #expect(Set(Self.checkNames).count == Self.checkNames.count, "\(Self.checkNames)")
        for check in CheckRegistry.checks {
            #expect(!check.codes.isEmpty, "\(check) declares no code")
            #expect(Set(check.codes).count == check.codes.count, "\(check) declares a code twice")
        }
    }

    /// A code that the loader reports only in a file that is no YAML, where nothing else
    /// can be found, has the loader's case in `Diagnostics/loading/` (an expression cut at
    /// a bracket); its own fixture shows the checks' cases.
    @Test(arguments: FlowLoader.codes)
    func theLoaderReportsItsCodeOnItsFixture(code: DiagnosticCode) throws {
        let loading = "loading/\(code.rawValue)"
        let ownFixture = !FileManager.default.fileExists(atPath: DiagnosticFixtureTests.folder.appendingPathComponent(loading + ".yaml").path)
        #expect(try Self.loaded(ownFixture ? code.rawValue : loading).diagnostics.contains { $0.code == code })
    }

    /// A check has a fixture for each of its codes, where the check alone reports it.
    @Test(arguments: checkNames)
    func aCheckReportsEachOfItsCodesOnTheCodesFixture(name: String) throws {
        let check = try #require(CheckRegistry.checks.first { "\($0)" == name })
        for code in check.codes {
            #expect(try Self.codes(foundBy: check, in: Self.loaded(code.rawValue)).contains(code),
                    "\(name) reports no \(code.rawValue) on Fixtures/Diagnostics/\(code.rawValue).yaml: mark a case of it there")
        }
    }

    /// No unit reports a code it does not declare, on any fixture.
    @Test(arguments: DiagnosticCode.allCases.map(\.rawValue) + ["clean"])
    func aFixtureGivesOnlyDeclaredCodes(fixture: String) throws {
        let loaded = try Self.loaded(fixture)
        let undeclared = Set(loaded.diagnostics.map(\.code)).subtracting(FlowLoader.codes)
        #expect(undeclared.isEmpty, "the loader reports \(undeclared.map(\.rawValue)), not in FlowLoader.codes")
        for check in CheckRegistry.checks {
            let undeclared = Self.codes(foundBy: check, in: loaded).subtracting(check.codes)
            #expect(undeclared.isEmpty, "\(check) reports \(undeclared.map(\.rawValue)), not in its codes")
        }
    }
}
