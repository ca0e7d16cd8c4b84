/// How `--output env` names what it writes (cli.md): the run's outcome first, then one
/// `FLOWID_NAME` per variable, upper-cased, `-` as `_`. The one home of that naming, which
/// the result document writes by and `env-name-clash` checks against.
public enum EnvOutputName {
    /// The names the outcome takes, in the order written.
    public static let outcome = ["FLOWRUN_STATUS", "FLOWRUN_EXIT_CODE", "FLOWRUN_SCREEN", "FLOWRUN_MESSAGE"]

    /// The shell name of variable `name` of flow `flow`.
    public static func of(flow: String, variable name: String) -> String {
        "\(flow)_\(name)".uppercased().replacing("-", with: "_")
    }

    /// Whether the variable is written at all: a private one (its name starts with `_`,
    /// spec §4 1.2) appears in no output.
    public static func isWritten(_ name: String) -> Bool { !name.hasPrefix("_") }
}
