/// How serious a diagnostic is. Errors fail validation; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Comparable, Codable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}
