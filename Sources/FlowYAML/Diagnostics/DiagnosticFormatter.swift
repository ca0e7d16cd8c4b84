/// Renders diagnostics in the shape clang and swiftc use:
///
///     file:3:1: error: duplicate key 'title' in this mapping [duplicate-key]
///         3 | title: Again
///           | ^~~~~
///     file:2:1: note: 'title' is first used here
///         2 | title: Log in
///           | ^
///
/// A fix becomes a final note ("did you mean 'title'?"), with its replacement
/// text under the caret when it has one. Messages show control characters (line breaks
/// too) as visible escapes (`MessageText.sanitized`), quoted lines as U+FFFD
/// (`QuotedLine`): they can hold a user's words, and a report must neither drive the
/// terminal nor break its one-line-per-diagnostic shape.
public struct DiagnosticFormatter: Sendable {
    public var style: TextStyle
    /// The files' text, for quoting source lines; a file missing here is rendered without them.
    public var sources: [String: SourceText]

    public init(sources: [String: SourceText], colored: Bool = false) {
        self.sources = sources
        self.style = TextStyle(enabled: colored)
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        var lines: [String] = []
        let severity = diagnostic.severity == .error ? style.red("error:") : style.magenta("warning:")
        lines.append(style.bold("\(MessageText.sanitized(diagnostic.file)):\(diagnostic.start): ") + severity + " "
                     + style.bold(MessageText.sanitized(diagnostic.message)) + " [\(diagnostic.code.rawValue)]")
        // A replacement of another range than the diagnostic's is not drawn under the caret.
        lines += excerpt(file: diagnostic.file, start: diagnostic.start, end: diagnostic.end,
                         replacement: diagnostic.fix?.range == nil ? diagnostic.fix?.replacement : nil)
        for note in diagnostic.notes {
            lines.append(style.bold("\(MessageText.sanitized(note.file)):\(note.start): ") + style.cyan("note:") + " " + MessageText.sanitized(note.message))
            lines += excerpt(file: note.file, start: note.start, end: nil, replacement: nil)
        }
        if let fix = diagnostic.fix {
            lines.append(style.bold("\(MessageText.sanitized(diagnostic.file)):\(diagnostic.start): ") + style.cyan("note:") + " " + MessageText.sanitized(fix.message))
        }
        return lines.joined(separator: "\n")
    }

    /// The quoted source line, a caret under `start` and tildes up to `end` on the same line.
    private func excerpt(file: String, start: Mark, end: Mark?, replacement: String?) -> [String] {
        guard let source = sources[file], let text = source.line(start.line) else { return [] }
        let line = QuotedLine(text, around: max(0, start.column - 1))
        let gutter = String(start.line)
        let blank = String(repeating: " ", count: gutter.count)
        let caretIndex = line.index(ofColumn: start.column)
        // Keep tabs so the caret lines up whatever the tab width; pad other characters by their width.
        let padding = line.scalars.prefix(caretIndex).map { $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of($0)) }.joined()
        // The caret takes the first column of the span; tildes cover the rest of its width.
        var width = 1
        if let end, end.line == start.line, end.column > start.column {
            let spanned = line.scalars.dropFirst(caretIndex).prefix(end.column - start.column)
            width = max(1, spanned.reduce(0) { $0 + DisplayWidth.of($1) })
        }
        var lines = [
            "    \(gutter) | \(line.text)",
            "    \(blank) | " + padding + style.green("^" + String(repeating: "~", count: width - 1)),
        ]
        if let replacement {
            lines.append("    \(blank) | " + padding + style.green(MessageText.sanitized(replacement)))
        }
        return lines
    }
}
