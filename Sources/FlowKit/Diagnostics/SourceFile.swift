#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read. Unreadable files are not diagnostics: the CLI
/// reports them on their own and exits with 2.
public struct SourceFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Reads source files, refusing oversized ones before reading them.
public enum SourceFile {
    /// The file's bytes, or `.tooLarge` without reading it when it is larger than `maxSize`.
    public static func load(_ path: String, maxSize: Int) throws(SourceFileError) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw SourceFileError(path: path, reason: "it is a directory")
        }
        if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > maxSize {
            return .tooLarge(size: Int(status.st_size))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            // Pipes and devices have no size to check in advance.
            if bytes.count > maxSize { return .tooLarge(size: bytes.count) }
        }
        return .bytes(bytes)
    }

    public enum Contents: Sendable {
        case bytes([UInt8])
        case tooLarge(size: Int)
    }

    private static func failure(_ path: String) -> SourceFileError {
        SourceFileError(path: path, reason: String(cString: strerror(errno)))
    }
}
