/// The counts a test run ends with, and its exit status (cli.md: 0 all passed, 1 a
/// test failed, 2 a test file or its flow could not be read or has errors).
public struct TestSummary: Sendable, Equatable {
    public var cases = 0
    public var passed = 0
    public var failed = 0
    public var files = 0
    /// Files whose cases could not run.
    public var broken = 0

    public init(_ results: [FlowTestFileResult]) {
        files = results.count
        for result in results {
            if result.isBroken { broken += 1 }
            cases += result.cases.count
            passed += result.cases.filter(\.passed).count
        }
        failed = cases - passed
    }

    public var exitCode: Int32 { broken > 0 ? 2 : failed > 0 ? 1 : 0 }

    /// "5 cases: 4 passed, 1 failed in 2 files", with the files that could not run.
    public var sentence: String {
        var sentence = "\(cases) \(cases == 1 ? "case" : "cases"): \(passed) passed, \(failed) failed in \(files) \(files == 1 ? "file" : "files")"
        if broken > 0 { sentence += "; \(broken) \(broken == 1 ? "file" : "files") could not run" }
        return sentence
    }
}
