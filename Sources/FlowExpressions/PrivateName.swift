/// Private names (spec §4 1.2): a variable, field or param whose name starts with `_` is
/// readable and settable inside its flow like any other, but appears in no output: not
/// in the result document's `values` (so neither in `--output env`), not in
/// `--save-answers`, not in a flow test's `values`, and not among a flow's names read
/// from outside it without `result` (`flowid.name`, `flowid.results`). `--state` keeps
/// them: it is not an output. The one home of that rule.
public enum PrivateName {
    /// Whether `name` (a variable, field or param id, without its flow) is private.
    public static func isPrivate(_ name: String) -> Bool { name.utf8.first == UInt8(ascii: "_") }

    /// `variables` with the private ones removed.
    package static func removed<Value>(from variables: [String: Value]) -> [String: Value] {
        variables.filter { !isPrivate($0.key) }
    }
}
