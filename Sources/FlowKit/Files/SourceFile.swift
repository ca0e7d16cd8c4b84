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
        var bytes: [UInt8] = []
        if status.st_mode & S_IFMT == S_IFREG {
            let size = Int(status.st_size)
            if size > maxSize { return .tooLarge(size: size) }
            bytes = try readStraight(descriptor, atMost: size + 1, path: path)
            // Fewer bytes than asked for: the file ended, no later than `fstat` said.
            if bytes.count <= size { return .bytes(bytes) }
            if bytes.count > maxSize { return .tooLarge(size: bytes.count) }
        }
        // Pipes and devices have no size to check in advance, and a regular file may hold
        // more than it said (it grew, or it is one of /proc, which all say 0): read on.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maxSize { return .tooLarge(size: bytes.count) }
        }
        return .bytes(bytes)
    }

    /// Up to `limit` bytes read straight into the array, with no buffer between (on a
    /// large file the copy through a buffer is a noticeable part of reading it); fewer
    /// only where the file ends.
    private static func readStraight(_ descriptor: Int32, atMost limit: Int, path: String) throws(SourceFileError) -> [UInt8] {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            while initialized < buffer.count {
                let count = read(descriptor, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if count == 0 { return }
                initialized += count
            }
        }
        if failed { throw failure(path) }
        return bytes
    }

    public enum Contents: Sendable {
        case bytes([UInt8])
        case tooLarge(size: Int)
    }

    private static func failure(_ path: String) -> SourceFileError {
        SourceFileError(path: path, reason: String(cString: strerror(errno)))
    }
}
