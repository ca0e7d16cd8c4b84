import FoundationEssentials

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
///   `%SRCROOT%`, the folder flowrun ran in; an absolute path becomes a `file://` URI.
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
        let driver = Driver(name: "flowrun", version: FlowrunVersion.current, rules: codes.map(Rule.init))
        let results = reports.flatMap(\.diagnostics).map { Result($0, ruleIndex: ruleIndex[$0.code] ?? -1) }
        return JSONReporter.encode(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    /// Escapes `text` for a SARIF plain-text message (§3.11.5 placeholders, §3.11.6 links).
    public static func escapeMessage(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{": escaped += "{{"
            case "}": escaped += "}}"
            case "[", "]", "\\": escaped += "\\" + String(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A file path as a URI reference: relative paths stay relative, absolute ones
    /// become `file://` URIs; every byte outside `A–Z a–z 0–9 - . _ ~ /` is
    /// percent-encoded (so `:`, `%`, `#`, `?`, spaces and non-ASCII cannot change its meaning).
    public static func uri(forPath path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%"
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    // MARK: - The log's shape (only what flowrun fills in)

    private struct Log: Encodable {
        var schema = SARIFReporter.schemaURI
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    private struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration

        init(_ code: DiagnosticCode) {
            id = code.rawValue
            shortDescription = Message(code.summary)
            defaultConfiguration = Configuration(level: Self.level(code.severity))
        }

        static func level(_ severity: Severity) -> String {
            severity == .error ? "error" : "warning"
        }
    }

    private struct Configuration: Encodable {
        var level: String
    }

    private struct Message: Encodable {
        var text: String
        init(_ text: String) { self.text = SARIFReporter.escapeMessage(text) }
    }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var fixes: [Fix]?

        init(_ diagnostic: Diagnostic, ruleIndex: Int) {
            ruleId = diagnostic.code.rawValue
            self.ruleIndex = ruleIndex
            level = Rule.level(diagnostic.severity)
            var text = diagnostic.message
            if let fix = diagnostic.fix { text += "\n" + fix.message }
            message = Message(text)
            let region = Region(start: diagnostic.start, end: diagnostic.end)
            locations = [Location(physicalLocation: PhysicalLocation(file: diagnostic.file, region: region))]
            if !diagnostic.notes.isEmpty {
                relatedLocations = diagnostic.notes.enumerated().map { index, note in
                    Location(id: index + 1,
                             physicalLocation: PhysicalLocation(file: note.file, region: Region(start: note.start, end: nil)),
                             message: Message(note.message))
                }
            }
            if let fix = diagnostic.fix, let replacement = fix.replacement, region.endLine != nil {
                let change = ArtifactChange(
                    artifactLocation: ArtifactLocation(file: diagnostic.file),
                    replacements: [Replacement(deletedRegion: region, insertedContent: Content(text: replacement))]
                )
                fixes = [Fix(description: Message(fix.message), artifactChanges: [change])]
            }
        }
    }

    private struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region

        init(file: String, region: Region) {
            artifactLocation = ArtifactLocation(file: file)
            self.region = region
        }
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?

        init(file: String) {
            uri = SARIFReporter.uri(forPath: file)
            uriBaseId = file.hasPrefix("/") ? nil : SARIFReporter.sourceRoot
        }
    }

    /// 1-based lines and columns; the end is the position just after the region.
    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int?
        var endColumn: Int?

        init(start: Mark, end: Mark?) {
            startLine = max(1, start.line)
            startColumn = max(1, start.column)
            // An empty or backwards range says nothing more than its start.
            if let end, end > Mark(line: startLine, column: startColumn) {
                endLine = end.line
                endColumn = max(1, end.column)
            }
        }
    }

    private struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
    }

    private struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    private struct Replacement: Encodable {
        var deletedRegion: Region
        var insertedContent: Content
    }

    private struct Content: Encodable {
        var text: String
    }
}
