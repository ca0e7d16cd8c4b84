#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read by name.
///
/// Commands read only the variables they use (each reader lists its own, as
/// `TextStyle.variablesRead` does) rather than `ProcessInfo`'s dictionary of every
/// variable, whose first use costs `run` 2% of its instructions before the first prompt.
enum ProcessEnvironment {
    /// Those of `names` that are set, by name.
    static func variables(_ names: some Sequence<String>) -> [String: String] {
        var variables: [String: String] = [:]
        for name in names where variables[name] == nil {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}
