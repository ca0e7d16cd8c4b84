import FlowYAML

/// A flow test's stand-in for a program (cli.md `test`): the arguments it answers, after
/// templating, and how it ends.
public struct CommandStub: Sendable {
    public var arguments: [String]
    public var result: CommandResult
    public var location: SourceLocation
}

/// Answers a session's `run` steps from stubs, so that tests never execute anything.
/// A command no stub answers ends with 127, and fails its case.
public struct StubbedCommands: CommandRunning {
    public var stubs: [CommandStub]
    /// Whether a command no stub answers succeeds, with no output: what `test --generate`
    /// assumes while it searches, and writes down as the stubs of its cases.
    public var answersEverything = false

    public init(stubs: [CommandStub], answersEverything: Bool = false) {
        self.stubs = stubs
        self.answersEverything = answersEverything
    }

    /// The first stub for exactly these arguments.
    public func stub(for arguments: [String]) -> CommandStub? {
        stubs.first { $0.arguments == arguments }
    }

    public func run(_ request: CommandRequest) -> CommandResult {
        if let stub = stub(for: request.arguments) { return stub.result }
        return answersEverything ? CommandResult(exitCode: 0) : CommandResult(exitCode: 127, failure: "no stub of the test answers it")
    }
}
