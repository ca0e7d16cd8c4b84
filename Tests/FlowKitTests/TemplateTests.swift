import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// Templates: `{{ expression }}` parts in text (spec §9).
@Suite struct TemplateTests {
    static let scope = ExpressionTestScope(
        values: [
            "username": .string("ada"),
            "attempts": .int(2),
            "price": .double(1),
            "ratio": .double(0.25),
            "agreed": .bool(true),
            "nothing": .null,
            "tags": .list([.string("a"), .string("b")]),
            "nested": .list([.int(1), .list([.int(2), .int(3)]), .null]),
            "prices": .map(["tea": .double(2.5), "cake": .int(4)]),
        ]
    )

    // MARK: - Parsing

    @Test func plainTextIsOnePart() throws {
        let template = try Template.parse("Hello, world } }} {").get()
        #expect(template.isLiteral)
        #expect(try render(template) == "Hello, world } }} {")
    }

    @Test func emptyTextHasNoParts() throws {
        let template = try Template.parse("").get()
        #expect(template.parts.isEmpty)
        #expect(try render(template) == "")
    }

    @Test func partsKnowWhereTheirExpressionStarts() throws {
        let template = try Template.parse("Hi {{ username }}, é{{attempts}}!").get()
        #expect(!template.isLiteral)
        let offsets = template.parts.compactMap { part -> Int? in
            if case .expression(_, let offset) = part { return offset }
            return nil
        }
        #expect(offsets == [5, 22])
        #expect(template.parts.count == 5)
    }

    @Test func aLiteralDoubleBraceIsWrittenAsAString() throws {
        #expect(try render("{{ '{{' }} and {{ \"}}\" }}") == "{{ and }}")
        #expect(try render("a {{ '{{' }} b }}") == "a {{ b }}")
    }

    @Test func aStringMayHoldClosingBraces() throws {
        #expect(try render("{{ username + '}}' }}") == "ada}}")
    }

    @Test func anUnclosedPartIsASyntaxError() throws {
        let issue = try #require(parseIssue("Hello {{ username"))
        #expect(issue.code == .expressionSyntax)
        #expect(issue.offset == 6)
        #expect(issue.length == 2)
        #expect(issue.message.contains("not closed"))
    }

    @Test func aSingleClosingBraceDoesNotClose() throws {
        let issue = try #require(parseIssue("{{ a } b"))
        #expect(issue.offset == 0)
        #expect(issue.message.contains("not closed"))
    }

    @Test func anEmptyPartIsASyntaxError() throws {
        let issue = try #require(parseIssue("x {{  }} y"))
        #expect(issue.code == .expressionSyntax)
        #expect(issue.offset == 2)
        #expect(issue.length == 6)
    }

    @Test func syntaxErrorsMapBackIntoTheTemplate() throws {
        // Offsets count Unicode scalars of the whole template text.
        let issue = try #require(parseIssue("Héllo {{ a + * b }}"))
        #expect(issue.code == .expressionSyntax)
        #expect(issue.offset == 13)
        #expect(issue.length == 1)
    }

    @Test func lexicalErrorsInsideAPartPointIntoTheTemplate() throws {
        let issue = try #require(parseIssue("ok {{ 'abc }}"))
        #expect(issue.code == .expressionSyntax)
        #expect(issue.offset == 6)
        #expect(issue.message.contains("not closed"))
    }

    @Test func aPartFollowsTheExpressionLimits() throws {
        let deep = "{{ " + Array(repeating: "1", count: 300).joined(separator: "+") + " }}"
        #expect(parseIssue(deep)?.code == .expressionTooComplex)
        let long = "{{ '" + String(repeating: "x", count: 70_000) + "' }}"
        #expect(parseIssue(long)?.code == .expressionTooComplex)
        let unclosedLong = "{{ " + String(repeating: "x ", count: 40_000)
        #expect(parseIssue(unclosedLong)?.code == .expressionTooComplex)
    }

    // MARK: - Checking

    @Test func checkingReportsIssuesAtTheirPlaceInTheTemplate() throws {
        let template = try Template.parse("Hi {{ usernme }}, {{ attempts + 'x' }}").get()
        let issues = template.check(in: Self.scope)
        #expect(issues.map(\.code) == [.unknownName, .expressionType])
        #expect(issues.map(\.offset) == [6, 30])
        #expect(issues.first?.fix?.replacement == "username")
    }

    @Test func anyTypeRenders() throws {
        let template = try Template.parse("{{ tags }} {{ prices }} {{ nothing }} {{ agreed }}").get()
        #expect(template.check(in: Self.scope).isEmpty)
    }

    // MARK: - Rendering

    @Test(arguments: [
        ("{{ username }}", "ada"),
        ("{{ attempts }} tries", "2 tries"),
        ("{{ -attempts }}", "-2"),
        ("{{ price }}", "1.0"),
        ("{{ ratio }}", "0.25"),
        ("{{ 1e21 }}", "1e+21"),
        ("{{ 1.0 / 0.0 }}", "Infinity"),
        ("[{{ nothing }}]", "[]"),
        ("{{ agreed }}/{{ !agreed }}", "true/false"),
        ("{{ tags }}", "a, b"),
        ("{{ [] }}", ""),
        ("{{ nested }}", "1, [2, 3], null"),
        ("{{ prices }}", "{cake: 4, tea: 2.5}"),
        ("{{ [prices] }}", "{cake: 4, tea: 2.5}"),
        ("{{ username.upperAscii() }}!", "ADA!"),
        ("{{ attempts > 1 ? 'many' : 'one' }}", "many"),
        ("a{{ 1 }}b{{ 2 }}c", "a1b2c"),
    ])
    func valuesRenderAsSpecified(text: String, expected: String) throws {
        #expect(try render(text) == expected)
    }

    @Test func renderingMatchesStringConversionForScalars() throws {
        for source in ["1.5", "2.0", "-0.0", "123", "true", "'x'", "0.1 + 0.2"] {
            let rendered = try render("{{ \(source) }}")
            let conversion = try ExpressionParser.parse("string(\(source))").get()
            let converted = try Evaluator.evaluate(conversion, in: Self.scope).get()
            #expect(Value.string(rendered) == converted, "\(source)")
        }
    }

    @Test func aFailingPartFailsTheRenderingAtItsPlace() throws {
        let template = try Template.parse("Size: {{ size(nothing) }}").get()
        guard case .failure(let error) = template.render(in: Self.scope) else {
            Issue.record("rendering should fail")
            return
        }
        #expect(error.offset == 9)
        #expect(error.length == 13)
        #expect(error.message.contains("null"))
    }

    // MARK: - Helpers

    private func parseIssue(_ text: String) -> ExpressionIssue? {
        if case .failure(let issue) = Template.parse(text) { return issue }
        return nil
    }

    private func render(_ text: String) throws -> String {
        try render(try Template.parse(text).get())
    }

    private func render(_ template: Template) throws -> String {
        try template.render(in: Self.scope).get()
    }
}
