#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on a file flowrun writes, held through a lock file beside
/// it (`.NAME.lock`, beside the file a link points to): the file itself is replaced by `rename` at every save, and a lock
/// on a replaced file would guard nothing. The lock file holds the holder's process id,
/// for the message that names it. It stays when the lock is released (removing it would
/// let a waiting process lock a file nobody else sees). A link at the lock file's name is
/// followed only as `AtomicFile` follows one (a neighbour's link in `/tmp` is refused).
final class FileLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    enum Failure: Error, CustomStringConvertible {
        /// Another process holds it: its id, where the lock file says.
        case held(by: Int32?)
        case unavailable(String)
        /// The lock file is not one to open: a neighbour's link, a FIFO, a directory.
        case refused(SourceFileWriteError)

        var description: String {
            switch self {
            case .held(let holder): "another process\(holder.map { " (\($0))" } ?? "") holds the lock"
            case .unavailable(let reason): reason
            case .refused(let error): error.description
            }
        }
    }

    /// Takes the lock on `path` at once, or fails with who holds it.
    static func exclusive(for path: String) throws(Failure) -> FileLock {
        let descriptor = try openLockFile(for: path)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = holder(descriptor)
            close(descriptor)
            throw .held(by: holder)
        }
        record(descriptor)
        return FileLock(descriptor: descriptor)
    }

    /// Waits for the lock on `path` (a read-modify-write that others may be doing too).
    static func waiting(for path: String) throws(Failure) -> FileLock {
        let descriptor = try openLockFile(for: path)
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw .unavailable(String(cString: strerror(errno)))
            }
        }
        record(descriptor)
        return FileLock(descriptor: descriptor)
    }

    /// The lock file of the file a write to `path` lands in (after links, as
    /// `AtomicFile` writes): two paths to one file take one lock.
    private static func openLockFile(for path: String) throws(Failure) -> Int32 {
        let target = (try? AtomicFile.check(path)) ?? path
        let lockFile: String
        do {
            lockFile = try AtomicFile.check(AtomicFile.companion(of: target, suffix: ".lock"))
        } catch {
            throw .refused(error)
        }
        let descriptor = open(lockFile, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unavailable(String(cString: strerror(errno))) }
        do {
            return try AtomicFile.keepingOnlyRegularFile(descriptor, path: lockFile)
        } catch {
            throw .refused(error)
        }
    }

    private static func record(_ descriptor: Int32) {
        let text = Array("\(getpid())\n".utf8)
        ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer.prefix(count), as: UTF8.self).filter(\.isNumber))
    }
}
