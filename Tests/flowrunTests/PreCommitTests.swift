import Foundation
import Testing
import TestSupport

/// The pre-commit hooks (`.pre-commit-hooks.yaml`), run by the real pre-commit (PyPI)
/// with `try-repo` against this checkout: it builds flowrun from it, as a project using
/// the hooks would, then checks a repository's flow files and flow tests.
@Suite(.slow("installs pre-commit with pip and makes release builds"),
       .enabled(if: ReportValidator.pythonAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/git"),
                "python3 or git is not installed: the pre-commit hooks are not tried"))
struct PreCommitTests {
    /// pre-commit, installed with pip when missing, as the other Python checks do.
    static let preCommit: Bool = {
        if (try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pre_commit", "--version"]))?.status == 0 { return true }
        _ = try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pip", "install", "--quiet", "pre-commit"], timeout: 600)
        return (try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pre_commit", "--version"]))?.status == 0
    }()

    @Test func theHooksFailOnABrokenFlowAndPassOnceItIsFixed() throws {
        try #require(Self.preCommit, "pre-commit could not be installed")
        let repository = try FlowrunProcess.temporaryDirectory()
        let home = try FlowrunProcess.temporaryDirectory()
        func git(_ arguments: [String]) throws {
            let outcome = try ProcessRunner.run("/usr/bin/git", arguments, directory: repository,
                                                environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                                                              "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"])
            #expect(outcome.status == 0, "git \(arguments): \(outcome.stderr)")
        }
        func tryRepo() throws -> ProcessRunner.Outcome {
            try ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pre_commit", "try-repo", Fixtures.packageRoot.path, "--all-files"],
                                  directory: repository, environment: ["PRE_COMMIT_HOME": home.path], timeout: 1200)
        }
        try git(["init", "-q"])
        let broken = "version: 1\nflow: app\nstart: home\nscreens:\n  home: { actions: [quit, go] }\n"
        try broken.write(to: repository.appendingPathComponent("flow.yaml"), atomically: true, encoding: .utf8)
        try git(["add", "flow.yaml"])
        let failed = try tryRepo()
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("flowrun validate"), "\(failed.stdout)")
        #expect(failed.stdout.contains("flow.yaml:5:27: error: no responder handles the action 'go' this screen offers [unhandled-action]"),
                "\(failed.stdout)")

        try broken.replacingOccurrences(of: "[quit, go] }", with: "[quit, go], on: { go: { say: Gone. } } }")
            .write(to: repository.appendingPathComponent("flow.yaml"), atomically: true, encoding: .utf8)
        try "flow: flow.yaml\ncases:\n  - name: goes\n    input: [go, quit]\n    expect: { said: [Gone.], status: cancelled }\n"
            .write(to: repository.appendingPathComponent("flow.flowtest.yaml"), atomically: true, encoding: .utf8)
        try git(["add", "flow.yaml", "flow.flowtest.yaml"])
        let passed = try tryRepo()
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("flowrun validate") && passed.stdout.contains("flowrun test"), "\(passed.stdout)")
        #expect(!passed.stdout.contains("Failed"), "\(passed.stdout)")
    }
}
