import FlowYAML

/// A path to read, as the system takes it and as reports show it, and why it is read.
///
/// The bytes need not be UTF-8: a folder walk finds files whatever bytes their names
/// hold, and a `String` cannot carry such a name. Such a path is shown with its bytes
/// escaped (`TerminalText.escapingInvalidBytes`), and opened by its bytes.
public struct SourcePath: Sendable {
    /// Why the file is read, which decides what it may be.
    public enum Origin: Sendable {
        /// A flow or test file named on the command line: a pipe (`validate /dev/stdin`) or a
        /// regular file, of any name where no link leads to it (`SourceFile.checkNamedFile`).
        case named
        /// A file an option names (`--answers`, `--state`): a pipe or a regular file, where a
        /// link leads only to a file of its name's kind (`st.json` to a `.json` file).
        case option
        /// Read as a flow (or a flow test) through a folder walk, an `include`, a `use` or a
        /// test's `flow:`: only a regular `.yaml`/`.yml` file (`SourceFile.checkFlowFile`).
        case flow
    }

    /// The path as reports name it (and as relative includes are resolved from).
    public let shown: String
    /// The path's bytes, NUL-terminated, for the system calls.
    let system: [CChar]
    public let origin: Origin
    /// Whether a folder walk found a regular file here, not a link, under a flow file's
    /// name: it is then opened without following a link (`SourceFile.load`).
    var walkedToRegularFile = false

    public init(_ path: String, origin: Origin = .named) {
        shown = path
        system = Array(path.utf8CString)
        self.origin = origin
    }

    /// A path of any bytes but NUL (a name need not be UTF-8), shown with the bytes that
    /// are not as `\x{ff}`.
    public init(bytes: [UInt8], origin: Origin = .named) {
        shown = TerminalText.escapingInvalidBytes(bytes)
        system = bytes.map { CChar(bitPattern: $0) } + [0]
        self.origin = origin
    }

    /// The path's bytes, without the NUL.
    var bytes: [UInt8] { system.dropLast().map { UInt8(bitPattern: $0) } }

    /// The file's real path (links and `..` resolved), so that `./a.yaml`, `a.yaml` and a
    /// folder holding it name one file; the path itself when it has none.
    var resolved: SourcePath { SourceFile.realPath(self) ?? self }
}
