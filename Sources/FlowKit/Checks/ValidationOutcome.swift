import FlowYAML

/// What `--strict` and `--quiet` make of a validation run: which diagnostics fail it,
/// which are shown, and the exit status. Pure functions, so the CLI's decisions can be
/// tested without a binary.
public enum ValidationOutcome {
    /// Whether `diagnostic` fails the run: every error, and with `strict` every warning too.
    public static func fails(_ diagnostic: Diagnostic, strict: Bool) -> Bool {
        diagnostic.severity == .error || strict
    }

    /// The reports as they are shown. With `quiet`, diagnostics that do not fail the run
    /// are left out, so every report (and its counts) holds errors only; with `strict`
    /// warnings fail the run, so `quiet` keeps them. Files stay, even with nothing left.
    public static func shown(_ reports: [FileReport], quiet: Bool, strict: Bool) -> [FileReport] {
        guard quiet else { return reports }
        return reports.map { report in
            var report = report
            report.diagnostics.removeAll { !fails($0, strict: strict) }
            return report
        }
    }

    /// The exit status of `flowrun validate` (cli.md): 2 when a path could not be read,
    /// else 1 when some diagnostic fails the run, else 0.
    ///
    /// `summary` counts the diagnostics found, before `--quiet` leaves any out.
    public static func exitCode(summary: ValidationSummary, strict: Bool, unreadable: Bool = false) -> Int32 {
        if unreadable { return 2 }
        if summary.errors > 0 || (strict && summary.warnings > 0) { return 1 }
        return 0
    }
}
