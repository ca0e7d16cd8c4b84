import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// `isSemver`, `semver` and a version's methods (spec §9 1.2), as Kubernetes' CEL library
/// defines them: its test cases are the facts here, with the checker's view of the
/// `semver` type.
@Suite struct SemverFunctionsTests {
    static let scope = ExpressionTestScope(values: ["version": .string("1.4.0"), "last": .string("v1.3"), "tags": .list([])])

    private func value(_ source: String) throws -> Value {
        try Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: Self.scope).get()
    }

    private func failure(_ source: String) throws -> String? {
        guard case .failure(let error) = Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: Self.scope) else { return nil }
        return error.message
    }

    private func checked(_ source: String) throws -> (type: ExpressionType, issues: [ExpressionIssue]) {
        ExpressionChecker.check(try ExpressionParser.parse(source).get(), in: Self.scope)
    }

    @Test(arguments: [
        ("isSemver('1.2.3-beta.1+build.1')", Value.bool(true)),
        ("isSemver('')", .bool(false)),
        ("isSemver('v1.0.0')", .bool(false)),
        ("isSemver(' 1.0.0')", .bool(false)),
        ("isSemver('1.0.0 ')", .bool(false)),
        ("isSemver('01.01.01')", .bool(false)),
        ("isSemver('1.1')", .bool(false)),
        ("isSemver('1.1', false)", .bool(false)),
        ("isSemver('', true)", .bool(false)),
        ("isSemver(' 1.0.0', true)", .bool(false)),
        ("isSemver('v1.0.0', true)", .bool(true)),
        ("isSemver('01.01.01', true)", .bool(true)),
        ("isSemver('1', true)", .bool(true)),
        ("isSemver('1.1', true)", .bool(true)),
        ("semver('v01.01', true) == semver('1.1.0')", .bool(true)),
        ("semver('1.2.3') == semver('1.2.3')", .bool(true)),
        ("semver('1.2.3') == semver('1.0.0')", .bool(false)),
        ("semver('1.2.3') != semver('1.0.0')", .bool(true)),
        ("semver('1.0.0').isLessThan(semver('1.2.3'))", .bool(true)),
        ("semver('1.0.0').isLessThan(semver('1.0.0'))", .bool(false)),
        ("semver('1.2.3').isGreaterThan(semver('1.0.0'))", .bool(true)),
        ("semver('1.0.0').isGreaterThan(semver('1.0.0'))", .bool(false)),
        ("semver('1.2.3').compareTo(semver('1.2.3'))", .int(0)),
        ("semver('1.0.0').compareTo(semver('1.2.3'))", .int(-1)),
        ("semver('1.2.3').compareTo(semver('1.0.0'))", .int(1)),
        ("semver('1.2.3').major()", .int(1)),
        ("semver('1.2.3').minor()", .int(2)),
        ("semver('1.2.3').patch()", .int(3)),
        ("semver('1.0.0-rc.1').isLessThan(semver('1.0.0'))", .bool(true)),
        ("semver(version).isGreaterThan(semver(last, true))", .bool(true)),
        ("semver(last, true).minor()", .int(3)),
        ("[semver('1.0.0+a')] == [semver('1.0.0+b')]", .bool(true)),
    ])
    func kubernetesCases(source: String, expected: Value) throws {
        #expect(try value(source) == expected, "\(source)")
    }

    @Test func aStringThatIsNoVersionIsAnError() throws {
        #expect(try failure("semver('v1.0')") == #"semver(): 'v1.0' is not a semantic version (MAJOR.MINOR.PATCH); semver(s, true) also takes a leading v and a missing minor or patch, as in v1.2"#)
        #expect(try failure("semver('1.2-rc', true)") == #"semver(): '1.2-rc' is not a semantic version (MAJOR.MINOR.PATCH)"#)
        #expect(try failure("semver('18446744073709551615.0.0').major()") == "major(): 18446744073709551615 is out of the range of int")
        #expect(try failure("isSemver(version, tags[0])") != nil)
    }

    /// A version shows as its canonical text in templates (and so in results and outputs).
    @Test func aVersionRendersAsItsCanonicalText() throws {
        let template = try Template.parse("{{ semver(last, true) }} < {{ [semver('1.0.0-rc.1+b')] }}").get()
        #expect(try template.render(in: Self.scope).get() == "1.3.0 < 1.0.0-rc.1+b")
    }

    @Test func theCheckerKnowsTheSemverType() throws {
        #expect(try checked("semver(version)").type == .semver)
        #expect(try checked("semver(last, true).major() + 1").type == .int)
        #expect(try checked("semver(version).isGreaterThan(semver(last, true))").type == .bool)
        #expect(try checked("semver(version) == semver(last, true)").issues.isEmpty)
        #expect(try checked("isSemver([1, 2, 3])").issues.map(\.message) == ["isSemver() takes a string, and optionally true to normalise it, not list(int)"])
        #expect(try checked("semver(version) == version").issues.map(\.message) == ["'==' compares semver with string; values of different types are never equal"])
        #expect(try checked("semver(version) < semver(last)").issues.map(\.message) == ["'<' cannot order semver and semver; it compares numbers, strings or bools"])
    }

    /// A version's method called on a string: one issue, at the receiver, with the fix.
    @Test func aSemverMethodOnAStringIsOneTypeError() throws {
        let issues = try checked("version.isGreaterThan(semver(last, true))").issues
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.code == .expressionType && issue.offset == 0 && issue.length == 7)
        #expect(issue.message == "isGreaterThan() compares two semvers, not string")
        #expect(issue.fix?.message.hasPrefix("make a version of the string first: semver(s)") == true)
    }

    @Test func versionMethodsAreMethodsAndSemverIsAFunction() throws {
        #expect(try checked("major(semver(version))").issues.map(\.message) == ["major() is a method; call it as v.major()"])
        #expect(try checked("version.semver()").issues.map(\.message) == ["there is no method 'semver'; call it as semver(s) or semver(s, true)"])
        #expect(try checked("major(semver(version))").issues.first?.code == .unknownName)
    }
}
