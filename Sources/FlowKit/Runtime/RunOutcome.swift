/// How a run ended (cli.md's result document: `status`, `exit_code`, `message`).
public struct RunOutcome: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// The root flow finished.
        case finished
        /// A branch ran `exit`.
        case exited
        /// The user chose `quit`.
        case cancelled
        /// Input ended before the flow did.
        case incomplete
        /// The run stopped on an error of the flow (`runaway-transitions`), or because
        /// `--defaults` met a question nobody was there to answer.
        case failed
        /// A signal stopped the run (exit code 128 + its number: 130 SIGINT, 143 SIGTERM).
        case interrupted
    }

    public var status: Status
    public var exitCode: Int
    public var message: String?

    public init(_ status: Status, exitCode: Int, message: String? = nil) {
        self.status = status
        self.exitCode = exitCode
        self.message = message
    }
}
