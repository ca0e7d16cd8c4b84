import FlowKit
import Foundation
import Testing
import FlowExpressions

/// `SemanticVersion`: parsing as Kubernetes' CEL library parses (its `isSemver` and
/// `semver` cases, strict and normalised, are the facts below), and SemVer 2.0
/// precedence.
@Suite struct SemanticVersionTests {
    @Test(arguments: [
        ("1.2.3", true),
        ("1.2.3-beta.1+build.1", true),
        ("0.1.0-alpha.1", true),
        ("1.0.0-0a", true),
        ("1.0.0-x-y.7", true),
        ("1.0.0+b-c.0001", true),
        ("18446744073709551615.0.0", true),
        ("", false),
        ("v1.0", false),
        ("v1.0.0", false),
        (" 1.0.0", false),
        ("1. 0.0", false),
        ("1.0.0 ", false),
        ("01.01.01", false),
        ("1", false),
        ("1.1", false),
        ("200K", false),
        ("Three", false),
        ("1.0.0-", false),
        ("1.0.0-01", false),
        ("1.0.0-a..b", false),
        ("1.0.0-a_b", false),
        ("1.0.0+", false),
        ("1.0.0+a+b", false),
        ("1.0.0-é", false),
        ("18446744073709551616.0.0", false),
    ])
    func strictParsing(text: String, parses: Bool) {
        #expect((SemanticVersion(text) != nil) == parses, "\(text)")
    }

    /// Normalising drops a leading `v` and leading zeros and fills a missing minor or
    /// patch with 0; it trims no spaces, and a shortened version has no pre-release.
    @Test(arguments: [
        ("v1.0.0", "1.0.0"),
        ("01.01.01", "1.1.1"),
        ("1", "1.0.0"),
        ("1.1", "1.1.0"),
        ("v1.2", "1.2.0"),
        ("v01.01", "1.1.0"),
        ("00.0.0", "0.0.0"),
        ("v1.2.03-rc.1+b", "1.2.3-rc.1+b"),
        ("1.2.0-rc.1", "1.2.0-rc.1"),
        ("", nil),
        (" 1.0.0", nil),
        ("1. 0.0", nil),
        ("1.0.0 ", nil),
        ("1.2-beta", nil),
        ("1+b", nil),
        ("vv1.0.0", nil),
        ("V1.0.0", nil),
    ] as [(String, String?)])
    func normalisedParsing(text: String, canonical: String?) {
        #expect(SemanticVersion(normalizing: text)?.description == canonical, "\(text)")
    }

    /// The example of semver.org §11, and the numbers compared as numbers.
    @Test func precedenceFollowsSemVer() throws {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                       "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0"]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        for (i, a) in versions.enumerated() {
            for (j, b) in versions.enumerated() {
                #expect(a.compare(b) == (i < j ? -1 : i == j ? 0 : 1), "\(a) vs \(b)")
            }
        }
    }

    @Test func buildMetadataHasNoPrecedence() throws {
        let a = try #require(SemanticVersion("1.0.0+a")), b = try #require(SemanticVersion("1.0.0+b"))
        #expect(a == b && a.compare(b) == 0 && a.description == "1.0.0+a")
        #expect(Value.semver(a) == Value.semver(b))
        #expect(Value.semver(a) != Value.string("1.0.0+a"))
    }

    /// A saved state keeps a version a version, build metadata and all.
    @Test func aVersionSurvivesASavedState() throws {
        let version = Value.semver(try #require(SemanticVersion("1.0.0-rc.1+b.5")))
        let restored = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(Value.list([version, .string("1.0.0")])))
        guard case .list(let elements) = restored, case .semver(let back)? = elements.first else {
            Issue.record("not a version: \(restored)")
            return
        }
        #expect(back.description == "1.0.0-rc.1+b.5")
        #expect(elements.last == .string("1.0.0"))
    }

    /// A version is boxed in a `Value`: a value stays as small as a string, so the model of
    /// a large flow, which holds a value for every literal, does not grow with versions.
    @Test func aVersionDoesNotMakeEveryValueLarger() {
        #expect(MemoryLayout<Value>.size <= MemoryLayout<String>.size + 1)
    }
}
