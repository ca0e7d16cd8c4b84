import FlowYAML

/// The machine format of cli.md: files, diagnostics (with notes), and a summary.
///
/// Keys are sorted, so the output is byte-for-byte stable. Beyond cli.md's keys,
/// each diagnostic has `end_line`/`end_column` (null when unknown) and `fix`
/// (a suggestion in words, or null).
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        let summary = ValidationSummary(reports)
        let document: JSONValue = [
            "files": .array(reports.map { .string($0.file) }),
            "diagnostics": .array(reports.flatMap(\.diagnostics).map(Self.entry)),
            "summary": ["errors": .int(summary.errors), "warnings": .int(summary.warnings), "files": .int(summary.files)],
        ]
        return document.document
    }

    /// A diagnostic as `validate --format json` gives it (and `flowrun test`'s JSON too).
    /// Its words are escaped as every report's are (`TerminalText`): JSON's own `\u001b`
    /// would turn back into the control character in `jq -r`'s output.
    static func entry(_ diagnostic: Diagnostic) -> JSONValue {
        [
            "file": .string(diagnostic.file), "line": .int(diagnostic.line), "column": .int(diagnostic.column),
            "end_line": diagnostic.end.map { .int($0.line) } ?? .null, "end_column": diagnostic.end.map { .int($0.column) } ?? .null,
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code.rawValue),
            "message": .string(TerminalText.escaped(diagnostic.message)),
            "notes": .array(diagnostic.notes.map { note in
                ["file": .string(note.file), "line": .int(note.start.line), "column": .int(note.start.column), "message": .string(TerminalText.escaped(note.message))]
            }),
            "fix": diagnostic.fix.map { .string(TerminalText.escaped($0.message)) } ?? .null,
        ]
    }
}
