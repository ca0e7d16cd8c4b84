import FlowKit
import Foundation
import Testing
import TestSupport
import FlowYAML

/// Parity with libyaml on the YAML test suite in `../shared/conformance/yaml-test-suite`:
/// the tree rejects what libyaml rejects, accepts what it accepts, and loads the
/// suite's JSON for every valid case libyaml gets right.
@Suite struct ConformanceTests {
    struct Case: CustomStringConvertible {
        var id: String
        var folder: URL
        var description: String { id }
    }

    static let suite: URL? = Fixtures.sharedFolder?.appendingPathComponent("conformance/yaml-test-suite")

    static var cases: [Case] {
        guard let suite, let walker = FileManager.default.enumerator(atPath: suite.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix("/in.yaml") }
            .map { path in
                let id = String(path.dropLast("/in.yaml".count))
                return Case(id: id, folder: suite.appendingPathComponent(id))
            }
            .sorted { $0.id < $1.id }
    }

    /// The cases libyaml gets wrong, by category, from the suite's baseline list.
    static let knownFailures: [String: String] = {
        guard let suite, let text = try? String(contentsOf: suite.appendingPathComponent("libyaml-known-failures.txt"), encoding: .utf8) else { return [:] }
        var failures: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { failures[String(fields[0])] = String(fields[1]) }
        }
        return failures
    }()

    @Test(.enabled(if: suite != nil, "../shared/conformance/yaml-test-suite is absent: skipping the YAML conformance test"))
    func everyCaseIsPresent() {
        #expect(Self.cases.count == 402)
        #expect(Self.knownFailures.count == 72)
    }

    @Test(.enabled(if: suite != nil, "../shared/conformance/yaml-test-suite is absent: skipping the YAML conformance test"),
          arguments: cases)
    func matchesLibyaml(_ testCase: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: testCase.folder.appendingPathComponent("in.yaml")))
        let result = YAMLParser().parse(bytes, file: testCase.id)
        let isError = FileManager.default.fileExists(atPath: testCase.folder.appendingPathComponent("error").path)
        let known = Self.knownFailures[testCase.id]
        let libyamlRejects = isError ? known != "error-accepted" : known == "valid-rejected"
        #expect(result.hasSyntaxError == libyamlRejects,
                "\(testCase.id): libyaml \(libyamlRejects ? "rejects" : "accepts") it; diagnostics: \(result.diagnostics.map(\.message))")

        let json = testCase.folder.appendingPathComponent("in.json")
        guard !isError, known == nil, FileManager.default.fileExists(atPath: json.path) else { return }
        let expected = try JSONValue.parseStream(String(contentsOf: json, encoding: .utf8))
        let actual = result.tree.documents.map(JSONValue.init)
        #expect(actual == expected.map(Optional.some), "\(testCase.id): tree differs from in.json")
    }
}
