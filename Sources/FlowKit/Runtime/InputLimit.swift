/// The limit of one line of input (spec §11 1.2: stdin, a flow test's `input`): a longer
/// line is refused, and is never held whole in memory.
public enum InputLimit {
    public static let lineBytes = 1 << 20
    public static let refusal = "That line is longer than 1 MiB, the limit of a line of input."
}
