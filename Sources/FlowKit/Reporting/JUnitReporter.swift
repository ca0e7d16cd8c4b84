import FlowYAML

/// JUnit XML, as CI servers read it: one test case per file, a failure per error.
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <testsuites name="flowrun validate" tests="1" failures="1" errors="0">
///       <testsuite name="flowrun validate" tests="1" failures="1" errors="0" skipped="0">
///         <testcase classname="flowrun.validate" name="flow.yaml">
///           <failure type="duplicate-key" message="duplicate key 'title' in this mapping">flow.yaml:4:30: error: …</failure>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// - `tests` counts files; `failures` counts files with at least one failure (JUnit
///   counts failed test cases, so `failures` never exceeds `tests`); `errors` is 0, as
///   unreadable paths are reported on stderr and never reach a report.
/// - A `<failure>` has the code as `type`, the message as `message`, and the text
///   format's block (position, message, code, quoted line, notes, fix) as its body.
/// - Warnings go to the test case's `<system-out>` in the same text form; with
///   `strict` they fail the run, so they are failures instead.
/// - Text is escaped for XML. Control characters (C0 but tab and LF, DEL, C1) and
///   bidirectional overrides are written as visible escapes (`\u{1b}`), as everywhere
///   flowrun writes (`TerminalText`), and U+FFFE and U+FFFF, which XML 1.0 forbids,
///   become U+FFFD: user text cannot make the document ill-formed, nor drive the
///   terminal of someone reading it.
public struct JUnitReporter: Reporter {
    /// Whether warnings fail the run (`--strict`), and so are failures.
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    public static let suiteName = "flowrun validate"
    public static let className = "flowrun.validate"

    public func render(_ reports: [FileReport]) -> String {
        var sources: [String: SourceText] = [:]
        for report in reports { sources[report.file] = report.source }
        let formatter = DiagnosticFormatter(sources: sources, colored: false)

        var cases: [String] = []
        var failedFiles = 0
        for report in reports {
            let failures = report.diagnostics.filter { ValidationOutcome.fails($0, strict: strict) }
            let others = report.diagnostics.filter { !ValidationOutcome.fails($0, strict: strict) }
            if !failures.isEmpty { failedFiles += 1 }
            let open = "    <testcase classname=\"\(Self.attribute(Self.className))\" name=\"\(Self.attribute(report.file))\""
            if failures.isEmpty && others.isEmpty {
                cases.append(open + "/>")
                continue
            }
            var lines = [open + ">"]
            for diagnostic in failures {
                lines.append("      <failure type=\"\(Self.attribute(diagnostic.code.rawValue))\" "
                             + "message=\"\(Self.attribute(diagnostic.message))\">"
                             + Self.text(formatter.format(diagnostic)) + "</failure>")
            }
            if !others.isEmpty {
                lines.append("      <system-out>" + Self.text(others.map(formatter.format).joined(separator: "\n"))
                             + "</system-out>")
            }
            lines.append("    </testcase>")
            cases.append(lines.joined(separator: "\n"))
        }

        let counts = "tests=\"\(reports.count)\" failures=\"\(failedFiles)\" errors=\"0\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(Self.suiteName)\" \(counts)>",
        ]
        if cases.isEmpty {
            lines.append("  <testsuite name=\"\(Self.suiteName)\" \(counts) skipped=\"0\"/>")
        } else {
            lines.append("  <testsuite name=\"\(Self.suiteName)\" \(counts) skipped=\"0\">")
            lines += cases
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` escaped for an attribute value in double quotes. Tab, LF and CR become
    /// character references, which attribute-value normalization leaves alone.
    public static func attribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    /// `text` escaped for element content; tab and LF stay.
    public static func text(_ text: String) -> String {
        escape(text, attribute: false)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        TerminalText.escaped(text).unicodeScalars.map { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"" where attribute: "&quot;"
            case "'" where attribute: "&apos;"
            case "\t" where attribute: "&#9;"
            case "\n" where attribute: "&#10;"
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: String(scalar)
            }
        }.joined()
    }
}
