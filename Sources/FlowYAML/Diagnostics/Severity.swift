/// How serious a diagnostic is. Errors fail validation; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Codable {
    case warning, error
}
