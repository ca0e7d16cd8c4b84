import FlowKit
import Foundation
import Testing
import TestSupport
import FlowYAML

/// `flowrun schema`: a JSON Schema (2020-12) that a real validator (Python's jsonschema,
/// with the YAML 1.2 loader ruamel.yaml) finds well-formed, that accepts every example
/// and every fixture without errors, and rejects unknown keys, wrong types and missing keys.
@Suite struct SchemaCommandTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/FlowKitTests/Fixtures")

    /// Writes a fixture, cleaned of its markers, into `directory`.
    private func cleaned(_ path: String, into directory: URL) throws -> String {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(path), encoding: .utf8)
        return try AnnotatedFixture(name: path, annotated: text).writeCleaned(to: directory)
    }

    @Test(.slow("installs jsonschema and ruamel.yaml with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the schema is checked with Python's jsonschema"))
    func theSchemaAcceptsValidFlowsAndRejectsBrokenOnes() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let schema = try FlowrunProcess.run(["schema"])
        #expect(schema.status == 0)
        let schemaPath = directory.appendingPathComponent("flowrun.schema.json").path
        try schema.stdout.write(toFile: schemaPath, atomically: true, encoding: .utf8)

        let flows = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Flows").path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".flowtest.yaml") }.map { Fixtures.packageRoot.appendingPathComponent("Flows/\($0)").path }
        let warningsOnly = ["clean"] + DiagnosticCode.allCases.filter { $0.severity == .warning }.map(\.rawValue)
        let graph = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("Graph").path)
            .filter { $0.hasSuffix(".yaml") && !["exit-code-range.yaml", "failed-include-reports-only-itself.yaml"].contains($0) }
        let valid = try flows + warningsOnly.map { try cleaned("Diagnostics/\($0).yaml", into: directory) }
            + graph.map { try cleaned("Graph/\($0)", into: directory) }
        let invalid = try ["unknown-key", "type-mismatch", "missing-key"].map { try cleaned("Diagnostics/\($0).yaml", into: directory) }

        let checker = Fixtures.packageRoot.appendingPathComponent("Tests/Tools/check_schema.py").path
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", checker, schemaPath, "--valid"] + valid + ["--invalid"] + invalid, timeout: 300)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(valid.count) valid and 3 invalid files checked, 0 problems"))
    }

    @Test(.slow("installs jsonschema and ruamel.yaml with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the schema is checked with Python's jsonschema"))
    func theTestSchemaAcceptsTheExampleTestsAndRejectsBrokenOnes() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let schema = try FlowrunProcess.run(["schema", "--tests"])
        #expect(schema.status == 0)
        let schemaPath = directory.appendingPathComponent("flowtest.schema.json").path
        try schema.stdout.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        let valid = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Flows").path)
            .filter { $0.hasSuffix(".flowtest.yaml") }.map { Fixtures.packageRoot.appendingPathComponent("Flows/\($0)").path }
        let broken = [
            "flow: f.yaml\ncases:\n  - name: a\n    expect: { stauts: finished }\n",            // an unknown key
            "flow: f.yaml\ncases:\n  - name: a\n    input: [x]\n",                               // no expect
            "flow: f.yaml\ncommands: [{ exit_code: 0 }]\ncases: []\n",                            // a stub without its command
            "flow: f.yaml\nnow: tomorrow\ncases: []\n",                                          // not a time
        ]
        var invalid: [String] = []
        for (number, text) in broken.enumerated() {
            let path = directory.appendingPathComponent("broken\(number).flowtest.yaml").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            invalid.append(path)
        }
        let checker = Fixtures.packageRoot.appendingPathComponent("Tests/Tools/check_schema.py").path
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", checker, schemaPath, "--valid"] + valid + ["--invalid"] + invalid, timeout: 300)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(valid.count >= 5)
        #expect(outcome.stdout.contains("\(valid.count) valid and \(invalid.count) invalid files checked, 0 problems"), "\(outcome.stdout)")
    }

    @Test(arguments: [["schema"], ["schema", "--tests"]])
    func everyKeyHasADescription(command: [String]) throws {
        let schema = try FlowrunProcess.run(command)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: Any])
        var missing: [String] = []
        func visit(_ node: Any, path: String) {
            if let object = node as? [String: Any] {
                // An `if` states a condition on keys described elsewhere.
                if path.hasSuffix("/if") { return }
                if let properties = object["properties"] as? [String: Any] {
                    for (key, value) in properties {
                        if (value as? [String: Any])?["description"] == nil { missing.append("\(path)/\(key)") }
                    }
                }
                for (key, value) in object { visit(value, path: "\(path)/\(key)") }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { visit(value, path: "\(path)/\(index)") }
            }
        }
        visit(root, path: "#")
        #expect(missing.isEmpty, "keys without a description: \(missing)")
    }
}
