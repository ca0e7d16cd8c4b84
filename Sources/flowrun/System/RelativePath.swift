import FlowKit
import FoundationEssentials

/// Paths relative to a folder, as a test file names its flow.
enum RelativePath {
    /// `path` as seen from `folder` (both relative to the working folder, or absolute),
    /// through the real locations of both where they exist (so links and `..` agree).
    static func of(_ path: String, from folder: String) -> String {
        let target = components(absolute(path))
        let base = components(absolute(folder))
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private static func absolute(_ path: String) -> String {
        let real = FlowFileFinder.identity(of: path)
        return real.hasPrefix("/") ? real : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The path's components with `.` and `..` resolved (without following links).
    private static func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        return parts
    }
}
