import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the paths given to `flowrun validate` (or `flowrun test`) into the files to read.
///
/// A file is taken as given, whatever its name. A folder is searched recursively
/// for `*.yaml` and `*.yml`, skipping flow tests (`*.flowtest.yaml`) — or, for
/// `test`, for flow tests only — and skipping hidden entries (`.git`, `.build`) and
/// symbolic links to folders; files come out sorted. A file found twice (under any
/// spelling of its path) is read once.
public enum FlowFileFinder {
    /// Which files a folder search takes.
    public enum Kind: Sendable {
        case flows, flowTests

        func matches(_ name: String) -> Bool {
            let isTest = name.hasSuffix(".flowtest.yaml") || name.hasSuffix(".flowtest.yml")
            switch self {
            case .flows: return (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !isTest
            case .flowTests: return isTest
            }
        }
    }

    public struct Found: Sendable {
        /// The flow files, in the order given, folders' contents sorted.
        public var files: [String] = []
        /// Paths that could not be read or listed; the rest are still found.
        public var problems: [SourceFileError] = []
        /// Folders given on the command line that hold no flow file.
        public var emptyFolders: [String] = []
    }

    public static func files(in paths: [String], kind: Kind = .flows) -> Found {
        var found = Found()
        var seen: Set<String> = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                found.problems.append(SourceFileError(path: path, reason: String(cString: strerror(errno))))
                continue
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                if seen.insert(identity(of: path)).inserted { found.files.append(path) }
                continue
            }
            let before = found.files.count
            collect(under: path, kind: kind, into: &found, seen: &seen)
            if found.files.count == before { found.emptyFolders.append(path) }
        }
        return found
    }

    /// The file's real path (links and `..` resolved), so that `./a.yaml`, `a.yaml` and a
    /// folder holding it name one file; the path as given when it has none.
    public static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func collect(under folder: String, kind: Kind, into found: inout Found, seen: inout Set<String>) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder).sorted() else {
            found.problems.append(SourceFileError(path: folder, reason: "the folder cannot be listed"))
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for entry in entries where !entry.hasPrefix(".") {
            let path = prefix + entry
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(under: path, kind: kind, into: &found, seen: &seen)
            } else if kind.matches(entry), seen.insert(identity(of: path)).inserted {
                found.files.append(path)
            }
        }
    }
}
