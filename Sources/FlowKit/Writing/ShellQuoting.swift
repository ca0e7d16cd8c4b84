/// Text as a POSIX shell reads it back: in single quotes, each `'` written `'\''`. The
/// one spelling of a shell word, for `--output env`'s values and for the programs a
/// flow runs, as flowrun lists them.
public enum ShellQuoting {
    /// `text` in single quotes, always.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// A program's arguments as one line a shell would split back into them: an argument
    /// quoted only where it must be (empty, or holding a space, a quote or a sign a shell
    /// reads), so `git tag -m 'Release {{ version }}'` reads as the four arguments it is.
    public static func words(_ arguments: [String]) -> String {
        arguments.map { argument in
            argument.isEmpty || argument.unicodeScalars.contains { !isPlain($0) } ? quoted(argument) : argument
        }.joined(separator: " ")
    }

    /// Letters, digits, and the signs no shell gives a meaning to in a word.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F ? !scalar.properties.isWhitespace : scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "-_./=:,@%+".unicodeScalars.contains(scalar)
    }
}
