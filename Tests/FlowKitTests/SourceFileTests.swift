import FlowKit
import Foundation
import Testing

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

    /// Files such as those of `/proc` are regular but report a size of 0: their bytes
    /// are read to the end all the same.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"))
    func aFileLargerThanItsReportedSizeIsReadToItsEnd() throws {
        guard case .bytes(let read) = try SourceFile.load("/proc/self/status", maxSize: 1 << 20) else {
            Issue.record("/proc/self/status was refused")
            return
        }
        let text = String(decoding: read, as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nPid:"))
        #expect(text.hasSuffix("\n"))
        guard case .tooLarge = try SourceFile.load("/proc/self/status", maxSize: 0) else {
            Issue.record("/proc/self/status was read past the limit")
            return
        }
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: SourceFileError.self) { try SourceFile.load("/nonexistent/flow.yaml", maxSize: 10) }
    }
}
