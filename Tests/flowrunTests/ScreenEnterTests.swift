import Foundation
import Testing
import TestSupport

/// A screen's `enter` (spec §5 1.2) through the built binary: in plain mode its `say`
/// comes before the screen's title and a transition it makes skips the screen; a flow
/// test stubs its `run` and counts its branches in coverage.
@Suite struct ScreenEnterTests {
    static let flow = """
    version: 1
    flow: app
    start: gate
    variables: { tags: {} }
    screens:
      gate:
        title: The gate is never shown
        enter: { say: "Passing the gate", replace: repo }
      repo:
        title: "Release after {{ trim(tags.stdout) }}"
        enter:
          run: { command: [sh, -c, 'echo v1.4.0'], into: tags }
          say: "Read the tags: exit {{ tags.exit_code }}"
        actions: [quit]
    """

    @Test func plainModeSaysWhatEnterSaysBeforeTheTitleAndSkipsTheScreenItLeaves() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "--trust", "f.yaml", "--output", "json"], stdin: "quit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("The gate is never shown"), "\(outcome.stderr)")
        let passing = try #require(outcome.stderr.range(of: "Passing the gate"), "\(outcome.stderr)")
        let read = try #require(outcome.stderr.range(of: "Read the tags: exit 0"), "\(outcome.stderr)")
        let title = try #require(outcome.stderr.range(of: "Release after v1.4.0"), "\(outcome.stderr)")
        #expect(passing.upperBound <= read.lowerBound && read.upperBound <= title.lowerBound, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(#""path":["app\/repo"]"#) || outcome.stdout.contains(#""app/repo""#), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("app/gate") && !outcome.stdout.contains(#"app\/gate"#), "the gate is not on the path: \(outcome.stdout)")
    }

    @Test func withoutTrustTheCommandOfAnEnterIsNamed() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "quit\n", directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("f.yaml:12:12: sh -c 'echo v1.4.0'"), "\(outcome.stderr)")
    }

    @Test func aFlowTestStubsTheCommandAndCountsTheEnterBranches() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        try """
        flow: f.yaml
        cases:
          - name: reads the tags
            commands:
              - { command: [sh, -c, 'echo v1.4.0'], stdout: "v9.9.9\\n" }
            input: [quit]
            expect: { said: ["Passing the gate", "Read the tags: exit 0"], status: cancelled }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml", "--coverage", "--format", "json"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let coverage = try #require((document["coverage"] as? [[String: Any]])?.first)
        let branches = try #require((coverage["total"] as? [String: [String: Double]])?["branches"])
        #expect(branches["total"] == 2 && branches["covered"] == 2, "both screens' enter branches: \(branches)")
        let screens = try #require((coverage["total"] as? [String: [String: Double]])?["screens"])
        #expect(screens["total"] == 2 && screens["covered"] == 2, "a screen its enter leaves is covered by being entered: \(screens)")
    }
}
