import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all: to a temporary file beside the target, synced,
/// then renamed over it, so a run killed at any moment leaves the previous version.
enum AtomicFile {
    static func replace(_ path: String, with bytes: [UInt8]) throws(SourceFileWriteError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SourceFileWriteError(path: path) }
        guard bytes.withUnsafeBytes({ Console.writeAll($0, to: descriptor) }) else {
            let error = SourceFileWriteError(path: path)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        fsync(descriptor)
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SourceFileWriteError(path: path)
        }
    }
}

struct SourceFileWriteError: Error, CustomStringConvertible {
    let path: String
    let reason = String(cString: strerror(errno))
    var description: String { "cannot write '\(path)': \(reason)" }
}

/// `--state`: the session saved after every answer and transition.
enum StateFile {
    /// Saves the session if a path was given. A failed write is reported; the run goes
    /// on, and decides at its end (the last save must succeed, or the run exits 74).
    @discardableResult
    static func save(_ session: Session, to path: String?) -> Bool {
        guard let path else { return true }
        do {
            try AtomicFile.replace(path, with: session.savedState())
            return true
        } catch {
            Console.error(error.description)
            return false
        }
    }
}
