import Foundation
import Synchronization
import Testing
import TestSupport

extension RobustnessTests {
    /// Files two flowrun processes may share: one run at a time on a `--state` file (two
    /// would interleave their answers), and the remembered answers updated under a lock, so
    /// that runs ending together each keep theirs.
    @Suite struct Locking {
        static let signin = Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path

        @Test func aSecondRunOnTheSameStateFileIsRefusedWhileTheFirstHoldsIt() throws {
            let directory = try FlowrunProcess.temporaryDirectory()
            let state = directory.appendingPathComponent("state.json").path
            // The first run waits at its first question, holding the state file.
            let first = Process()
            first.executableURL = FlowrunProcess.executable
            first.arguments = ["run", Self.signin, "--state", state]
            first.currentDirectoryURL = directory
            let input = Pipe()
            first.standardInput = input
            first.standardOutput = FileHandle.nullDevice
            first.standardError = FileHandle.nullDevice
            try first.run()
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: state), Date() < deadline { usleep(10_000) }
            let second = try FlowrunProcess.run(["run", Self.signin, "--state", state], stdin: "quit\n", directory: directory)
            #expect(second.status == 2)
            #expect(second.stderr.contains("'\(state)' is in use by another flowrun run (process \(first.processIdentifier))"), "\(second.stderr)")
            #expect(second.stdout.isEmpty, "the second run started")
            // A link to the same file is the same file: it is locked too.
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.json").path, withDestinationPath: "state.json")
            let throughLink = try FlowrunProcess.run(["run", Self.signin, "--state", "link.json"], stdin: "quit\n", directory: directory)
            #expect(throughLink.status == 2, "a run through a link to the held file started: \(throughLink.stderr)")
            input.fileHandleForWriting.write(Data("quit\n".utf8))
            first.waitUntilExit()
            #expect(first.terminationStatus == 0)
            let third = try FlowrunProcess.run(["run", Self.signin, "--state", state], stdin: "quit\n", directory: directory)
            #expect(third.status == 0, "once the first run ended, the file is free: \(third.stderr)")
        }

        @Test func runsEndingTogetherEachKeepTheirRememberedAnswer() throws {
            let directory = try FlowrunProcess.temporaryDirectory()
            let stateHome = try FlowrunProcess.temporaryDirectory()
            let count = 100
            for number in 0..<count {
                try "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name, remember: true }]\n    actions: [save]\n    on: { save: { finish: true } }\n"
                    .write(to: directory.appendingPathComponent("flow\(number).yaml"), atomically: true, encoding: .utf8)
            }
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: count) { number in
                let outcome = try? FlowrunProcess.run(["run", "flow\(number).yaml", "--output", "none"], stdin: "answer \(number)\nsave\n",
                                                      directory: directory, environment: ["XDG_STATE_HOME": stateHome.path], timeout: 120)
                if outcome?.status != 0 { failures.withLock { $0.append("flow\(number): \(outcome?.stderr ?? "did not run")") } }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            let store = stateHome.appendingPathComponent("flowrun/remembered.json")
            let remembered = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store)) as? [String: Any])
            #expect(remembered.count == count, "\(count - remembered.count) answers were lost")
        }
    }
}
