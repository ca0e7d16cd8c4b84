import FlowKit
import Foundation
import Testing
import TestSupport

/// `--output yaml` (cli.md 1.1): idiomatic block YAML that a YAML 1.2 parser reads back as
/// the JSON document, with plain keys and strings wherever they read back the same.
@Suite struct YAMLOutputTests {
    static let flow = """
    version: 1
    flow: app
    start: s
    variables:
      world: mars
      answer: "yes"
      ratio: 1.0
      count: 3
      tags: [a, "b: c", "1.0", "#hash", " padded"]
      nested: { k: [1, { x: why, z: [] }] }
      empty: []
      none: null
      lines: "one\\ntwo"
      date: "2030-01-31"
      dash: "- x"
      odd: "tab\\there"
    screens:
      s: { actions: [quit] }
    """

    /// The run's result as `--output` `format` gives it.
    private func result(_ format: String) throws -> String {
        let directory = try FlowrunProcess.temporaryDirectory()
        try Self.flow.write(to: directory.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", format], stdin: "quit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test(.slow("installs ruamel.yaml with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the YAML is read back with ruamel.yaml"))
    func theYAMLReadsBackAsTheJSONDocument() throws {
        #expect(try ReportValidator.problems(inYAML: try result("yaml"), comparedWith: try result("json")) == nil)
    }

    @Test func theYAMLQuotesOnlyWhereNeeded() throws {
        let yaml = try result("yaml")
        for plain in ["status: cancelled\n", "screen: s\n", "  - app/s\n", "    world: mars\n", "      - a\n", "    ratio: 1.0\n", "        - x: why\n"] {
            #expect(yaml.contains(plain), "plain: \(plain.debugDescription) in\n\(yaml)")
        }
        for quoted in [#"answer: "yes""#, #"- "b: c""#, #"- "1.0""#, ##"- "#hash""##, #"- " padded""#, #"date: "2030-01-31""#] {
            #expect(yaml.contains(quoted), "quoted: \(quoted) in\n\(yaml)")
        }
        #expect(!yaml.contains("\"world\""), "keys are plain where they can be")
    }

    @Test func yamlOutputEscapesWhatYAMLWouldMisread() throws {
        let tricky = "del\u{7F} c1\u{85} ls\u{2028} ps\u{2029} quote\" back\\ tab\t"
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: text }]
            actions: [quit]
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "yaml"], stdin: tricky + "\nquit\n", directory: directory)
        let parsed = YAMLParser().parse(Array(outcome.stdout.utf8), file: "out.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(outcome.stdout)")
        #expect(parsed.tree.documents.first?["values"]?["app"]?["text"]?.string == tricky)
    }
}
