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

/// Reads source files, refusing oversized ones before reading them, what is not a flow
/// file where only a flow file may be read (`checkFlowFile`), and what a path named on
/// the command line may not be (`checkNamedFile`).
public enum SourceFile {
    /// The file's bytes, or `.tooLarge` without reading it when it is larger than `maxSize`.
    public static func load(_ path: String, maxSize: Int) throws(SourceFileError) -> Contents {
        try load(SourcePath(path), maxSize: maxSize)
    }

    /// The file's bytes, or `.tooLarge` without reading it when it is larger than `maxSize`.
    /// A path of origin `.flow` is checked before it is opened (`checkFlowFile`), so that
    /// what can be told to be no flow file is never opened, and checked again on the open
    /// descriptor (`checkOpenedFlowFile`): the path is resolved anew by each system call,
    /// and a link swapped between them must not get a FIFO, a device or a file of `/proc`
    /// read. It is opened without waiting (a FIFO put in its
    /// place since would otherwise wait for a writer). A path named on the command line is
    /// checked likewise (`checkNamedFile`, `checkOpenedNamedFile`); a FIFO named so is read
    /// as a pipe, its writer waited for.
    ///
    /// A regular file that a folder walk found under a flow file's name, not through a link
    /// (`walkedToRegularFile`), is opened without following a link and needs neither
    /// check but the descriptor's type: the walk's `lstat` was the check before opening,
    /// and the name that ends in `.yaml` is the file's own. (The two checks cost 3% of
    /// validating a folder of 2,000 files.)
    public static func load(_ path: SourcePath, maxSize: Int) throws(SourceFileError) -> Contents {
        let isFlow = path.origin == .flow
        let isWalked = isFlow && path.walkedToRegularFile
        if isFlow && !isWalked { try checkFlowFile(path) }
        let named = isFlow ? nil : try checkNamedFile(path)
        let descriptor = open(path.system, O_RDONLY | O_CLOEXEC | (named?.isPipe == true ? 0 : O_NONBLOCK) | (isWalked ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else {
            if isWalked && errno == ELOOP { throw SourceFileError(path: path.shown, reason: "it was replaced as it was read") }
            throw failure(path.shown)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path.shown) }
        if isWalked {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw SourceFileError(path: path.shown, reason: notRegularFile(status.st_mode))
            }
        } else if isFlow {
            try checkOpenedFlowFile(descriptor, path, status: status)
        } else if let named {
            try checkOpenedNamedFile(descriptor, path, named, status: status)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw SourceFileError(path: path.shown, reason: "it is a directory")
        }
        var bytes: [UInt8] = []
        if status.st_mode & S_IFMT == S_IFREG {
            let size = Int(status.st_size)
            if size > maxSize { return .tooLarge(size: size) }
            bytes = try readStraight(descriptor, atMost: size + 1, path: path.shown)
            // Fewer bytes than asked for: the file ended, no later than `fstat` said.
            if bytes.count <= size { return .bytes(bytes) }
            if bytes.count > maxSize { return .tooLarge(size: bytes.count) }
        }
        // A pipe has no size to check in advance, and a regular file may hold more than it
        // said (it grew): read on.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path.shown)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maxSize { return .tooLarge(size: bytes.count) }
        }
        return .bytes(bytes)
    }

    /// The rule for a file read as a flow (cli.md 1.2), checked before it is opened
    /// (opening a FIFO waits for a writer; opening a device may act): the file must be a
    /// regular file, and its real path (links followed) must end in `.yaml` or `.yml`. The
    /// name is what keeps `/proc` and `/sys` out: their files say they are regular and
    /// empty, and hold the environment, memory maps, kernel state, none of it under such a
    /// name. `load` checks the whole rule again on the descriptor it opens
    /// (`checkOpenedFlowFile`), since the path may lead elsewhere by then; on Linux the
    /// name is checked only there.
    public static func checkFlowFile(_ path: SourcePath) throws(SourceFileError) {
        var status = stat()
        guard stat(path.system, &status) == 0 else { throw failure(path.shown) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SourceFileError(path: path.shown, reason: notRegularFile(status.st_mode))
        }
        #if !os(Linux)
        // On Linux the name is checked on the open descriptor alone (`checkOpenedFlowFile`):
        // opening a regular file does nothing, and resolving the path here too cost a
        // `readlink` per folder of its path, 3% of validating a folder of 2,000 files.
        guard let real = realPath(path) else { throw failure(path.shown) }
        if let reason = refusal(ofRealName: real, for: path, requiringYAML: true) { throw SourceFileError(path: path.shown, reason: reason) }
        #endif
    }

    /// The rule of `checkFlowFile` checked on the file `descriptor` has open (as `path`):
    /// a regular file, whose name ends in `.yaml` or `.yml`. On Linux the name is the one
    /// the kernel holds for the descriptor (`/proc/self/fd/N`); elsewhere, or without
    /// `/proc`, it is the real path of `path`, taken only if the file found there now is
    /// the one open.
    public static func checkOpenedFlowFile(_ descriptor: Int32, _ path: SourcePath) throws(SourceFileError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path.shown) }
        try checkOpenedFlowFile(descriptor, path, status: status)
    }

    /// `checkOpenedFlowFile` with the descriptor's `fstat` already taken.
    private static func checkOpenedFlowFile(_ descriptor: Int32, _ path: SourcePath, status: stat) throws(SourceFileError) {
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SourceFileError(path: path.shown, reason: notRegularFile(status.st_mode))
        }
        guard let name = openedName(descriptor) ?? realPath(path, ifItIs: status) else {
            throw SourceFileError(path: path.shown, reason: "it was replaced as it was read")
        }
        if let reason = refusal(ofRealName: name, for: path, requiringYAML: true) { throw SourceFileError(path: path.shown, reason: reason) }
    }

    /// What a named path was found to be before it was opened.
    private struct NamedFile {
        /// A pipe (`validate /dev/stdin`, `<(…)`, a FIFO): read as it fills, its writer
        /// waited for as `cat` waits.
        let isPipe: Bool
        /// A link, but the shell's `/dev/stdin` and `/dev/fd/N`.
        let isLink: Bool
    }

    /// The rule for a path named on the command line (cli.md 1.2), before it is opened: not
    /// a device (opening one may act). One `lstat`, and a `stat` only through a link.
    private static func checkNamedFile(_ path: SourcePath) throws(SourceFileError) -> NamedFile {
        var status = stat()
        guard lstat(path.system, &status) == 0 else { throw failure(path.shown) }
        let isLink = status.st_mode & S_IFMT == S_IFLNK
        if isLink { guard stat(path.system, &status) == 0 else { throw failure(path.shown) } }
        switch status.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK: throw SourceFileError(path: path.shown, reason: notRegularFile(status.st_mode))
        default: return NamedFile(isPipe: status.st_mode & S_IFMT == S_IFIFO, isLink: isLink && !path.bytes.starts(with: "/dev/".utf8))
        }
    }

    /// The rule for a path named on the command line, checked on the open descriptor: a
    /// pipe, or a regular file outside `/proc` and `/sys`. For a flow or test file, a name
    /// that ends in `.yaml` or `.yml`, and a link (but the shell's `/dev/stdin` and
    /// `/dev/fd/N`), must lead to a file whose real name ends so, as a walk's would: a link
    /// committed under a flow's name, or as `README.md`, and named by a list of changed
    /// files (`git diff --name-only | xargs flowrun validate`) gets no other file read and
    /// quoted. For a file an option names, a link must lead to a file of its name's kind
    /// (`answers.yaml` to no file of secrets; `st.json` to another `.json`).
    private static func checkOpenedNamedFile(_ descriptor: Int32, _ path: SourcePath, _ named: NamedFile, status: stat) throws(SourceFileError) {
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFDIR:
            return
        case S_IFREG:
            guard let name = openedName(descriptor) ?? realPath(path, ifItIs: status) else {
                throw SourceFileError(path: path.shown, reason: "it was replaced as it was read")
            }
            let asAFlow = path.origin == .named && (named.isLink || FlowFileFinder.isYAML(path.bytes))
            if let reason = refusal(ofRealName: name, for: path, requiringYAML: asAFlow) {
                throw SourceFileError(path: path.shown, reason: reason)
            }
            if path.origin == .option, named.isLink, kind(of: name.bytes) != kind(of: path.bytes) {
                throw SourceFileError(path: path.shown, reason: "it is a link to \(name.shown), a file of another kind than its name says")
            }
        default:
            throw SourceFileError(path: path.shown, reason: notRegularFile(status.st_mode))
        }
    }

    /// What a file's name says it holds: the extension of its last component, lowercase,
    /// `.yml` read as `.yaml`; empty without one.
    private static func kind(of path: [UInt8]) -> String {
        let name = path.split(separator: UInt8(ascii: "/")).last ?? []
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return "" }
        let kind = String(decoding: name[dot...], as: UTF8.self).lowercased()
        return kind == ".yml" ? ".yaml" : kind
    }

    /// Why the regular file whose real name is `name` (reached as `path`) is not read, or
    /// nil: a file of `/proc` or `/sys`, which hold no flow, is named by its place alone
    /// (its path holds a process id, which would make reports differ from run to run);
    /// with `requiringYAML`, a name that does not end in `.yaml` or `.yml`.
    private static func refusal(ofRealName name: SourcePath, for path: SourcePath, requiringYAML: Bool) -> String? {
        for system in ["/proc/", "/sys/"] where name.bytes.starts(with: system.utf8) {
            return "it is a file of \(system.dropLast()), which holds no flow"
        }
        guard requiringYAML, !FlowFileFinder.isYAML(name.bytes) else { return nil }
        return "a flow is read only from a .yaml or .yml file" + (name.shown == path.shown ? "" : " (it is \(name.shown))")
    }

    /// The path the kernel holds for an open descriptor, on Linux; nil elsewhere or when
    /// `/proc` cannot tell.
    private static func openedName(_ descriptor: Int32) -> SourcePath? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count)
        guard length > 0, length < buffer.count else { return nil }
        return SourcePath(bytes: buffer[..<length].map { UInt8(bitPattern: $0) }, origin: .flow)
        #else
        return nil
        #endif
    }

    /// The real path of `path`, if the file there is the one of `status`.
    private static func realPath(_ path: SourcePath, ifItIs status: stat) -> SourcePath? {
        guard let real = realPath(path) else { return nil }
        var found = stat()
        guard stat(real.system, &found) == 0, found.st_dev == status.st_dev, found.st_ino == status.st_ino else { return nil }
        return real
    }

    /// The path with links and `..` resolved; nil when it cannot be (`errno` says why).
    static func realPath(_ path: SourcePath) -> SourcePath? {
        guard let resolved = realpath(path.system, nil) else { return nil }
        defer { free(resolved) }
        let length = strlen(resolved)
        let bytes = (0..<length).map { UInt8(bitPattern: resolved[$0]) }
        return SourcePath(bytes: bytes, origin: path.origin)
    }

    /// Why a file of `mode` that is not a regular file is refused, for messages: what it is.
    public static func notRegularFile(_ mode: mode_t) -> String {
        let kind = switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
        return "it is \(kind), not a regular file"
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
