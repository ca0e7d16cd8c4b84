import Foundation
import Testing
import TestSupport

/// `run` as a list (spec §7 1.2) through the built binary: real programs in order,
/// stopping at the first that fails, like `&&`; named one by one without `--trust`;
/// stubbed one by one in flow tests.
@Suite struct CommandListTests {
    static let flow = """
    version: 1
    flow: app
    start: s
    variables: { a: {}, b: {}, c: null }
    screens:
      s:
        actions: [go, quit]
        on:
          go:
            run:
              - { command: [sh, -c, 'printf made > one'], into: a }
              - { command: [sh, -c, 'echo failing >&2; exit 4'], into: b }
              - { command: [touch, three], into: c }
            say: "a={{ a.exit_code }} b={{ b.exit_code }} c={{ c == null ? 'not run' : 'ran' }}"
    """

    @Test func theCommandsRunInOrderUntilOneFailsAndTheBranchGoesOn() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let transcript = directory.appendingPathComponent("t.jsonl")
        let outcome = try FlowrunProcess.run(["run", "--trust", "--transcript", transcript.path, "f.yaml"], stdin: "go\nquit\n",
                                             directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("a=0 b=4 c=not run"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("failing"), "the failing program's stderr is shown")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("one").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("three").path), "the command after the failure is not run")
        let events = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""event":"command""#) }
        #expect(events.count == 2, "one transcript event per command run: \(events)")
    }

    @Test func withoutTrustEachCommandOfTheListIsNamedAtItsPosition() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "go\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("starts only with --trust"), "\(outcome.stderr)")
        for (line, program) in [(11, "sh -c 'printf made > one'"), (12, "sh -c 'echo failing >&2; exit 4'"), (13, "touch three")] {
            #expect(outcome.stderr.contains("f.yaml:\(line):13: \(program)"), "\(outcome.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("one").path))
    }

    @Test func aFlowTestStubsEachCommandOfTheList() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        cases:
          - name: the second fails
            commands:
              - { command: [sh, -c, 'printf made > one'] }
              - { command: [sh, -c, 'echo failing >&2; exit 4'], exit_code: 4 }
            input: [go, quit]
            expect: { said: ["a=0 b=4 c=not run"] }
          - name: all succeed
            commands:
              - { command: [sh, -c, 'printf made > one'] }
              - { command: [sh, -c, 'echo failing >&2; exit 4'] }
              - { command: [touch, three], stdout: "" }
            input: [go, quit]
            expect: { said: ["a=0 b=0 c=ran"] }
          - name: a stub missing
            commands:
              - { command: [sh, -c, 'printf made > one'] }
            input: [go, quit]
            expect: { said: ["a=0 b=127 c=not run"] }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 1, "only the case without every stub fails: \(outcome.stdout)")
        #expect(outcome.stdout.contains("2 passed, 1 failed"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"no stub in 'commands' answers: ["sh", "-c", "echo failing >&2; exit 4"]"#), "\(outcome.stdout)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("one").path), "tests never run programs")
    }
}
