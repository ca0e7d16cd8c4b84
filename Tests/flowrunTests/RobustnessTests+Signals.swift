import Foundation
import Testing
import TestSupport

extension RobustnessTests {
    /// Real signals at random moments: a `flowrun run --state` process fed the lines of a
    /// `resumeScripts` entry one at a time gets SIGINT, SIGTERM, SIGHUP or SIGKILL while it
    /// reads or works on a line (or loads). Whatever the signal, the state file is whole: the
    /// one saved after some line k, and a resume with the rest gives the uninterrupted
    /// result or names what it lost (`expectResume`). A signal that ends the process without
    /// saving (SIGKILL) leaves the last atomic save.
    ///
    @Test(.slow("starts about 200 flowrun processes"),
          arguments: resumeScripts.indices)
    func aRunStoppedByARandomSignalResumesToTheSameResultOrSaysWhatItLost(script: Int) throws {
        let (name, lines) = Self.resumeScripts[script]
        let flow = Fixtures.packageRoot.appendingPathComponent("Flows/\(name)").path
        let environment = ["XDG_STATE_HOME": try FlowrunProcess.temporaryDirectory().path]
        let typed = { (lines: ArraySlice<Line>) in lines.map { $0.text + "\n" }.joined() }
        let whole = try FlowrunProcess.run(["run", "--plain", "--trust", flow], stdin: typed(lines[...]), environment: environment)
        let expected = try Self.document(whole.stdout)
        // The state saved once k lines are taken, for every k: input ends after them (all of
        // them: the run ends, and its end is saved).
        let saved = try (0...lines.count).map { count in
            let state = try FlowrunProcess.temporaryDirectory().appendingPathComponent("state.json").path
            _ = try FlowrunProcess.run(["run", "--plain", "--trust", flow, "--state", state], stdin: typed(lines.prefix(count)), environment: environment)
            return try Data(contentsOf: URL(fileURLWithPath: state))
        }
        var rng = SeededGenerator(state: UInt64(script) &+ 0x5EED)
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGKILL]
        for trial in 0..<20 {
            let signal = signals.randomElement(using: &rng) ?? SIGKILL
            let before = Int.random(in: 0..<lines.count, using: &rng)
            let delay = UInt32.random(in: 0..<30_000, using: &rng)
            let directory = try FlowrunProcess.temporaryDirectory()
            let state = directory.appendingPathComponent("state.json").path
            let run = try SignalledRun(flow: flow, state: state, directory: directory, environment: environment)
            // Line after line, each once its change is saved; then one more, and the signal
            // a random moment after it, while the run may be reading, working or saving.
            for (index, line) in lines.prefix(before).enumerated() {
                run.write(line.text)
                if saved[index + 1] != saved[index] { run.waitForState(saved[index + 1]) }
            }
            if before > 0 { run.write(lines[before].text) }
            usleep(delay)
            let ended = run.stop(with: signal)
            let what = "\(name), trial \(trial): signal \(signal) \(delay / 1000) ms after line \(before)"
            #expect(ended, "\(what): still running 10 s after the signal")
            // Killed by the signal, or ended as cli.md says (128 + its number), or by itself
            // before it came (after the last line).
            #expect(run.process.terminationReason == .uncaughtSignal || [0, 128 + signal].contains(run.process.terminationStatus),
                    "\(what): exit status \(run.process.terminationStatus)")
            guard let left = FileManager.default.contents(atPath: state) else {
                #expect(before == 0, "\(what): no state, though lines were saved")
                continue
            }
            // Whole, and one a line count gives: the last saved before the signal, or the next.
            let candidates = [before, before + 1].filter { $0 <= lines.count && saved[$0] == left }
            let taken = try #require(candidates.first, "\(what): the state is none the run saved")
            // All lines taken: the run ended, and its resume prints the result again.
            try Self.expectResume(of: script, from: state, after: taken, expected: expected, environment: environment)
        }
    }

    /// A `flowrun run --plain --state` process fed lines through a pipe.
    final class SignalledRun {
        let process = Process()
        let input = Pipe()
        let state: String

        init(flow: String, state: String, directory: URL, environment: [String: String]) throws {
            self.state = state
            let arguments = ["run", "--plain", "--trust", flow, "--state", state, "--output", "none"]
            #if os(Linux)
            // SIGHUP as a terminal's hang-up delivers it: a test runner may ignore it, and an
            // ignored signal stays ignored across exec (as under `nohup`, on purpose).
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--default-signal=HUP", FlowrunProcess.executable.path] + arguments
            #else
            process.executableURL = FlowrunProcess.executable
            process.arguments = arguments
            #endif
            process.currentDirectoryURL = directory
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func write(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// Sends `signal`, and waits for the process to end; false when it had not within
        /// 10 s (it is then killed).
        func stop(with signal: Int32) -> Bool {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(2_000) }
            let ended = !process.isRunning
            if !ended { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            return ended
        }

        /// Waits (up to 10 s) until the state file holds `expected`.
        func waitForState(_ expected: Data) {
            let deadline = Date().addingTimeInterval(10)
            while FileManager.default.contents(atPath: state) != expected, Date() < deadline { usleep(2_000) }
        }
    }
}
