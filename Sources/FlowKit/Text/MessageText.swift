/// Text from users' values, made fit for a message: control characters replaced by
/// U+FFFD (so a message cannot drive a terminal) and long text cut with `…`.
public enum MessageText {
    public static func sanitized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            result.append(category == .control || category == .format ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// `text` in single quotes, sanitized, at most `limit` scalars.
    static func quoted(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        let cut = scalars.count > limit ? "…" : ""
        return "'" + sanitized(String(scalars: scalars.prefix(limit))) + cut + "'"
    }
}
