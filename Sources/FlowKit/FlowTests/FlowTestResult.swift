import FlowYAML

/// How one case of a test file went.
public struct CaseResult: Sendable {
    public var name: Located<String>
    public var failures: [TestFailure]
    /// Lines the run refused (as plain mode reports them), for context when a case fails.
    public var refusals: [Refusal]
    /// What the run exercised, for `--coverage`.
    public var exercised: Set<CoverageItem>
    public var seconds: Double

    public var passed: Bool { failures.isEmpty }

    public struct Refusal: Sendable {
        /// The refused line, masked when it answered a secret.
        public var line: String
        public var location: SourceLocation?
        public var reason: String
    }
}

/// An expectation that does not hold, at the place in the test file that states it.
public struct TestFailure: Sendable, Equatable {
    public var message: String
    public var location: SourceLocation
    /// Further lines: a diff of paths, the messages said.
    public var detail: [String]

    public init(_ message: String, at location: SourceLocation, detail: [String] = []) {
        self.message = message
        self.location = location
        self.detail = detail
    }
}

/// A test file's outcome: its cases, or why none could run.
public struct FlowTestFileResult: Sendable {
    public var file: String
    /// The flow file, resolved against the test file's folder.
    public var flowFile: String
    public var cases: [CaseResult] = []
    /// Errors in the test file or its flow: when there are any, no case ran.
    public var diagnostics: [Diagnostic] = []
    /// Why the test file or its flow could not be read (or compiled); no case ran.
    public var unreadable: String?
    /// The flow's coverage universe, when the flow compiled.
    public var universe: CoverageUniverse?

    /// Whether the file's cases could not run: it, or its flow, is unreadable or has errors.
    public var isBroken: Bool { unreadable != nil || diagnostics.contains { $0.severity == .error } }
}
