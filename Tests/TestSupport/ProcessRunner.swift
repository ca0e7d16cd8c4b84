import Foundation
import Synchronization

/// Runs a program to completion and captures its streams and how it ended.
public enum ProcessRunner {
    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the process ended by a signal rather than by exiting.
        public var signalled: Bool
        /// Whether it was killed for running past the timeout.
        public var timedOut = false
    }

    /// Runs `executable` to completion, or kills it after `timeout` seconds.
    public static func run(_ executable: String, _ arguments: [String], stdin: String = "", directory: URL? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> Outcome {
        try run(executable, arguments, stdin: Data(stdin.utf8), directory: directory, environment: environment, timeout: timeout)
    }

    public static func run(_ executable: String, _ arguments: [String], stdin: Data, directory: URL? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes while the process runs, so neither can fill up and block it.
        let group = DispatchGroup()
        let captured = Mutex((stdout: Data(), stderr: Data()))
        DispatchQueue.global().async(group: group) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            captured.withLock { $0.stdout = data }
        }
        DispatchQueue.global().async(group: group) {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            captured.withLock { $0.stderr = data }
        }
        // The watchdog kills only a process not yet waited for, and says so under the same
        // lock the waiting side takes once the process has exited.
        let ending = Mutex((exited: false, timedOut: false))
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            ending.withLock { state in
                guard !state.exited else { return }
                state.timedOut = true
                kill(pid, SIGKILL)
            }
        }
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let timedOut = ending.withLock { state in
            state.exited = true
            return state.timedOut
        }
        group.wait()
        let streams = captured.withLock { $0 }
        var outcome = Outcome(status: process.terminationStatus,
                              stdout: String(decoding: streams.stdout, as: UTF8.self),
                              stderr: String(decoding: streams.stderr, as: UTF8.self),
                              signalled: process.terminationReason == .uncaughtSignal)
        outcome.timedOut = timedOut
        return outcome
    }
}
