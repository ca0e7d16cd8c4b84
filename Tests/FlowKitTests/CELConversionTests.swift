import FlowKit
import Foundation
import Testing
import TestSupport

/// `int()` behaves as google/cel-spec's conformance data says (`conversions.textproto`,
/// section `int`): each test there whose expression stays inside flowrun's subset (no
/// `u` literals, timestamps or durations) gives its value or its range error.
@Suite struct CELConversionTests {
    static let file: URL? = Fixtures.sharedFolder?.appendingPathComponent("conformance/cel-spec/conversions.textproto")

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let expression: String
        /// The expected int, or nil for an error whose message contains "range".
        let value: Int?
        var description: String { name }
    }

    /// The tests of the `int` section: name, expr, and `int64_value` or `eval_error`.
    static let cases: [Case] = {
        guard let file, let text = try? String(contentsOf: file, encoding: .utf8),
              let start = text.range(of: "name: \"int\"") else { return [] }
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\nsection {")?.lowerBound ?? section.endIndex
        let tests = section[..<end].components(separatedBy: "test {").dropFirst()
        return tests.compactMap { test -> Case? in
            guard let name = test.firstMatch(of: /name: "([^"]+)"/)?.1, let expr = test.firstMatch(of: /expr: "([^"]+)"/)?.1,
                  !expr.contains("u)"), !expr.contains("u,"), !expr.contains("timestamp("), !expr.contains("duration(") else { return nil }
            if let value = test.firstMatch(of: /int64_value: (-?\d+)/)?.1 { return Case(name: String(name), expression: String(expr), value: Int(value)) }
            if test.contains("eval_error") { return Case(name: String(name), expression: String(expr), value: nil) }
            return nil
        }
    }()

    @Test(.enabled(if: file != nil, "../shared/conformance/cel-spec is absent: skipping CEL's int() conversions"))
    func theIntSectionIsRead() {
        #expect(Self.cases.count >= 10)
        #expect(Self.cases.contains { $0.name == "double_int_min_range" })
    }

    @Test(.enabled(if: file != nil, "../shared/conformance/cel-spec is absent: skipping CEL's int() conversions"), arguments: cases)
    func intConvertsAsCELDoes(_ test: Case) throws {
        let expression = try ExpressionParser.parse(test.expression).get()
        let result = Evaluator.evaluate(expression, in: ExpressionTestScope(values: [:]))
        switch (result, test.value) {
        case (.success(let value), let expected?): #expect(value == .int(expected))
        case (.failure(let error), nil): #expect(error.message.contains("range"), "\(error.message)")
        default: Issue.record("\(test.expression) gave \(result)")
        }
    }
}
