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
        if status.st_mode & S_IFMT == S_IFREG {
            if Int(status.st_size) > maxSize { return .tooLarge(size: Int(status.st_size)) }
            if let bytes = try readRegularFile(descriptor, size: Int(status.st_size), path: path) { return .bytes(bytes) }
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

    /// A regular file's bytes read straight into the array, with no buffer between:
    /// on a large file the copy through a buffer is a noticeable part of reading it.
    /// Nil when the file turned out to hold more than `size` bytes (it grew since
    /// `fstat`), for the caller to read it as it would a pipe.
    private static func readRegularFile(_ descriptor: Int32, size: Int, path: String) throws(SourceFileError) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
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
        guard bytes.count <= size else {
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure(path) }
            return nil
        }
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
