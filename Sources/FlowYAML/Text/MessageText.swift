/// Text from users' values, made fit for a one-line message: control characters
/// written as visible escapes (`TerminalText.line`), so a message cannot drive a
/// terminal, and long text cut with `…`.
public enum MessageText {
    public static func sanitized(_ text: String) -> String {
        TerminalText.line(text)
    }

    /// How a refusal names an answer: quoted, or "The answer" where it is `hidden` (a
    /// secret field's, or an answer computed from a secret), so no message repeats it.
    package static func naming(_ answer: String, hidden: Bool) -> String {
        hidden ? "The answer" : quoted(answer)
    }

    /// `text` in single quotes, sanitized, at most `limit` scalars.
    package static func quoted(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        let cut = scalars.count > limit ? "…" : ""
        return "'" + sanitized(String(scalars: scalars.prefix(limit))) + cut + "'"
    }
}
