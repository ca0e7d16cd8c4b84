import Foundation
import Testing
import TestSupport

/// `--output yaml` (cli.md 1.1): idiomatic block YAML that a YAML 1.2 parser reads back as
/// the JSON document, with plain keys and strings wherever they read back the same.
@Suite(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the YAML is read back with ruamel.yaml"))
struct YAMLOutputTests {
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

    @Test func theYAMLReadsBackAsTheJSONDocumentAndQuotesOnlyWhereNeeded() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try Self.flow.write(to: directory.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let yaml = try FlowrunProcess.run(["run", "f.yaml", "--output", "yaml"], stdin: "quit\n", directory: directory)
        let json = try FlowrunProcess.run(["run", "f.yaml", "--output", "json"], stdin: "quit\n", directory: directory)
        #expect(yaml.status == 0 && json.status == 0)
        #expect(try ReportValidator.problems(inYAML: yaml.stdout, comparedWith: json.stdout) == nil)
        for plain in ["status: cancelled\n", "screen: s\n", "  - app/s\n", "    world: mars\n", "      - a\n", "    ratio: 1.0\n", "        - x: why\n"] {
            #expect(yaml.stdout.contains(plain), "plain: \(plain.debugDescription) in\n\(yaml.stdout)")
        }
        for quoted in [#"answer: "yes""#, #"- "b: c""#, #"- "1.0""#, ##"- "#hash""##, #"- " padded""#, #"date: "2030-01-31""#] {
            #expect(yaml.stdout.contains(quoted), "quoted: \(quoted) in\n\(yaml.stdout)")
        }
        #expect(!yaml.stdout.contains("\"world\""), "keys are plain where they can be")
    }
}
