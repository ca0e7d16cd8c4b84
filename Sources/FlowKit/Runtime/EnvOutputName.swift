/// How `--output env` names what it writes (cli.md): the run's outcome first, then one
/// `FLOWID_NAME` per variable, upper-cased, `-` as `_`. The one home of that naming, which
/// the result document writes by and `env-name-clash` checks against.
public enum EnvOutputName {
    /// The names the outcome takes, in the order written.
    public static let outcome = ["FLOWRUN_STATUS", "FLOWRUN_EXIT_CODE", "FLOWRUN_SCREEN", "FLOWRUN_MESSAGE"]

    /// The shell name of variable `name` of flow `flow`.
    public static func of(flow: String, variable name: String) -> String {
        let joined = "\(flow)_\(name)"
        // Ids are ASCII almost always: upper-cased byte by byte, without Unicode's tables
        // (`validate` names every value of every flow for `env-name-clash`).
        guard joined.utf8.allSatisfy({ $0 < 0x80 }) else { return joined.uppercased().replacing("-", with: "_") }
        return String(decoding: joined.utf8.map { byte in
            byte == UInt8(ascii: "-") ? UInt8(ascii: "_") : (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
        }, as: UTF8.self)
    }

    /// Whether the variable is written at all: a private one (its name starts with `_`,
    /// spec §4 1.2) appears in no output.
    public static func isWritten(_ name: String) -> Bool { !name.hasPrefix("_") }
}
