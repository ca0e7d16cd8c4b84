import FlowYAML

/// SARIF 2.1.0, for code-scanning services and SARIF viewers.
///
/// - One run. `tool.driver.rules` lists every code of spec §12 in `DiagnosticCode`'s
///   order, whether or not it occurs, so a code's `ruleIndex` is the same in every log
///   and a viewer can show the whole catalogue. Each rule has the code as `id`, its
///   `summary` as `shortDescription`, and its §12 severity as the default level.
/// - `columnKind` is `unicodeCodePoints`: columns count Unicode scalars, as ours do.
/// - Each result has the diagnostic's region: `startLine`/`startColumn`, and
///   `endLine`/`endColumn` (the position just after the node, as SARIF wants) when known.
///   Notes are `relatedLocations` with ids from 1. A fix is a second line of the
///   message, and also a `fixes` entry when it has replacement text for a known range.
/// - A relative path becomes a relative URI (percent-encoded) with `uriBaseId`
///   `%SRCROOT%`, the folder paths are given from (`flowrun validate` gives them from
///   GitHub's workspace, or the folder it runs in); an absolute path becomes a `file://` URI.
/// - Message text is escaped as SARIF §3.11.5–3.11.6 asks: `{`/`}` doubled, so text is
///   never read as a placeholder, and `[`, `]` and `\` after a backslash, so it is never
///   read as an embedded link.
/// - Keys are sorted, so the output is byte-for-byte stable.
public struct SARIFReporter: Reporter {
    public init() {}

    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let sourceRoot = "%SRCROOT%"

    public func render(_ reports: [FileReport]) -> String {
        let codes = DiagnosticCode.allCases
        var ruleIndex: [DiagnosticCode: Int] = [:]
        for (index, code) in codes.enumerated() { ruleIndex[code] = index }
        let rules: [JSONValue] = codes.map { code in
            ["id": .string(code.rawValue), "shortDescription": Self.message(code.summary), "defaultConfiguration": ["level": Self.level(code.severity)]]
        }
        let driver: JSONValue = ["name": "flowrun", "version": .string(FlowrunVersion.current), "rules": .array(rules)]
        let results = reports.flatMap(\.diagnostics).map { Self.result($0, ruleIndex: ruleIndex[$0.code] ?? -1) }
        let run: JSONValue = ["tool": ["driver": driver], "columnKind": "unicodeCodePoints", "results": .array(results)]
        let log: JSONValue = ["$schema": .string(Self.schemaURI), "version": "2.1.0", "runs": [run]]
        return log.document
    }

    /// Escapes `text` for a SARIF plain-text message (§3.11.5 placeholders, §3.11.6 links).
    public static func escapeMessage(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "{": "{{"
            case "}": "}}"
            case "[", "]", "\\": "\\" + String(scalar)
            default: String(scalar)
            }
        }.joined()
    }

    // MARK: - The log's parts (only what flowrun fills in)

    private static func level(_ severity: Severity) -> JSONValue {
        severity == .error ? "error" : "warning"
    }

    /// Words escaped as every report's are (`TerminalText`), then as SARIF asks.
    private static func message(_ text: String) -> JSONValue {
        ["text": .string(escapeMessage(TerminalText.escaped(text)))]
    }

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
        var text = diagnostic.message
        if let fix = diagnostic.fix { text += "\n" + fix.message }
        let region = region(start: diagnostic.start, end: diagnostic.end)
        var result: [String: JSONValue] = [
            "ruleId": .string(diagnostic.code.rawValue), "ruleIndex": .int(ruleIndex), "level": level(diagnostic.severity),
            "message": message(text), "locations": [location(diagnostic.file, region)],
        ]
        if !diagnostic.notes.isEmpty {
            result["relatedLocations"] = .array(diagnostic.notes.enumerated().map { index, note in
                location(note.file, Self.region(start: note.start, end: nil), id: index + 1, message: note.message)
            })
        }
        let replaced = diagnostic.fix?.range.map { Self.region(start: $0.start, end: $0.end) } ?? region
        if let fix = diagnostic.fix, let replacement = fix.replacement, replaced["endLine"] != nil {
            let change: JSONValue = [
                "artifactLocation": artifactLocation(diagnostic.file),
                "replacements": [["deletedRegion": replaced, "insertedContent": ["text": .string(replacement)]]],
            ]
            result["fixes"] = [["description": message(fix.message), "artifactChanges": [change]]]
        }
        return .object(result)
    }

    private static func location(_ file: String, _ region: JSONValue, id: Int? = nil, message text: String? = nil) -> JSONValue {
        var location: [String: JSONValue] = ["physicalLocation": ["artifactLocation": artifactLocation(file), "region": region]]
        location["id"] = id.map(JSONValue.int)
        location["message"] = text.map(message)
        return .object(location)
    }

    private static func artifactLocation(_ file: String) -> JSONValue {
        file.hasPrefix("/") ? ["uri": .string(FileURI.reference(to: file))]
            : ["uri": .string(FileURI.reference(to: file)), "uriBaseId": .string(sourceRoot)]
    }

    /// 1-based lines and columns; the end is the position just after the region.
    private static func region(start: Mark, end: Mark?) -> JSONValue {
        let start = Mark(line: max(1, start.line), column: max(1, start.column))
        var region: [String: JSONValue] = ["startLine": .int(start.line), "startColumn": .int(start.column)]
        // An empty or backwards range says nothing more than its start.
        if let end, end > start {
            region["endLine"] = .int(end.line)
            region["endColumn"] = .int(max(1, end.column))
        }
        return .object(region)
    }
}
