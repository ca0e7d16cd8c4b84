import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all, and only where the user asked: to a fresh temporary
/// file beside the target, synced, then renamed over it, so a run killed at any moment
/// leaves the previous version.
///
/// The temporary file has one name per target, `.NAME.tmp`, and the caller holds the
/// target's `FileLock` (taken on the same file, after links), so no other flowrun uses
/// that name meanwhile. Whatever is at the
/// name is removed first (a run killed mid-save leaves its temporary file; a neighbour
/// may plant a link there: `unlink` removes the link, never what it points to), then the
/// file is made with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a link planted after the removal
/// makes the save fall back to an unpredictable `mkstemp` name, as does a name that is
/// not ours to remove (a neighbour's file in a sticky folder). A killed run thus leaves
/// at most one temporary file per target, which the next save replaces. A target that is a
/// symbolic link is written through it:
/// the file it points to is replaced, and the link stays. Only a regular file, or no file
/// at all, is replaced: a directory, a device, a FIFO or a socket is refused (`check`).
/// A link in a shared sticky folder (`/tmp`) is followed only under the kernel's rule
/// (`followable`): following links here, flowrun would otherwise bypass it.
/// A replaced file keeps its permissions; a new one gets 0600; a read-only one (no write
/// bit for its owner) is refused, whoever runs flowrun.
enum AtomicFile {
    /// Replaces the file at `path` (or the file its link points to) with `bytes`. The
    /// caller holds `FileLock` on `path` (which locks the same file).
    static func replace(_ path: String, with bytes: [UInt8]) throws(SourceFileWriteError) {
        let target = try check(path)
        var existing = stat()
        let mode: mode_t = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600
        var temporary = companion(of: target, suffix: ".tmp")
        var descriptor: Int32 = -1
        if unlink(temporary) == 0 || errno == ENOENT {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        if descriptor < 0 {
            // The fixed name is not ours to use (a neighbour's file there, in a sticky folder
            // such as /tmp): a name nobody can predict instead. mkstemp(3) fills in the X's
            // in place: C interop, lent the template's bytes.
            var template = Array(companion(of: target, suffix: ".XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard descriptor >= 0 else { throw SourceFileWriteError(path: path) }
        guard fchmod(descriptor, mode) == 0, Console.writeAll(bytes, to: descriptor), fsync(descriptor) == 0 else {
            let error = SourceFileWriteError(path: path)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let error = SourceFileWriteError(path: path)
            unlink(temporary)
            throw error
        }
    }

    /// The file a write to `path` lands in (`path` itself, or the file a link at `path`
    /// points to); refused unless it is a regular file its owner may write, or does not
    /// exist yet.
    @discardableResult
    static func check(_ path: String) throws(SourceFileWriteError) -> String {
        var target = path
        // A chain of links is followed to its end (at most 40 links, as the kernel allows).
        for _ in 0..<40 {
            var status = stat()
            guard lstat(target, &status) == 0 else { return target }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // A rename would replace a file its owner made read-only: its mode says no.
                guard status.st_mode & S_IWUSR != 0 else {
                    throw SourceFileWriteError(path: path, reason: "it is read-only (mode \(String(status.st_mode & 0o777, radix: 8)))")
                }
                return target
            case S_IFLNK:
                guard followable(target, owner: status.st_uid) else {
                    throw SourceFileWriteError(path: path, reason: "'\(target)' is a symbolic link another user (uid \(status.st_uid)) made in a shared "
                                               + "sticky folder; flowrun follows such a link only when it is yours or the folder owner's")
                }
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(target, &buffer, buffer.count - 1)
                guard count >= 0 else { throw SourceFileWriteError(path: path) }
                let destination = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                target = destination.hasPrefix("/") ? destination : directory(of: target) + destination
            default:
                throw SourceFileWriteError(path: path, reason: SourceFile.notRegularFile(status.st_mode))
            }
        }
        throw SourceFileWriteError(path: path, reason: "it is a chain of too many symbolic links")
    }

    /// `descriptor`, once `fstat` says it is open on a regular file, made to wait again.
    /// For a file opened at a path `check` looked at before: a FIFO or a device put there
    /// since must be neither waited on (opening a FIFO waits for its other end) nor
    /// written, so the caller opens it with `O_NONBLOCK` (and without `O_TRUNC`, which
    /// would act before this check). Otherwise closed, and refused.
    static func keepingOnlyRegularFile(_ descriptor: Int32, path: String) throws(SourceFileWriteError) -> Int32 {
        var status = stat()
        var failure: SourceFileWriteError?
        if fstat(descriptor, &status) != 0 {
            failure = SourceFileWriteError(path: path)
        } else if status.st_mode & S_IFMT != S_IFREG {
            failure = SourceFileWriteError(path: path, reason: SourceFile.notRegularFile(status.st_mode))
        } else if fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) != 0 {
            failure = SourceFileWriteError(path: path)
        }
        if let failure {
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// The kernel's rule for links (`fs.protected_symlinks`), which it cannot apply to links
    /// flowrun resolves itself: in a sticky, world-writable folder (`/tmp`), where anyone
    /// may plant a link to a victim's file, a link is followed only when the user running
    /// flowrun or the folder's owner made it. Elsewhere every link is followed.
    private static func followable(_ link: String, owner: uid_t) -> Bool {
        var folder = stat()
        guard stat(directory(of: link), &folder) == 0 else { return false }
        let shared = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        return !shared || owner == geteuid() || owner == folder.st_uid
    }

    /// A file flowrun keeps beside `target`, hidden: `.NAME` and `suffix` (`.tmp`, `.lock`).
    static func companion(of target: String, suffix: String) -> String {
        guard let slash = target.lastIndex(of: "/") else { return "." + target + suffix }
        return String(target[...slash]) + "." + String(target[target.index(after: slash)...]) + suffix
    }

    /// The folder of `path`, with its trailing `/` (`./` for a bare name).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "./" }
        return String(path[...slash])
    }
}

struct SourceFileWriteError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write '\(path)': \(reason)" }
}

extension SourceFileWriteError {
    /// The failure `errno` tells of.
    init(path: String) {
        self.init(path: path, reason: String(cString: strerror(errno)))
    }
}

/// `--state`: the session saved after every answer and transition.
enum StateFile {
    /// Saves the session if a path was given. A failed write is reported; the run goes
    /// on, and decides at its end (the last save must succeed, or the run exits 74).
    @discardableResult
    static func save(_ session: Session, to path: String?) -> Bool {
        guard let path else { return true }
        return AtomicFile.replaceReporting(path, with: session.savedState())
    }
}

extension AtomicFile {
    /// `replace`, with a failure reported on stderr rather than thrown. Returns whether
    /// the file was written.
    static func replaceReporting(_ path: String, with bytes: [UInt8]) -> Bool {
        do {
            try replace(path, with: bytes)
            return true
        } catch {
            Console.error(error.description)
            return false
        }
    }
}
