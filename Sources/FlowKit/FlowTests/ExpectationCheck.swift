/// Compares what a case expects with how its run ended. Secrets never show: a failing
/// secret variable says only that it differs, and messages are masked.
struct ExpectationCheck {
    let session: Session
    let said: [String]
    private let mask: SecretMask

    init(session: Session, said: [String]) {
        self.session = session
        self.mask = session.secretMask
        self.said = said.map(mask.apply)
    }

    mutating func failures(of expect: Expectations) -> [TestFailure] {
        var failures: [TestFailure] = []
        let outcome = session.outcome
        if let status = expect.status, status.value != outcome?.status {
            failures.append(TestFailure("status: expected \(status.value.rawValue), got \(outcome?.status.rawValue ?? "none")",
                                        at: status.location, detail: outcome?.message.map { ["message: \(mask.apply($0))"] } ?? []))
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
        if let wanted = expect.pathIncludes, let missing = ListDiff.firstMissing(wanted.value, in: path) {
            failures.append(TestFailure("path_includes: \(missing) is not shown in this order", at: wanted.location,
                                        detail: ["shown: " + (path.isEmpty ? "nothing" : path.joined(separator: ", "))]))
        }
        failures += expect.values.compactMap(valueFailure)
        if let missing = firstMissingMessage(expect.said) {
            failures.append(TestFailure("said: \(ResultDocument.quoted(mask.apply(missing.value))) was not said (in this order)", at: missing.location,
                                        detail: said.isEmpty ? ["nothing was said"] : said.map { "said: \(ResultDocument.quoted($0))" }))
        }
        return failures
    }

    /// Whether `expected` (`flowid/screenid`, or a screen id alone) names the screen `shown`.
    private static func names(_ expected: String, _ shown: String?) -> Bool {
        guard let shown else { return false }
        return expected.contains("/") ? expected == shown : shown.split(separator: "/").last.map(String.init) == expected
    }

    private func firstMissingMessage(_ wanted: [Located<String>]) -> Located<String>? {
        var position = said.startIndex
        for message in wanted {
            guard let found = said[position...].firstIndex(of: mask.apply(message.value)) else { return message }
            position = found + 1
        }
        return nil
    }

    private func valueFailure(_ expected: ExpectedValue) -> TestFailure? {
        let name = "\(expected.flow).\(expected.name)"
        guard let variables = session.values[expected.flow] else {
            return TestFailure("values: the flow has no flow '\(expected.flow)'", at: expected.location)
        }
        guard let actual = variables[expected.name] else {
            let hint = NearestName.suggest(expected.name, among: Array(variables.keys)).map { "; did you mean '\($0)'?" } ?? ""
            return TestFailure("values: the flow '\(expected.flow)' has no variable '\(expected.name)'\(hint)", at: expected.location)
        }
        guard expected.value != actual else { return nil }
        if isSecret(flow: expected.flow, name: expected.name) {
            return TestFailure("values: \(name) differs from the expected value (a secret: neither is shown)", at: expected.location)
        }
        return TestFailure("values: \(name): expected \(expected.value.inlineYAML), got \(actual.inlineYAML)", at: expected.location)
    }

    private func isSecret(flow: String, name: String) -> Bool {
        guard let index = session.tree.flow(named: flow) else { return false }
        return session.tree.flows[index].screens.contains { screen in
            session.tree.screens[screen].fields.contains { $0.id == name && $0.type == .secret }
        }
    }
}
