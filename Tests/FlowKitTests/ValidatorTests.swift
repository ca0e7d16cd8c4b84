import FlowKit
import Testing
import FlowYAML

/// What `Validator` runs: every check by default, and only the checks that can find
/// errors for the commands that stop on errors alone.
@Suite struct ValidatorTests {
    private let file = "app.yaml"
    private let text = """
        version: 1
        flow: app
        start: home
        colour: blue
        screens:
          home:
            actions: [quit]
          forgotten:
            actions: [back]
        """

    private func codes(_ validator: Validator) -> [DiagnosticCode] {
        validator.validate(Array(text.utf8), file: file).diagnostics.map(\.code)
    }

    @Test func everyCheckRunsByDefault() {
        #expect(codes(Validator()) == [.unknownKey, .unreachableScreen])
    }

    @Test func withoutWarningsTheGraphCheckIsLeftOutAndErrorsStillFound() {
        #expect(codes(Validator(findsWarnings: false)) == [.unknownKey])
    }
}
