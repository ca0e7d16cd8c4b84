import FlowKit
import FlowYAML

/// Hand-built reports for the reporters' tests: errors and warnings (the validator
/// emits no warnings yet), notes and fixes, and hostile text everywhere a user's words
/// can reach — quotes, `<&>`, `%`, commas, colons, line breaks, control characters,
/// braces and brackets, non-ASCII — in messages, notes, fixes and file names.
enum SampleReports {
    static let hostileFile = "flows/we,ird:name %20.yaml"
    static let absoluteFile = "/abs/path with space/ünï.yaml"
    static let hostileMessage = "unknown key 'tit\"le' <&> 100% off, see: a,b\nnext line\r\nlast\u{1}\u{1B}[31m 日本 {0} [here](1) back\\slash"

    static let hostileSource = """
    version: 1
    flow: app
    screens:
      home: { tit"le: x }
      other:
        text: 日本 \u{1B}[31m
        title: y
    end: true
    """

    /// An error with a note and a replacement fix, on one line.
    static let error = Diagnostic(
        .unknownKey, hostileMessage, file: hostileFile,
        at: Mark(line: 4, column: 11), end: Mark(line: 4, column: 18),
        notes: [.init("keys of a screen are listed here: <screen> & 'co'", file: hostileFile, at: Mark(line: 3, column: 1))],
        fix: .init("did you mean 'title'?", replacement: "title")
    )

    /// A warning spanning lines, with a fix that has no replacement.
    static let spanningWarning = Diagnostic(
        .unreachableScreen, "screen 'other' is unreachable: nothing pushes it", file: hostileFile,
        at: Mark(line: 5, column: 3), end: Mark(line: 8, column: 1),
        fix: .init("push it from 'home', or remove it")
    )

    /// A warning alone in a file with an absolute path.
    static let loneWarning = Diagnostic(
        .deadEnd, "screen 'ünï' leads nowhere", file: absoluteFile, at: Mark(line: 2, column: 1)
    )

    /// An error with no source and no end, as `file-too-large` is.
    static let tooLarge = Diagnostic(.fileTooLarge, "the file is 99 bytes; flow files may be at most 10 bytes",
                                     file: "big.yaml", at: .start)

    static var reports: [FileReport] {
        [
            FileReport(file: hostileFile, diagnostics: [error, spanningWarning], source: SourceText(Array(hostileSource.utf8))),
            FileReport(file: absoluteFile, diagnostics: [loneWarning], source: nil),
            FileReport(file: "clean.yaml", diagnostics: [], source: SourceText(Array("version: 1\n".utf8))),
            FileReport(file: "big.yaml", diagnostics: [tooLarge], source: nil),
        ]
    }
}
