import Foundation
import Testing
import TestSupport

/// Flow tests of flows that run programs, post notifications and repeat flows (cli.md
/// `test` 1.1): programs are stubbed, never executed; coverage counts observers and
/// `for_each` runs; generated tests carry the stubs they needed.
@Suite struct TestCommandStubTests {
    static let flow = """
    version: 1
    flow: app
    start: home
    variables: { out: {}, hosts: [a, b], seen: 0 }
    observe:
      deployed: { set: { seen: seen + 1 } }
    on:
      visit.done: { say: "visited {{ size(visit.results) }}" }
    flows:
      visit:
        start: s
        params: { host: "" }
        screens: { s: { actions: [next], on: { next: { finish: true } } } }
    screens:
      home:
        actions: [deploy, tour, quit]
        on:
          deploy:
            run: { command: [deploy, "{{ hosts.join(',') }}"], into: out }
            post: deployed
            say: "deploy said {{ out.stdout }} ({{ out.exit_code }})"
          tour: { push: { to: visit, for_each: hosts, as: host } }
    """

    static let tests = """
    flow: f.yaml
    commands:
      - { command: [deploy, "a,b"], exit_code: 3, stdout: "from the file" }
    cases:
      - name: the case's stub wins
        commands:
          - { command: [deploy, "a,b"], stdout: "ok" }
        input: [deploy, tour, next, next, quit]
        expect:
          said: ["deploy said ok (0)", "visited 2"]
          values: { app: { seen: 1 } }
      - name: the file's stub
        input: [deploy, quit]
        expect: { said: ["deploy said from the file (3)"] }
    """

    @Test func stubsAnswerProgramsAndCoverageCountsObserversAndRepetitions() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try Self.tests.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let marker = directory.appendingPathComponent("deploy-ran")
        // A program named `deploy` on PATH that would leave a mark: tests must never run it.
        let program = directory.appendingPathComponent("deploy")
        try "#!/bin/sh\ntouch \(marker.path)\n".write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let path = directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml", "--coverage"], directory: directory, environment: ["PATH": path])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "a flow test executed a program")
        #expect(outcome.stdout.contains("repetitions"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("everything reachable is covered"), "observer and for_each covered: \(outcome.stdout)")
    }

    @Test func aProgramWithoutAStubFailsTheCaseAndSaysWhatToAdd() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        cases:
          - name: forgot the stub
            input: [deploy, quit]
            expect: { status: cancelled }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml", "--coverage"], directory: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(#"the run started a program that no stub in 'commands' answers: ["deploy", "a,b"]"#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("not covered:"), "the uncovered for_each is listed")
        #expect(outcome.stdout.contains("for_each runs of flow 'visit'"), "\(outcome.stdout)")
    }

    /// Spec §7: the stub's output is in `into` before `set` runs, as in a real run.
    @Test func setReadsWhatAStubbedProgramWroteInto() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        variables: { out: {}, version: "" }
        screens:
          s:
            actions: [release, quit]
            on:
              release:
                run: { command: [git, describe], into: out }
                set: { version: out.stdout.trim() }
                say: "releasing {{ version }}"
        """)
        try """
        flow: f.yaml
        commands: [{ command: [git, describe], stdout: "v1.2.3\n" }]
        cases:
          - name: the tag the program printed
            input: [release, quit]
            expect:
              said: ["releasing v1.2.3"]
              values: { app: { version: v1.2.3 } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
    }

    @Test func generatedTestsCarryTheStubsTheyNeededAndPass() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let generate = try FlowrunProcess.run(["test", "--generate", "f.yaml", "-o", "g.flowtest.yaml"], directory: directory)
        #expect(generate.status == 0, "\(generate.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent("g.flowtest.yaml"), encoding: .utf8)
        #expect(written.contains(#"- { command: ["deploy", "a,b"], exit_code: 0, stdout: "" }"#), "\(written)")
        let run = try FlowrunProcess.run(["test", "g.flowtest.yaml", "--coverage"], directory: directory)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("everything reachable is covered"), "\(run.stdout)")
    }
}
