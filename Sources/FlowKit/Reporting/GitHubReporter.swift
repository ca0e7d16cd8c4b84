import FlowYAML

/// GitHub Actions workflow commands: one annotation per diagnostic, then the text
/// format's summary line.
///
///     ::error file=flow.yaml,line=4,col=30,endLine=4,endColumn=34,title=duplicate-key::duplicate key 'title' in this mapping%0Aflow.yaml:4:11: note: 'title' is first used here
///     1 error, 0 warnings in 1 file
///
/// - Errors are `::error`, warnings `::warning` (whatever `--strict` says: the exit
///   status fails the job, the annotation keeps the diagnostic's own severity).
/// - Notes, then the fix, follow the message on lines of their own, written as the
///   text format writes them (`file:line:column: note: …`).
/// - Positions: `line` and `col` are where the node starts (1-based, columns in Unicode
///   scalars). A span on one line adds `endLine` and `endColumn`, the column of its
///   last character (GitHub's end column is inclusive; ours is exclusive). A span over
///   several lines is given by its start only, because GitHub drops the columns of a
///   multi-line annotation and a point is more use than a band of lines.
/// - Escaping is the Actions toolkit's: `%`, CR and LF in the message; those and `:`
///   and `,` in property values. Nothing a user writes can end a command early or start
///   a new one. Control characters within a line are visible escapes (`TerminalText`).
/// - The summary line starts with a digit, so the runner prints it as it is.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ reports: [FileReport]) -> String {
        var lines = reports.flatMap(\.diagnostics).map(command)
        lines.append(ValidationSummary(reports).sentence)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One diagnostic as a workflow command.
    func command(_ diagnostic: Diagnostic) -> String {
        var properties: [(String, String)] = [
            ("file", MessageText.sanitized(diagnostic.file)),
            ("line", String(diagnostic.start.line)),
            ("col", String(diagnostic.start.column)),
        ]
        if let end = diagnostic.end, end.line == diagnostic.start.line, end.column > diagnostic.start.column {
            properties.append(("endLine", String(end.line)))
            properties.append(("endColumn", String(end.column - 1)))
        }
        properties.append(("title", diagnostic.code.rawValue))

        var message = [diagnostic.message]
        for note in diagnostic.notes {
            message.append("\(note.file):\(note.start): note: \(note.message)")
        }
        if let fix = diagnostic.fix {
            message.append("\(diagnostic.file):\(diagnostic.start): note: \(fix.message)")
        }
        // The runner prints the message to the log, where an escape sequence would act.
        message = message.map { TerminalText.escaped($0) }

        let name = diagnostic.severity == .error ? "error" : "warning"
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message.joined(separator: "\n")))"
    }

    /// The toolkit's `escapeData`: `%`, CR and LF as percent escapes.
    public static func escapeData(_ text: String) -> String {
        escape(text, alsoSeparators: false)
    }

    /// The toolkit's `escapeProperty`: as `escapeData`, and `:` and `,` too.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, alsoSeparators: true)
    }

    private static func escape(_ text: String, alsoSeparators: Bool) -> String {
        // Scalar by scalar, so a CR LF pair (one Character) becomes %0D%0A.
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where alsoSeparators: "%3A"
            case "," where alsoSeparators: "%2C"
            default: String(scalar)
            }
        }.joined()
    }
}
