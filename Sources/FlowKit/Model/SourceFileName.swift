/// A source file's path as locations hold it: one instance per parsed file, shared by
/// every location read from it.
final class SourceFileName: Hashable, Sendable {
    let path: String

    init(_ path: String) {
        self.path = path
    }

    static func == (lhs: SourceFileName, rhs: SourceFileName) -> Bool {
        lhs === rhs || lhs.path == rhs.path
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
    }
}
