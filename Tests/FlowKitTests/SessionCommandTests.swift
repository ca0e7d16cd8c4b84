import FlowKit
import Synchronization
import Testing
import FlowExpressions

/// `run` in a session (spec §7 1.1): the session asks its runner, puts the outcome in
/// `into`, and keeps secrets out of what it shows. Real processes: RunCommandTests.
@Suite struct SessionCommandTests {
    /// A runner that answers from a table and keeps every request.
    final class Recorder: CommandRunning {
        let requests = Mutex<[CommandRequest]>([])
        let answer: CommandResult
        init(_ answer: CommandResult) { self.answer = answer }
        func run(_ request: CommandRequest) -> CommandResult {
            requests.withLock { $0.append(request) }
            return answer
        }
    }

    static let flow = """
    version: 1
    flow: app
    start: s
    variables: { out: {}, name: world }
    screens:
      s:
        fields: [{ id: token, type: secret }]
        actions: [plain, secretive, leaky, quit]
        on:
          plain:
            run: { command: [echo, "hello {{ name }}"], into: out, label: "Greeting {{ name }}" }
            say: "{{ out.exit_code }} {{ out.stdout }} {{ out.timed_out }}"
          secretive:
            run: { command: [deploy], env: { TOKEN: "{{ token }}" }, into: out, timeout: 2.5 }
            say: "{{ out.stdout }}"
          leaky:
            run: { command: [deploy, "--token={{ token }}"] }
    """

    @Test func theOutcomeLandsInIntoAndTheRequestIsTemplated() throws {
        let recorder = Recorder(CommandResult(exitCode: 7, stdout: "hi\n"))
        var run = try SessionDriver(files: ["f.yaml": Self.flow], commands: recorder)
        run.enter("pw", "plain")
        let request = try #require(recorder.requests.withLock { $0.first })
        #expect(request.arguments == ["echo", "hello world"])
        #expect(request.label == "Greeting world")
        #expect(request.timeout == 60, "the default timeout")
        #expect(run.value("app", "out") == .map(["exit_code": .int(7), "stdout": .string("hi\n"), "timed_out": .bool(false)]))
        #expect(run.said == ["7 hi\n false"])
        #expect(run.asking == "actions", "a branch with only run and say leaves the screen as it is")
    }

    @Test func aSecretGoesInTheEnvironmentAndWhatComesBackIsMasked() throws {
        let recorder = Recorder(CommandResult(exitCode: 0, stdout: "echoed pw"))
        var run = try SessionDriver(files: ["f.yaml": Self.flow], commands: recorder)
        run.enter("pw", "secretive")
        let request = try #require(recorder.requests.withLock { $0.first })
        #expect(request.environment == ["TOKEN": "pw"], "the program gets the secret itself")
        #expect(request.timeout == 2.5)
        #expect(run.said == ["******"], "what a program given a secret prints may be that secret")
        #expect(run.session.holdsSecret(flow: "app", name: "out"))
        #expect(run.warnings.isEmpty)
        #expect(!String(decoding: run.session.savedState(), as: UTF8.self).contains("echoed pw"), "nor is it saved")
    }

    @Test func aSecretInTheArgumentsIsWarnedAboutAndMaskedInWhatIsShown() throws {
        let recorder = Recorder(CommandResult(exitCode: 0))
        var run = try SessionDriver(files: ["f.yaml": Self.flow], commands: recorder)
        run.enter("pw", "leaky")
        #expect(recorder.requests.withLock { $0.first?.arguments } == ["deploy", "--token=pw"])
        #expect(run.commands == [["deploy", "--token=******"]])
        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.contains("pass it in 'env'") == true)
    }

    /// cli.md 1.2: a program is never given an argument cut at a NUL: the command fails
    /// with 126 and the runner is not asked.
    @Test func anArgumentThatWouldHoldNULFailsTheCommandWithoutRunningIt() throws {
        let recorder = Recorder(CommandResult(exitCode: 0))
        var run = try SessionDriver(files: ["f.yaml": """
        version: 1
        flow: app
        start: s
        variables: { out: {}, cut: "a\\0b" }
        screens:
          s:
            actions: [go, quit]
            on:
              go: { run: { command: [rm, -rf, "{{ cut }}/build"], into: out }, say: "{{ out.exit_code }}" }
        """], commands: recorder)
        run.enter("go")
        #expect(recorder.requests.withLock { $0.isEmpty })
        #expect(run.said == ["126"])
        #expect(run.warnings == ["'rm' was not run: argument 2 holds a NUL character (U+0000), which would cut it"])
    }

    @Test func withoutARunnerNothingRunsAndIntoSaysSo() throws {
        var run = try SessionDriver(files: ["f.yaml": Self.flow])
        run.enter("pw", "plain")
        #expect(run.value("app", "out")?.member("exit_code") == .int(126))
        #expect(run.warnings == ["'echo' was not run: this session runs no commands"])
    }
}

private extension Value {
    func member(_ name: String) -> Value? {
        if case .map(let entries) = self { entries[name] } else { nil }
    }
}
