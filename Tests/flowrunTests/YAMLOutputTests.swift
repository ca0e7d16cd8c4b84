import FlowKit
import Foundation
import Testing
import TestSupport
import FlowYAML

/// `--output yaml` (cli.md 1.2): idiomatic block YAML that a YAML 1.2 reader (ruamel.yaml)
/// and a YAML 1.1 reader (PyYAML) both read back as the JSON document, with plain keys
/// and strings wherever they read back the same.
@Suite struct YAMLOutputTests {
    /// Answers a YAML 1.1 or 1.2 reader would take for something else if written plain.
    static let answers = [
        "2026-11-25T10:00:00Z", "2026-11-25 10:00:00", "2026-1-5t1:02:03.5 +01:00", "2026-11-25", "<<", "=",
        "yes", "No", "ON", "off", "y", "N", "~", "null", "Null", "NULL", "true", "False",
        "012", "0o12", "1_000", "1:20", "-1:20:30.5", ".inf", "-.Inf", ".nan", "0x1F", "0b101", "1e5", "+.5", "1.",
        " padded", "trailing ", "-", "?", ":", "- x", "? x", "a: b", "#hash", "a #b", "key:", "&a", "*a", "!t", "%x", "@x",
        "1.2.3", "tRUE", "b:c", "rlo\u{202E}x", "😀",
    ]

    static let flow = """
    version: 1
    flow: app
    start: s
    variables:
      world: mars
      answer: "yes"
      ratio: 1.0
      big: 1.0e16
      small: 0.00001
      count: 3
      tags: [a, "b: c", "1.0", "#hash", " padded"]
      nested: { k: [1, { x: why, z: [] }] }
      keys: { "<<": merge, "=": value, "2026-11-25T10:00:00Z": timestamp, "on": bool, "1:20": sexagesimal }
      empty: []
      none: null
      lines: "one\\ntwo"
      date: "2030-01-31"
      dash: "- x"
      odd: "tab\\there"
    screens:
      s:
        fields: [\(answers.indices.map { "{ id: a\($0) }" }.joined(separator: ", "))]
        actions: [quit]
    """

    /// The run's result as `--output` `format` gives it, each answer typed on its line.
    private func result(_ format: String) throws -> String {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let stdin = Self.answers.map { $0 + "\n" }.joined() + "quit\n"
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", format], stdin: stdin, directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test(.slow("installs ruamel.yaml with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the YAML is read back with ruamel.yaml"))
    func theYAMLReadsBackAsTheJSONDocument() throws {
        #expect(try ReportValidator.problems(inYAML: try result("yaml"), comparedWith: try result("json")) == nil)
    }

    /// PyYAML reads a plain `2026-11-25T10:00:00Z` as a datetime and `<<` as a merge key,
    /// and fails on a plain `=`; flowrun quotes them, and PyYAML reads the JSON document.
    @Test(.enabled(if: ReportValidator.pyYAMLAvailable,
                   "python3 or its yaml module (PyYAML; Debian's python3-yaml) is missing: the YAML is read back with PyYAML"))
    func aYAML11ReaderReadsTheYAMLBackAsTheJSONDocument() throws {
        let json = try result("json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let values = try #require((document["values"] as? [String: Any])?["app"] as? [String: Any])
        for (index, answer) in Self.answers.enumerated() {
            #expect(values["a\(index)"] as? String == answer, "the answer \(answer.debugDescription) is in the JSON document")
        }
        #expect(try ReportValidator.problems(inYAML: try result("yaml"), comparedWith: json, reader: .pyyaml) == nil)
    }

    @Test func theYAMLQuotesOnlyWhereNeeded() throws {
        let yaml = try result("yaml")
        for plain in ["status: cancelled\n", "screen: s\n", "  - app/s\n", "    world: mars\n", "      - a\n", "    ratio: 1.0\n", "    big: 1.0e+16\n", "    small: 1.0e-05\n", "        - x: why\n", "    a49: b:c\n", "    a51: 😀\n"] {
            #expect(yaml.contains(plain), "plain: \(plain.debugDescription) in\n\(yaml)")
        }
        for quoted in [#"answer: "yes""#, #"- "b: c""#, #"- "1.0""#, ##"- "#hash""##, #"- " padded""#, #"date: "2030-01-31""#,
                       #"a0: "2026-11-25T10:00:00Z""#, #"a4: "<<""#, #"a5: "=""#, #""<<": merge"#, #""=": value"#, #"a50: "rlo\u202Ex""#] {
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
