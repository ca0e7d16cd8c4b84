import FlowKit

/// A path as it was named on the command line. swift-argument-parser reads arguments as
/// text, each byte that is not UTF-8 replaced by U+FFFD; a file named so could not be
/// found. Such a path is taken from the process's own arguments, by its bytes.
enum NamedPath {
    static func of(_ argument: String) -> SourcePath {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return SourcePath(argument) }
        for index in 1..<Int(CommandLine.argc) {
            // C interop: `argv` holds NUL-terminated byte strings, as the kernel gave them.
            guard var byte = CommandLine.unsafeArgv[index] else { continue }
            var bytes: [UInt8] = []
            while byte.pointee != 0 {
                bytes.append(UInt8(bitPattern: byte.pointee))
                byte += 1
            }
            if String(decoding: bytes, as: UTF8.self) == argument { return SourcePath(bytes: bytes) }
        }
        return SourcePath(argument)
    }
}
