import FlowKit
import FoundationEssentials

/// Paths relative to a folder, as a test file names its flow, or as a code-review tool
/// names a file of a change.
enum RelativePath {
    /// `path` as seen from `folder` (both relative to the working folder, or absolute),
    /// through the real locations of both where they exist (so links and `..` agree).
    static func of(_ path: String, from folder: String) -> String {
        relative(components(absolute(FlowFileFinder.identity(of: path))), from: components(absolute(FlowFileFinder.identity(of: folder))))
    }

    /// `path` as seen from `folder` by its spelling (`.` and `..` resolved, no link in it
    /// followed; the folder's real location, as the working folder's is), as a change
    /// lists its files: GitHub attaches an annotation to a file of the change only under
    /// that path (`flows/a.yaml`, not `./flows/a.yaml` nor
    /// `/home/runner/work/repo/repo/flows/a.yaml`). A path outside the folder (`/dev/stdin`)
    /// is no file of a change: it stays as given.
    static func spelled(_ path: String, from folder: String) -> String {
        let target = components(absolute(path))
        let base = components(absolute(FlowFileFinder.identity(of: folder)))
        return target.starts(with: base) ? relative(target, from: base) : path
    }

    private static func relative(_ target: [String], from base: [String]) -> String {
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
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
