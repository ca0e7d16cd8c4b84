/// ANSI styling that collapses to nothing when colour is off.
public struct TextStyle: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func red(_ text: String) -> String { wrap(text, "1;31") }
    public func magenta(_ text: String) -> String { wrap(text, "1;35") }
    public func cyan(_ text: String) -> String { wrap(text, "1;36") }
    public func green(_ text: String) -> String { wrap(text, "1;32") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The environment variables `shouldColor` reads.
    public static let variablesRead = ["NO_COLOR", "TERM"]

    /// Whether a stream should get colour: it is a terminal, `NO_COLOR` is unset
    /// or empty (no-color.org), and `TERM` is not `dumb`.
    public static func shouldColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
