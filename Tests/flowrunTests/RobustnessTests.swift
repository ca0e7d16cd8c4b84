import Foundation
import Testing
import TestSupport

/// No input breaks flowrun: malformed variants of real flow files, fed to `validate`
/// and to `run --plain` with random lines, each end with a documented exit status and
/// a message, never a signal or a hang.
@Suite struct RobustnessTests {
    static let seeds: [Data] = {
        let root = Fixtures.packageRoot
        let paths = ["Flows/signin.yaml", "Flows/browser.yaml", "Flows/notes.yaml",
                     "Tests/FlowKitTests/Fixtures/Diagnostics/clean.yaml"]
        return paths.compactMap { FileManager.default.contents(atPath: root.appendingPathComponent($0).path) }
    }()

    @Test func everySeedIsRead() {
        #expect(Self.seeds.count == 4, "a missing seed file would quietly shrink the damage tests")
    }

    /// The kinds of damage, each a function of a file and the generator.
    static func damaged(_ data: Data, kind: Int, _ rng: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
        switch kind % 10 {
        case 0: bytes = Array(bytes.prefix(at))                                            // truncation
        case 1: for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng) }  // byte flips
        case 2: bytes = Array(String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(repeating: " ", count: Int.random(in: 0...6, using: &rng)) + $0 }.joined(separator: "\n").utf8)  // indentation
        case 3: bytes.insert(contentsOf: Array(("\n" + String(repeating: "x", count: 1 << 20) + "\n").utf8), at: at)  // huge scalar
        case 4: bytes = Array(("version: 1\n" + String(repeating: "k", count: 1 << 20) + ": v\n").utf8) + bytes    // 1 MB key
        case 5: bytes.insert(contentsOf: Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8), at: at)  // deep nesting
        case 6: bytes.insert(0, at: at)                                                    // NUL
        case 7: bytes = bytes.flatMap { $0 == 10 && Bool.random(using: &rng) ? [13, 10] : ($0 == 10 && Bool.random(using: &rng) ? [13] : [$0]) }  // CRLF, CR
        case 8: bytes = [0xEF, 0xBB, 0xBF] + bytes                                         // BOM
        default: bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xE2, 0x82], at: at)          // invalid UTF-8
        }
        return Data(bytes)
    }

    static let lines = ["", "1", "2", "y", "back", "quit", "sign_in", "alice", "wonderland", "submit", "view", "\u{1B}", "9999999999999999999999"]

    @Test(arguments: 0..<10)
    func damagedFilesEndWithADocumentedStatus(kind: Int) throws {
        var rng = SeededGenerator(state: UInt64(kind + 1))
        let directory = try FlowrunProcess.temporaryDirectory()
        for (index, seed) in (Self.seeds + Self.seeds + Self.seeds).enumerated() {
            let file = directory.appendingPathComponent("case\(kind)-\(index).yaml")
            try Self.damaged(seed, kind: kind, &rng).write(to: file)
            let validate = try FlowrunProcess.run(["validate", file.path], timeout: 20)
            #expect(!validate.signalled && !validate.timedOut, "validate on damage \(kind) of seed \(index)")
            #expect([0, 1].contains(validate.status), "validate on damage \(kind) of seed \(index): \(validate.status)")
            #expect(validate.status == 0 || validate.stdout.contains(": error: "), "a failure comes with a diagnostic")
            let input = (0..<40).map { _ in Self.lines.randomElement(using: &rng) ?? "" }.joined(separator: "\n")
            let run = try FlowrunProcess.run(["run", "--plain", file.path, "--output", "none"], stdin: input, timeout: 20)
            #expect(!run.signalled && !run.timedOut, "run on damage \(kind) of seed \(index)")
            // Any status may be the damaged flow's own `exit` code, but never a refused command line.
            #expect(run.status != 64, "run on damage \(kind) of seed \(index)")
            if run.status == 2 { #expect(!run.stderr.isEmpty, "exit 2 comes with a message") }
        }
    }
}
