import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the paths given to `flowrun validate` (or `flowrun test`) into the files to read.
///
/// A file is taken as given, and read as `SourceFile` reads a named path (a pipe, or a
/// regular file of any name where no link leads to it). A folder is searched
/// recursively for `*.yaml` and `*.yml`, skipping flow tests (`*.flowtest.yaml`) — or,
/// for `test`, for flow tests only — and skipping hidden entries (`.git`, `.build`) and
/// symbolic links to folders; files come out sorted. A file found twice (under any
/// spelling of its path, through a link, or as a hard link) is read once. A file found in a folder has the origin `.flow`:
/// it is read only if it is a flow file (`SourceFile.checkFlowFile`), so a FIFO or a
/// device named `*.yaml` is reported as unreadable, never opened. Names need not be
/// UTF-8: such a file is read all the same, and shown with its bytes escaped.
public enum FlowFileFinder {
    /// Which files a folder search takes.
    public enum Kind: Sendable {
        case flows, flowTests

        func matches(_ name: [UInt8]) -> Bool {
            let isTest = name.ends(with: ".flowtest.yaml") || name.ends(with: ".flowtest.yml")
            switch self {
            case .flows: return FlowFileFinder.isYAML(name) && !isTest
            case .flowTests: return isTest
            }
        }
    }

    public struct Found: Sendable {
        /// The flow files, in the order given, folders' contents sorted.
        public var files: [SourcePath] = []
        /// Paths that could not be read or listed; the rest are still found.
        public var problems: [SourceFileError] = []
        /// Folders given on the command line that hold no flow file.
        public var emptyFolders: [String] = []
    }

    public static func files(in paths: [String], kind: Kind = .flows) -> Found {
        files(in: paths.map { SourcePath($0) }, kind: kind)
    }

    /// The files of paths given as they were named, whatever bytes they hold.
    public static func files(in paths: [SourcePath], kind: Kind = .flows) -> Found {
        var found = Found()
        var seen: Set<FileKey> = []
        for path in paths {
            var status = stat()
            guard stat(path.system, &status) == 0 else {
                found.problems.append(SourceFileError(path: path.shown, reason: String(cString: strerror(errno))))
                continue
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                if seen.insert(FileKey(status)).inserted { found.files.append(path) }
                continue
            }
            // Empty when it holds none, not when each it holds was given already.
            if collect(under: SourcePath(bytes: path.bytes, origin: .flow), kind: kind, into: &found, seen: &seen) == 0 { found.emptyFolders.append(path.shown) }
        }
        return found
    }

    /// The file's real path (links and `..` resolved), so that `./a.yaml`, `a.yaml` and a
    /// folder holding it name one file; the path as given when it has none.
    public static func identity(of path: String) -> String {
        SourcePath(path).resolved.shown
    }

    /// What tells a file found twice: its device and inode, which the walk's `lstat` (or a
    /// `stat`, through a link) gives; a link that leads nowhere, by its own path's bytes.
    /// (Resolving each path instead took a `readlink` per folder of it, 6% of validating a
    /// folder of 2,000 files.)
    private enum FileKey: Hashable {
        case file(device: UInt64, inode: UInt64)
        case unresolved([UInt8])

        init(_ status: stat) {
            self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        }

        /// The key of a file the walk found, `lstat` giving `status`.
        init(_ path: SourcePath, status: stat) {
            guard status.st_mode & S_IFMT == S_IFLNK else {
                self.init(status)
                return
            }
            var target = stat()
            self = stat(path.system, &target) == 0 ? FileKey(target) : .unresolved(path.bytes)
        }
    }

    /// Whether a file name ends in `.yaml` or `.yml`.
    static func isYAML(_ name: [UInt8]) -> Bool {
        name.ends(with: ".yaml") || name.ends(with: ".yml")
    }

    /// Adds the files of the kind under `folder` not found before; returns how many it
    /// holds, those found before included.
    private static func collect(under folder: SourcePath, kind: Kind, into found: inout Found, seen: inout Set<FileKey>) -> Int {
        guard let entries = names(in: folder) else {
            found.problems.append(SourceFileError(path: folder.shown, reason: "the folder cannot be listed"))
            return 0
        }
        var held = 0
        let prefix = folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
        let paths = entries.filter { $0.first != UInt8(ascii: ".") }.map { (name: $0, path: SourcePath(bytes: prefix + $0, origin: .flow)) }
        for (name, var path) in paths.sorted(by: { $0.path.shown < $1.path.shown }) {
            var status = stat()
            guard lstat(path.system, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                held += collect(under: path, kind: kind, into: &found, seen: &seen)
            } else if kind.matches(name) {
                held += 1
                guard seen.insert(FileKey(path, status: status)).inserted else { continue }
                path.walkedToRegularFile = status.st_mode & S_IFMT == S_IFREG
                found.files.append(path)
            }
        }
        return held
    }

    /// The names in a folder, as bytes (which need not be UTF-8); nil when it cannot be listed.
    private static func names(in folder: SourcePath) -> [[UInt8]]? {
        guard let directory = opendir(folder.system) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            // C interop: `d_name` is a fixed-size C array, NUL-terminated.
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }
}

extension [UInt8] {
    /// Whether the bytes end with the UTF-8 of `suffix`.
    func ends(with suffix: String) -> Bool {
        count >= suffix.utf8.count && suffix.utf8.elementsEqual(self[(count - suffix.utf8.count)...])
    }
}
