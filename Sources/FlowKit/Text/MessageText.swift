/// Text from users' values, made fit for a one-line message: control characters
/// written as visible escapes (`TerminalText.line`), so a message cannot drive a
/// terminal, and long text cut with `…`.
public enum MessageText {
    public static func sanitized(_ text: String) -> String {
        TerminalText.line(text)
    }

    /// `text` in single quotes, sanitized, at most `limit` scalars.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        let cut = scalars.count > limit ? "…" : ""
        return "'" + sanitized(String(scalars: scalars.prefix(limit))) + cut + "'"
    }
}
