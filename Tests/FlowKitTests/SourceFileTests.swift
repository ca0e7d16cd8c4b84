import FlowKit
import Foundation
import Testing
import FlowYAML

/// `SourceFile.load` gives a file's exact bytes however it has to read them.
@Suite struct SourceFileTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sourcefile-\(UUID().uuidString).yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aRegularFileIsReadWhole() throws {
        // Larger than one read of a pipe, with every byte value.
        let bytes = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .bytes(let read) = try SourceFile.load(path, maxSize: bytes.count) else {
            Issue.record("a file of exactly the largest size was refused")
            return
        }
        #expect(read == bytes)
        guard case .tooLarge(let size) = try SourceFile.load(path, maxSize: bytes.count - 1) else {
            Issue.record("a file one byte over the limit was read")
            return
        }
        #expect(size == bytes.count)
    }

    @Test func anEmptyFileHasNoBytes() throws {
        let path = try temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .bytes(let read) = try SourceFile.load(path, maxSize: 10) else {
            Issue.record("an empty file was refused")
            return
        }
        #expect(read.isEmpty)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: SourceFileError.self) { try SourceFile.load("/nonexistent/flow.yaml", maxSize: 10) }
    }

    /// The rule for files read as flows: a regular file whose real path ends in `.yaml` or
    /// `.yml`, checked before it is opened. A FIFO is refused at once (opening it would
    /// wait), and so is `/proc/self/environ`, named or behind a link named `*.yaml`. A
    /// path named on the command line is read whatever its name.
    @Test func onlyARegularYAMLFileIsReadAsAFlow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sourcefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.appendingPathComponent("environ.yaml").path
        #expect(symlink("/proc/self/environ", link) == 0)
        let text = folder.appendingPathComponent("flow.txt").path
        try "version: 1\n".write(toFile: text, atomically: true, encoding: .utf8)
        let flow = folder.appendingPathComponent("flow.yml").path
        try "version: 1\n".write(toFile: flow, atomically: true, encoding: .utf8)
        for (path, reason) in [(fifo, "it is a FIFO, not a regular file"), (folder.path, "it is a directory, not a regular file"),
                               (link, "it is a file of /proc, which holds no flow"),
                               ("/proc/self/environ", "it is a file of /proc, which holds no flow"),
                               (text, "a flow is read only from a .yaml or .yml file")] {
            #expect { try SourceFile.load(SourcePath(path, origin: .flow), maxSize: 1 << 20) } throws: { error in
                (error as? SourceFileError)?.reason.hasPrefix(reason) == true
            }
        }
        guard case .bytes(let read) = try SourceFile.load(SourcePath(flow, origin: .flow), maxSize: 1 << 20) else {
            Issue.record("a .yml file was refused")
            return
        }
        #expect(read == Array("version: 1\n".utf8))
        guard case .bytes = try SourceFile.load(SourcePath(text), maxSize: 1 << 20) else {
            Issue.record("a named file was refused for its name")
            return
        }
    }

    /// A path named on the command line may be a pipe or a regular file of any name, but
    /// not a device nor a file of `/proc` or `/sys`; a name ending in `.yaml`, and a link,
    /// lead only to a file whose real name ends so: a link committed under a flow's name or
    /// as `README.md`, named by a list of changed files, gets nothing else read. A FIFO is
    /// read as a pipe, its writer waited for.
    @Test func aNamedPathIsAPipeOrARegularFileOutsideTheSystem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sourcefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt").path
        try "version: 1\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let flow = folder.appendingPathComponent("flow.yml").path
        try "version: 1\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let links = ["environ.yaml": "/proc/self/environ", "notes.yaml": notes, "README.md": notes, "flow.yaml": flow, "current": flow]
        for (name, target) in links { #expect(symlink(target, folder.appendingPathComponent(name).path) == 0) }
        for (path, reason) in [(folder.appendingPathComponent("environ.yaml").path, "it is a file of /proc, which holds no flow"),
                               ("/proc/self/environ", "it is a file of /proc, which holds no flow"),
                               ("/sys/kernel/mm/transparent_hugepage/enabled", "it is a file of /sys, which holds no flow"),
                               (folder.appendingPathComponent("notes.yaml").path, "a flow is read only from a .yaml or .yml file (it is \(notes))"),
                               (folder.appendingPathComponent("README.md").path, "a flow is read only from a .yaml or .yml file (it is \(notes))"),
                               ("/dev/null", "it is a device, not a regular file")] where FileManager.default.fileExists(atPath: path) {
            #expect { try SourceFile.load(path, maxSize: 1 << 20) } throws: { error in
                (error as? SourceFileError)?.reason == reason
            }
        }
        for path in [flow, notes, folder.appendingPathComponent("flow.yaml").path, folder.appendingPathComponent("current").path] {
            guard case .bytes(let read) = try SourceFile.load(path, maxSize: 1 << 20) else {
                Issue.record("\(path) was refused")
                continue
            }
            #expect(read == Array("version: 1\n".utf8), "\(path)")
        }
        // A FIFO whose writer opens it as the read waits, as a shell's would.
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "printf 'version: 1\\n' > \"$0\"", fifo]
        try writer.run()
        guard case .bytes(let piped) = try SourceFile.load(fifo, maxSize: 1 << 20) else {
            Issue.record("a FIFO named on the command line was refused")
            return
        }
        writer.waitUntilExit()
        #expect(piped == Array("version: 1\n".utf8))
    }

    /// The rule checked again on the open descriptor, as `load` does after opening: a link
    /// named `*.yaml` swapped, after the check, to a file of another name (here opened
    /// through it, as if so swapped) or to a FIFO is refused; the file it was is read.
    @Test func theRuleIsCheckedAgainOnTheOpenFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sourcefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.txt").path
        try "version: 1\n".write(toFile: text, atomically: true, encoding: .utf8)
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let flow = folder.appendingPathComponent("flow.yaml").path
        try "version: 1\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let link = SourcePath(folder.appendingPathComponent("link.yaml").path, origin: .flow)
        for (target, reason) in [(text, "a flow is read only from a .yaml or .yml file (it is \(text))"),
                                 (fifo, "it is a FIFO, not a regular file")] {
            let descriptor = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            #expect { try SourceFile.checkOpenedFlowFile(descriptor, link) } throws: { error in
                (error as? SourceFileError)?.reason == reason
            }
        }
        let descriptor = open(flow, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { close(descriptor) }
        try SourceFile.checkOpenedFlowFile(descriptor, link)
    }

    @Test func bytesThatAreNotUTF8AreEscapedOneByOne() {
        #expect(TerminalText.escapingInvalidBytes(Array("a-é".utf8) + [0xFF, 0xC3] + Array(".yaml".utf8)) == #"a-é\x{ff}\x{c3}.yaml"#)
        #expect(TerminalText.escapingInvalidBytes(Array("plain".utf8)) == "plain")
    }
}
