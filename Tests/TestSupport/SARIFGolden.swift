import Foundation
import FlowYAML

/// A SARIF log as golden files hold it: without its rule catalogue, which lists every
/// code of `DiagnosticCode` and is checked in code (`SARIFReporterTests`), so that a new
/// code changes no golden file. The rest stays byte for byte; each result's `ruleIndex`
/// is left out only where it points at the rule of its `ruleId`.
public enum SARIFGolden {
    /// The log with the catalogue and the indexes into it left out, and the catalogue's text.
    public static func split(_ log: String) -> (golden: String, rules: String) {
        var lines = log.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "\"rules\" : [" }) else { return (log, "") }
        let indent = String(lines[start].prefix { $0 == " " })
        guard let end = lines[start...].firstIndex(where: { $0 == indent + "]" || $0 == indent + "]," }) else { return (log, "") }
        let rules = lines[start...end]
        let ids = rules.compactMap { quoted(after: "\"id\" : ", in: $0) }
        let comma = lines[end].hasSuffix(",") ? "," : ""
        lines.replaceSubrange(start...end, with: [indent + "\"rules\" : \"every code, in DiagnosticCode's order: SARIFReporterTests checks them\"" + comma])
        for number in lines.indices.dropFirst() {
            let line = lines[number]
            guard let key = line.range(of: "\"ruleIndex\" : "), let index = Int(line[key.upperBound...]), ids.indices.contains(index),
                  quoted(after: "\"ruleId\" : ", in: lines[number - 1]) == ids[index] else { continue }
            lines[number] = line[..<key.upperBound] + "\"the index of its ruleId\""
        }
        return (lines.joined(separator: "\n"), rules.joined(separator: "\n"))
    }

    /// The string in `line` after `key`: `"x"` in `"id" : "x",`.
    private static func quoted(after key: String, in line: String) -> String? {
        guard let range = line.range(of: key + "\"") else { return nil }
        let rest = line[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
