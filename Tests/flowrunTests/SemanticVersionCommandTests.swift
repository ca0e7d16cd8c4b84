import Foundation
import Testing
import TestSupport

/// Semantic versions (spec §9 1.2) as an author meets them: `validate` placing a version's
/// method called on a string, and a plain-mode run whose `validate` rule compares versions.
@Suite struct SemanticVersionCommandTests {
    /// One diagnostic per mistake, each at its token: the string a version's method is
    /// called on, and a map literal's int key.
    @Test func validatePlacesASemverMethodOnAStringAndAnIntMapKey() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: release
        start: ask
        variables: { last: 1.2.0 }
        computed:
          keyed: '{1: last}'
        screens:
          ask:
            fields:
              - id: version
                validate:
                  - { rule: "version.isGreaterThan(semver(last))", message: "Too old." }
                  - { rule: "semver(version).isGreaterThan(semver(last))", message: "Not after {{ semver(last) }}." }
            actions: [done]
            on: { done: { finish: true } }
        """)
        let outcome = try FlowrunProcess.run(["validate", "f.yaml"], directory: directory)
        #expect(outcome.status == 1)
        let errors = outcome.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "f.yaml:6:12: error: map keys are strings in flow expressions, not int [expression-type]",
            "f.yaml:12:22: error: isGreaterThan() compares two semvers, not string [expression-type]",
        ], "\(outcome.stdout)")
        #expect(outcome.stdout.contains("make a version of the string first: semver(s)"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("2 errors, 0 warnings in 1 file\n"), "\(outcome.stdout)")
    }

    static let release = """
    version: 1
    flow: release
    start: ask
    variables: { last: 1.2.0 }
    computed: { next: 'isSemver(version) ? semver(version) : null' }
    screens:
      ask:
        fields:
          - id: version
            required: true
            validate:
              - { rule: isSemver(version), message: "{{ version }} is not a semantic version." }
              - { rule: semver(version).isGreaterThan(semver(last)), message: "{{ version }} does not come after {{ last }}." }
        actions: [done]
        on: { done: { say: "Releasing {{ next }}, major {{ next.major() }}.", finish: true } }
    """

    /// The rule refuses a tag, the same version and its pre-release, and takes 1.10.0,
    /// which comes after 1.2.0 by precedence though not as text; the version is shown,
    /// and written to the result, as its text.
    @Test func aValidateRuleComparesVersionsByPrecedence() throws {
        let directory = try FlowrunProcess.folder(holding: Self.release)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "v1.3\n1.2.0\n1.2.0-rc.1\n1.10.0\ndone\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! v1.3 is not a semantic version.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! 1.2.0 does not come after 1.2.0.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("! 1.2.0-rc.1 does not come after 1.2.0.\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Releasing 1.10.0, major 1.\n"), "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let values = try #require(document["values"] as? [String: [String: Any]])
        #expect(values["release"]?["version"] as? String == "1.10.0")
        #expect(values["release"]?["next"] as? String == "1.10.0")
    }

    /// A flow test expects a version as the text results show.
    @Test func aFlowTestExpectsAVersionAsItsText() throws {
        let directory = try FlowrunProcess.folder(holding: Self.release)
        try """
        flow: f.yaml
        cases:
          - name: takes the next minor release
            input: ["1.3.0-rc.1", done]
            expect: { status: finished, values: { release: { next: "1.3.0-rc.1" } } }
          - name: sees the version is not the one written
            input: ["1.3.0", done]
            expect: { values: { release: { next: "1.3" } } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 1, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 passed, 1 failed"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"expected "1.3", got "1.3.0""#), "\(outcome.stdout)")
    }
}
