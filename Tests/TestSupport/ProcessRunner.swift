import Foundation

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
        nonisolated(unsafe) var stdoutData = Data(), stderrData = Data()
        DispatchQueue.global().async(group: group) { stdoutData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderrData = error.fileHandleForReading.readDataToEndOfFile() }
        nonisolated(unsafe) var timedOut = false
        let watchdog = DispatchWorkItem {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        watchdog.cancel()
        group.wait()
        var outcome = Outcome(status: process.terminationStatus,
                              stdout: String(decoding: stdoutData, as: UTF8.self),
                              stderr: String(decoding: stderrData, as: UTF8.self),
                              signalled: process.terminationReason == .uncaughtSignal)
        outcome.timedOut = timedOut
        return outcome
    }
}
