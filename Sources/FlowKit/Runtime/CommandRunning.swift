import FlowYAML
import FlowExpressions

/// What a branch's `run` asks for (spec §7 1.1): a program and its arguments, after
/// templating, started without a shell.
public struct CommandRequest: Sendable, Equatable {
    /// The program (looked up on `PATH` when it holds no `/`) and its arguments.
    public var arguments: [String]
    /// Variables added to the program's environment.
    public var environment: [String: String]
    /// Seconds before the program and every process it started are killed.
    public var timeout: Double
    /// What the terminal's spinner says while the program runs.
    public var label: String?
    /// The arguments as transcripts and messages show them: any that reads a secret masked.
    public var shownArguments: [String]
    /// Where the `run` is written.
    public var location: SourceLocation
    /// What the program was given that is a secret or computed from one: the text of each
    /// `{{ … }}` of its arguments and `env` that reads one, and each secret value such a
    /// `{{ … }}` reads (directly or through computed values). Its stderr carries no
    /// provenance, so these are masked there by their text (cli.md 1.2).
    public var secrets: [String] = []
}

/// How a command ended, as `into` receives it: `{ exit_code, stdout, timed_out }`.
public struct CommandResult: Sendable, Equatable {
    /// The program's exit status; 128 + N when signal N ended it; 127 when it could not
    /// be found and 126 when it could not be started, as a shell reports them.
    public var exitCode: Int
    /// What it wrote on stdout, up to the limit.
    public var stdout: String
    public var timedOut: Bool
    /// Whether stdout went past the limit and was cut there.
    public var truncated: Bool
    /// Why the program could not be started, when it could not.
    public var failure: String?
    /// Whether it was killed because flowrun itself was stopping (a stopping signal):
    /// it did not end of itself, and its step is undone (`Session.undoingIfStopped`).
    public var stoppedWithTheRun = false

    public init(exitCode: Int, stdout: String = "", timedOut: Bool = false, truncated: Bool = false, failure: String? = nil,
                stoppedWithTheRun: Bool = false) {
        self.exitCode = exitCode
        self.stdout = stdout
        self.timedOut = timedOut
        self.truncated = truncated
        self.failure = failure
        self.stoppedWithTheRun = stoppedWithTheRun
    }

    /// Whether the program ran and exited 0: what a list of commands goes on after
    /// (spec §7 1.2), and what a field's check by a program takes as valid (spec §6 1.2).
    var succeeded: Bool { exitCode == 0 && !timedOut && failure == nil }

    /// The value `into` receives.
    var value: Value {
        .map(["exit_code": .int(exitCode), "stdout": .string(stdout), "timed_out": .bool(timedOut)])
    }
}

/// Runs the programs of a flow's `run` steps for a session. The session itself does no
/// I/O: the command-line tool gives it a runner that starts processes (behind
/// `--trust`), and flow tests give it their stubs.
public protocol CommandRunning: Sendable {
    func run(_ request: CommandRequest) -> CommandResult
}
