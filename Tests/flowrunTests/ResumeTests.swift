import Foundation
import Testing
import TestSupport

/// `--state`/`--resume`: progress survives SIGKILL at any point, signals exit with
/// 130/143 after saving, and no secret is ever written to the state.
@Suite(.serialized) struct ResumeTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")
    static let script = ["sign_in", "alice", "guess", "submit", "retry", "", "wonderland", "submit", "quit"]

    /// A run of `flowrun` fed one line at a time, waiting for each to be saved.
    final class LiveRun {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let statePath: String

        init(_ arguments: [String], directory: URL, statePath: String) throws {
            self.statePath = statePath
            process.executableURL = FlowrunProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var savedState: Data? { FileManager.default.contents(atPath: statePath) }

        /// Writes a line and waits (up to 5 s) until the state file has changed.
        func feed(_ line: String) {
            let before = savedState
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            waitForChange(from: before)
        }

        func waitForChange(from before: Data?) {
            let deadline = Date().addingTimeInterval(5)
            while savedState == before, Date() < deadline { usleep(10_000) }
        }

        func signal(_ number: Int32) -> Int32 {
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func result(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The result without secret values, which a resumed run asks for again.
    private func comparable(_ result: [String: Any]) -> String {
        var values = result["values"] as? [String: [String: Any]] ?? [:]
        values["login"]?["password"] = nil
        let kept: [String: Any] = ["status": result["status"] ?? "", "path": result["path"] ?? [], "values": values]
        return (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test(arguments: [1, 2, 4, 5, 8])
    func aRunKilledAtAnyPointResumesToTheSameResult(killAfter lines: Int) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let whole = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path],
                                           stdin: Self.script.joined(separator: "\n") + "\n")
        let live = try LiveRun(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state],
                               directory: directory, statePath: state)
        live.waitForChange(from: nil)
        for line in Self.script.prefix(lines) { live.feed(line) }
        #expect(live.signal(SIGKILL) == SIGKILL)
        let saved = try #require(live.savedState)
        // The accounts map holds "wonderland" as data; the answer typed is never saved.
        #expect(!String(decoding: saved, as: UTF8.self).contains(#""password":"wonderland""#))
        #expect(!String(decoding: saved, as: UTF8.self).contains("guess"))
        let rest = Self.script.dropFirst(lines).joined(separator: "\n") + "\n"
        let resumed = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"],
                                             stdin: rest, directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(comparable(try result(resumed.stdout)) == comparable(try result(whole.stdout)))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalSavesTheStateAndExitsWithItsCode(signal: Int32, status: Int32) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let live = try LiveRun(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state],
                               directory: directory, statePath: state)
        live.waitForChange(from: nil)
        live.feed("sign_in")
        live.feed("alice")
        #expect(live.signal(signal) == status)
        #expect(live.process.terminationReason == .exit)
        let resumed = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state, "--resume"],
                                             stdin: "wonderland\nsubmit\nquit\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try result(resumed.stdout)["screen"] as? String == "home")
    }

    @Test func aRunWhoseInputEndedResumesAtTheSameQuestion() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let flow = flows.appendingPathComponent("signin.yaml").path
        let first = try FlowrunProcess.run(["run", flow, "--state", state, "--set", "username=alice"], stdin: "sign_in\n")
        #expect(first.status == 3)
        let resumed = try FlowrunProcess.run(["run", flow, "--state", state, "--resume"], stdin: "wonderland\nsubmit\nquit\n")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let result = try self.result(resumed.stdout)
        #expect(result["screen"] as? String == "home")
        #expect((result["path"] as? [String])?.first == "login/welcome", "the path goes on from the saved one")
    }

    @Test func aStateOfAnotherFlowIsRefused() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        _ = try FlowrunProcess.run(["run", flows.appendingPathComponent("signin.yaml").path, "--state", state], stdin: "sign_in\n")
        let other = try FlowrunProcess.run(["run", flows.appendingPathComponent("notes.yaml").path, "--state", state, "--resume"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("belongs to a different flow"))
    }
}
