import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the paths given to `flowrun validate` into the flow files to check.
///
/// A file is taken as given, whatever its name. A folder is searched recursively
/// for `*.yaml` and `*.yml`, skipping flow tests (`*.flowtest.yaml`), hidden
/// entries (`.git`, `.build`) and symbolic links to folders; files come out sorted.
public enum FlowFileFinder {
    public static func files(in paths: [String]) throws(SourceFileError) -> [String] {
        var found: [String] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw SourceFileError(path: path, reason: String(cString: strerror(errno)))
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                found += try flowFiles(under: path)
            } else {
                found.append(path)
            }
        }
        return found
    }

    private static func flowFiles(under folder: String) throws(SourceFileError) -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw SourceFileError(path: folder, reason: "the folder cannot be listed")
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var found: [String] = []
        for entry in entries where !entry.hasPrefix(".") {
            let path = prefix + entry
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                found += try flowFiles(under: path)
            } else if isFlowFileName(entry) {
                found.append(path)
            }
        }
        return found
    }

    static func isFlowFileName(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasSuffix(".flowtest.yaml") && !name.hasSuffix(".flowtest.yml")
    }
}
