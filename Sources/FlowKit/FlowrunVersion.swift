/// The version of flowrun, printed by `--version` and written into reports that name
/// their tool (SARIF). Change it here only.
public enum FlowrunVersion {
    public static let current = "0.1.0"
}
