import FoundationEssentials

/// The machine format of cli.md: files, diagnostics (with notes), and a summary.
///
/// Keys are sorted, so the output is byte-for-byte stable. Beyond cli.md's keys,
/// each diagnostic has `end_line`/`end_column` (null when unknown) and `fix`
/// (a suggestion in words, or null).
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        let document = Document(
            files: reports.map(\.file),
            diagnostics: reports.flatMap(\.diagnostics).map(Entry.init),
            summary: Summary(ValidationSummary(reports))
        )
        return Self.encode(document)
    }

    /// A document as pretty-printed JSON with sorted keys, ending with a newline. The
    /// encoder escapes C0 controls; DEL, C1 controls and bidirectional overrides, which
    /// it leaves raw, are escaped too (`\u009b`), so the document is safe on a terminal.
    static func encode(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return escapingUnsafe(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSON text with every character `TerminalText` finds unsafe as a `\uXXXX` escape.
    /// Outside strings JSON holds none, so the text stays the same document.
    public static func escapingUnsafe(_ json: String) -> String {
        TerminalText.replacingUnsafe(in: json, breaks: .kept) { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    private struct Document: Encodable {
        var files: [String]
        var diagnostics: [Entry]
        var summary: Summary
    }

    private struct Summary: Encodable {
        var errors: Int, warnings: Int, files: Int
        init(_ summary: ValidationSummary) {
            errors = summary.errors
            warnings = summary.warnings
            files = summary.files
        }
    }

    struct Entry: Encodable {
        var file: String, line: Int, column: Int
        var endLine: Int?, endColumn: Int?
        var severity: String, code: String, message: String
        var notes: [NoteEntry]
        var fix: String?

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.file
            line = diagnostic.line
            column = diagnostic.column
            endLine = diagnostic.end?.line
            endColumn = diagnostic.end?.column
            severity = diagnostic.severity.rawValue
            code = diagnostic.code.rawValue
            message = diagnostic.message
            notes = diagnostic.notes.map(NoteEntry.init)
            fix = diagnostic.fix?.message
        }

        enum CodingKeys: String, CodingKey {
            case file, line, column, severity, code, message, notes, fix
            case endLine = "end_line", endColumn = "end_column"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(endLine, forKey: .endLine)
            try container.encode(endColumn, forKey: .endColumn)
            try container.encode(severity, forKey: .severity)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(notes, forKey: .notes)
            try container.encode(fix, forKey: .fix)
        }
    }

    struct NoteEntry: Encodable {
        var file: String, line: Int, column: Int, message: String
        init(_ note: Diagnostic.Note) {
            file = note.file
            line = note.start.line
            column = note.start.column
            message = note.message
        }
    }
}
