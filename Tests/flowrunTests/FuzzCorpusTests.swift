import Foundation
import Testing
import TestSupport

/// Inputs kept by `Fuzz/run.sh` (crashes it found, and hand-picked edge cases), replayed
/// through the `flowrun` binary the way each fuzz target feeds FlowKit: every one ends with
/// a documented exit status, never a signal or a hang.
@Suite struct FuzzCorpusTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/flowrunTests/Fixtures/Fuzz")

    static func inputs(_ target: String) -> [String] {
        let directory = folder.appendingPathComponent(target)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    /// The fuzz-session target picks a flow by its first byte among these, sorted.
    static let flows = ["browser.yaml", "notes.yaml", "signin.yaml"]

    /// A missing or misnamed folder would leave a target's test with no cases, passing.
    @Test(arguments: ["yaml", "validate", "expression", "session"])
    func everyTargetHasInputs(target: String) {
        #expect(!Self.inputs(target).isEmpty, "no inputs in Fixtures/Fuzz/\(target)")
    }

    private func expectDocumented(_ outcome: ProcessRunner.Outcome, _ input: String, allowed: Set<Int32>) {
        #expect(!outcome.signalled && !outcome.timedOut, "\(input): \(outcome.stderr.suffix(500))")
        #expect(allowed.contains(outcome.status), "\(input): exit \(outcome.status)\n\(outcome.stderr.suffix(500))")
    }

    @Test(arguments: inputs("yaml") + inputs("validate"))
    func flowFilesValidate(input: String) throws {
        let outcome = try FlowrunProcess.run(["validate", input], timeout: 20)
        expectDocumented(outcome, input, allowed: [0, 1])
        if outcome.status == 1 { #expect(outcome.stdout.contains(": error: "), "a failure comes with a diagnostic") }
        let run = try FlowrunProcess.run(["run", "--plain", "--output", "none", input], stdin: "1\nquit\n", timeout: 20)
        expectDocumented(run, input, allowed: [0, 2, 3])
    }

    @Test(arguments: inputs("expression"))
    func expressionsInAFlow(input: String) throws {
        let source = try String(decoding: Data(contentsOf: URL(fileURLWithPath: input)), as: UTF8.self)
        let quoted = { (text: String) in String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
        let flow = """
        version: 1
        flow: f
        start: s
        variables: { count: 3, name: Ada, tags: [a, b], prices: { tea: 2.5 } }
        on:
          go:
            - when: \(try quoted(source))
              say: \(try quoted("{{ " + source + " }}"))
        screens:
          s:
            text: \(try quoted("{{ " + source + " }}"))
            actions: [{ id: go }, { id: quit }]
        """
        let directory = try FlowrunProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("expression.yaml")
        try Data(flow.utf8).write(to: file)
        expectDocumented(try FlowrunProcess.run(["validate", file.path], timeout: 20), input, allowed: [0, 1])
        let run = try FlowrunProcess.run(["run", "--plain", "--output", "none", file.path], stdin: "go\nquit\n", timeout: 20)
        expectDocumented(run, input, allowed: [0, 2, 3])
    }

    @Test(arguments: inputs("session"))
    func sessionsOnTheExamples(input: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        let flow = Self.flows[Int(bytes.first ?? 0) % Self.flows.count]
        let lines = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let state = try FlowrunProcess.temporaryDirectory().appendingPathComponent("state.json").path
        let run = try FlowrunProcess.run(["run", "--plain", "--output", "none", "--state", state, "Flows/\(flow)"], stdin: lines,
                                         directory: Fixtures.packageRoot, timeout: 20)
        expectDocumented(run, input, allowed: [0, 2, 3, 4])
    }
}
