import FlowYAML
import FlowExpressions

/// Compares what a case expects with how its run ended. Secrets never show: a failing
/// secret variable says only that it differs, and messages are compared as shown, with
/// secrets masked (`******`).
struct ExpectationCheck {
    let session: Session
    let said: [String]
    let shown: [String]

    mutating func failures(of expect: Expectations) -> [TestFailure] {
        var failures: [TestFailure] = []
        let outcome = session.outcome
        if let status = expect.status, status.value != outcome?.status {
            failures.append(TestFailure("status: expected \(status.value.rawValue), got \(outcome?.status.rawValue ?? "none")",
                                        at: status.location, detail: outcome?.message.map { ["message: \($0)"] } ?? []))
        }
        if let code = expect.exitCode, code.value != outcome?.exitCode {
            failures.append(TestFailure("exit code: expected \(code.value), got \(outcome.map { String($0.exitCode) } ?? "none")", at: code.location))
        }
        let path = session.path
        if let screen = expect.screen, !Self.names(screen.value, path.last) {
            failures.append(TestFailure("last screen: expected \(screen.value), got \(path.last ?? "none")", at: screen.location))
        }
        if let expected = expect.path, expected.value != path {
            failures.append(TestFailure("path: the screens shown differ (- expected, + shown)", at: expected.location,
                                        detail: ListDiff.lines(expected: expected.value, actual: path)))
        }
        if let wanted = expect.pathIncludes, let missing = ListDiff.firstMissing(wanted, in: path) {
            failures.append(TestFailure("path_includes: \(missing.value) is not shown in this order", at: missing.location,
                                        detail: ["shown: " + (path.isEmpty ? "nothing" : path.joined(separator: ", "))]))
        }
        let values = session.values
        for flow in expect.valueFlows where values[flow.value] == nil {
            failures.append(TestFailure("values: there is no flow '\(flow.value)'" + NearestName.hint(for: flow.value, among: Array(values.keys)),
                                        at: flow.location))
        }
        failures += expect.values.compactMap { valueFailure($0, in: values) }
        if let missing = ListDiff.firstMissing(expect.said, in: said) {
            failures.append(TestFailure("said: \(YAMLWriter.doubleQuoted(missing.value)) was not said (in this order)", at: missing.location,
                                        detail: said.isEmpty ? ["nothing was said"] : said.map { "said: \(YAMLWriter.doubleQuoted($0))" }))
        }
        if let expected = expect.message, expected.value != outcome?.message {
            let got = outcome?.message.map { "got \(YAMLWriter.doubleQuoted($0))" } ?? "the run ended without one"
            failures.append(TestFailure("message: expected \(YAMLWriter.doubleQuoted(expected.value)), \(got)", at: expected.location))
        }
        if let missing = ListDiff.firstMissing(expect.shown, alongTexts: shown) {
            failures.append(TestFailure("shown: \(YAMLWriter.doubleQuoted(missing.value)) was not shown (in this order)", at: missing.location,
                                        detail: shown.isEmpty ? ["nothing was shown"] : shown.map { "shown: \(YAMLWriter.doubleQuoted($0))" }))
        }
        return failures
    }

    /// Whether `expected` (`flowid/screenid`, or a screen id alone) names the screen `shown`.
    private static func names(_ expected: String, _ shown: String?) -> Bool {
        guard let shown else { return false }
        return expected.contains("/") ? expected == shown : shown.split(separator: "/").last.map(String.init) == expected
    }

    /// How `expected` differs from `values`, the run's; nil where it holds, or where its
    /// flow is none of the run's (reported once for the flow).
    private func valueFailure(_ expected: ExpectedValue, in values: [String: [String: Value]]) -> TestFailure? {
        let (flow, variable) = (expected.flow.value, expected.name.value)
        let name = "\(flow).\(variable)"
        guard let variables = values[flow] else { return nil }
        guard let actual = variables[variable] else {
            let hint = PrivateName.isPrivate(variable) ? ": a name that starts with '_' is private, and in no output"
                : NearestName.hint(for: variable, among: Array(variables.keys))
            return TestFailure("values: the flow '\(flow)' has no variable '\(variable)'\(hint)", at: expected.name.location)
        }
        guard var difference = ValueSubset.firstDifference(expected: expected.value, actual: actual) else { return nil }
        // A secret field's, or a variable computed from a secret; of a list or map with
        // secret members (cli.md 1.2), a difference elsewhere is shown, both sides masked alike.
        let secrecy = session.secrecy(flow: flow, name: variable)
        if secrecy.isSecret {
            guard secrecy != .whole, let elsewhere = ValueSubset.firstDifference(expected: SecretMask.shown(expected.value, secrecy),
                                                                                 actual: SecretMask.shown(actual, secrecy)) else {
                let part = secrecy == .whole ? "it holds a secret" : "in a secret member"
                return TestFailure("values: \(name) differs from the expected value (\(part): neither is shown)", at: expected.location)
            }
            difference = elsewhere
        }
        return TestFailure("values: \(name)\(difference.path): \(difference.description)", at: expected.location)
    }
}
