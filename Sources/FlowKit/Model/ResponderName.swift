/// How events, diagnostics, `flowrun chain` and `flowrun graph` name the responders of
/// spec §1.
public enum ResponderName {
    public static func screen(_ id: String) -> String { "screen '\(id)'" }
    public static func flow(_ id: String) -> String { "flow '\(id)'" }
    /// The responder past the root, which handles only the built-in actions.
    public static let application = "the application (back, quit)"
}
