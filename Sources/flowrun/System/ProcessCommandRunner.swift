#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FlowKit
import Subprocess
import Synchronization
import SystemPackage

/// Runs a `run` step's program for real (spec §7 1.1), once the user passed `--trust`:
/// no shell, stdin `/dev/null`, stderr shown as it comes, stdout captured up to 1 MiB,
/// and at the timeout (or on Ctrl-C) the program's whole process group killed.
struct ProcessCommandRunner: CommandRunning {
    /// Where the program's stderr and the spinner go.
    let display: CommandDisplay

    /// Most bytes of stdout kept (spec §11 1.1); the rest is read and dropped.
    static let stdoutLimit = 1 << 20

    /// The session is synchronous, Subprocess asynchronous: the step waits here, on the
    /// session's thread, while the program runs on the concurrency pool. The semaphore is
    /// that bridge, not a speed measure: the run has nothing to do until the program ends.
    func run(_ request: CommandRequest) -> CommandResult {
        let outcome = Mutex<CommandResult?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let result = await execute(request)
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return outcome.withLock { $0 } ?? CommandResult(exitCode: 126, failure: "it did not report how it ended")
    }

    private func execute(_ request: CommandRequest) async -> CommandResult {
        guard let program = request.arguments.first, !program.isEmpty else {
            return CommandResult(exitCode: 127, failure: "the command is empty")
        }
        var options = PlatformOptions()
        // Its own process group, so that a timeout kills whatever it started, too.
        options.processGroupID = 0
        let executable: Executable = program.contains("/") ? .path(FilePath(program)) : .name(program)
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in request.environment { overrides[Environment.Key(stringLiteral: name)] = value }
        let watch = ProcessWatch()
        display.start(label: request.label ?? ShellQuoting.words(request.shownArguments))
        defer { display.stop() }
        do {
            let result = try await withThrowingTaskGroup(of: Void.self) { group in
                // The deadline and Ctrl-C are watched beside the run: either kills the group.
                group.addTask { try await watch.enforce(timeout: request.timeout, ticking: display) }
                defer { group.cancelAll() }
                return try await Subprocess.run(executable, arguments: Arguments(Array(request.arguments.dropFirst())),
                                                environment: .inherit.updating(overrides), platformOptions: options,
                                                input: .none, output: .sequence, error: .sequence) { execution in
                    watch.started(execution.processIdentifier.value)
                    return try await withThrowingTaskGroup(of: CapturedOutput?.self) { streams in
                        streams.addTask {
                            let secrets = StderrSecrets(request.secrets)
                            if let reason = secrets.hidingReason {
                                var told = false
                                // Read to its end all the same, so that the program never blocks on a full pipe.
                                for try await chunk in execution.standardError where !told && !chunk.isEmpty {
                                    display.show(Array("(\(request.shownArguments.first ?? program): \(reason).)\n".utf8))
                                    told = true
                                }
                                return nil
                            }
                            var lines = LineBuffer(secrets: secrets)
                            for try await chunk in execution.standardError {
                                display.show(secrets.masked(lines.complete(adding: Self.bytes(of: chunk))))
                            }
                            display.show(secrets.masked(lines.rest()))
                            return nil
                        }
                        streams.addTask {
                            var captured = CapturedOutput()
                            for try await chunk in execution.standardOutput { captured.add(Self.bytes(of: chunk), limit: Self.stdoutLimit) }
                            return captured
                        }
                        var stdout = CapturedOutput()
                        for try await captured in streams { if let captured { stdout = captured } }
                        return stdout
                    }
                }
            }
            let exitCode = switch result.terminationStatus {
            case .exited(let code): Int(code)
            case .signaled(let signal): 128 + Int(signal)
            }
            let output = result.closureResult
            return CommandResult(exitCode: exitCode, stdout: String(decoding: output.bytes, as: UTF8.self),
                                 timedOut: watch.timedOut, truncated: output.truncated, stoppedWithTheRun: watch.stoppedWithTheRun)
        } catch let error as SubprocessError where error.code == .executableNotFound {
            // Subprocess reports a file it cannot execute as not found; a shell says 126.
            if program.contains("/"), access(program, F_OK) == 0 {
                return CommandResult(exitCode: 126, failure: "it is not an executable program")
            }
            return CommandResult(exitCode: 127, failure: "command not found")
        } catch let error as SubprocessError {
            // As a shell says: 126 for a program found but not started (not executable, say).
            let reason = error.underlyingError.map { String(describing: $0) } ?? String(describing: error)
            return CommandResult(exitCode: error.underlyingError == .noSuchFileOrDirectory ? 127 : 126, failure: reason)
        } catch {
            return CommandResult(exitCode: 126, failure: String(describing: error))
        }
    }

    /// Subprocess lends its buffers only as raw bytes; they are copied out at once.
    private static func bytes(of buffer: SubprocessOutputSequence.Buffer) -> [UInt8] {
        buffer.withUnsafeBytes { Array($0) }
    }
}

/// The program's stdout as captured: at most the limit, and whether there was more.
private struct CapturedOutput: Sendable {
    var bytes: [UInt8] = []
    var truncated = false

    mutating func add(_ chunk: [UInt8], limit: Int) {
        let room = limit - bytes.count
        if chunk.count > room { truncated = true }
        bytes += chunk.prefix(max(room, 0))
    }
}

/// Bytes cut into whole lines, so that a spinner is never drawn in the middle of one (and
/// a secret is masked whole). Only the new chunk is searched for a line break, so a long
/// stderr without one costs linear time, not the square of its length. A line longer
/// than `longestLine` is shown in pieces, so memory stays bounded whatever the program
/// writes; `secrets` says where a piece may end (never inside a secret).
private struct LineBuffer {
    static let longestLine = 1 << 20
    let secrets: StderrSecrets
    private var pending: [UInt8] = []

    init(secrets: StderrSecrets) {
        self.secrets = secrets
    }

    mutating func complete(adding chunk: [UInt8]) -> [UInt8] {
        guard let end = chunk.lastIndex(of: UInt8(ascii: "\n")) else {
            pending += chunk
            guard pending.count > Self.longestLine else { return [] }
            let cut = secrets.safeCut(in: pending)
            guard cut > 0 else { return [] }
            let piece = Array(pending[..<cut]) + [UInt8(ascii: "\n")]
            pending.removeFirst(cut)
            return piece
        }
        let lines = pending + chunk[...end]
        pending = Array(chunk[(end + 1)...])
        return lines
    }

    mutating func rest() -> [UInt8] {
        defer { pending = [] }
        return pending.isEmpty ? [] : pending + [UInt8(ascii: "\n")]
    }
}

/// The deadline of one program, and Ctrl-C while it runs: either kills its process group.
private final class ProcessWatch: Sendable {
    private let state = Mutex<(pid: pid_t?, timedOut: Bool, stoppedWithTheRun: Bool)>((nil, false, false))

    var timedOut: Bool { state.withLock { $0.timedOut } }
    var stoppedWithTheRun: Bool { state.withLock { $0.stoppedWithTheRun } }

    func started(_ pid: pid_t) {
        state.withLock { $0.pid = pid }
    }

    /// Waits out the timeout, looking for a signal and turning the spinner every tenth of
    /// a second; returns when cancelled (the program ended first).
    func enforce(timeout: Double, ticking display: CommandDisplay) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(timeout * 1000))
        while clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            display.tick()
            if Signals.exitStatus != nil {
                state.withLock { $0.stoppedWithTheRun = true }
                kill()
                return
            }
        }
        state.withLock { $0.timedOut = true }
        kill()
    }

    private func kill() {
        guard let pid = state.withLock({ $0.pid }) else { return }
        _ = Glibc.kill(-pid, SIGKILL)
    }
}
