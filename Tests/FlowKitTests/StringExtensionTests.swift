import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// The rest of cel-go's strings extension (spec §9 1.1) as the checker sees it; cel-spec's
/// `string_ext` data pins the values (`CELConformanceTests`).
@Suite struct StringExtensionTests {
    static let scope = ExpressionTestScope(values: ["name": .string("my-project"), "tags": .list([.string("a"), .string("b")])])

    private func check(_ source: String) throws -> (type: ExpressionType, issues: [String]) {
        let checked = ExpressionChecker.check(try ExpressionParser.parse(source).get(), in: Self.scope)
        return (checked.type, checked.issues.map(\.message))
    }

    @Test func eachFunctionHasItsTypeAndOptionalArguments() throws {
        #expect(try check(#"name.replace("-", "_")"#).type == .string)
        #expect(try check(#"name.split("-", 2)"#).type == .list(.string))
        #expect(try check(#"name.indexOf("p") + name.lastIndexOf("p", 5)"#).type == .int)
        #expect(try check(#"tags.join(", ") + name.substring(0, 2) + name.charAt(0)"#).type == .string)
    }

    @Test func wrongArgumentsAreNamed() throws {
        #expect(try check(#"name.charAt("0")"#).issues == ["charAt() takes a string and an index, not string"])
        #expect(try check("name.substring()").issues == ["substring() takes a receiver and 1 or 2 arguments, not a receiver and 0 arguments: call it as s.substring(start) or s.substring(start, end)"])
    }

    @Test func theScaffoldingCaseOfTheIssue() throws {
        let value = try Evaluator.evaluate(try ExpressionParser.parse(#"name.replace("-", "_")"#).get(), in: Self.scope).get()
        #expect(value == .string("my_project"))
    }

    @Test func keysNowAndToday() throws {
        let scope = ExpressionTestScope(values: ["m": .map(["b": .int(1), "a": .int(2)])])
        func value(_ source: String) throws -> Value { try Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: scope).get() }
        #expect(try value("keys(m)") == .list([.string("a"), .string("b")]))
        guard case .string(let now) = try value("now()"), case .string(let today) = try value("today()") else {
            Issue.record("now() and today() give strings")
            return
        }
        #expect((try? /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/.wholeMatch(in: now)) != nil, "\(now)")
        #expect(now.hasPrefix(today) && today.count == 10)
        let checked = ExpressionChecker.check(try ExpressionParser.parse("keys(m)").get(), in: scope)
        #expect(checked.type == .list(.string))
        #expect(ExpressionChecker.check(try ExpressionParser.parse("now(1)").get(), in: scope).issues.map(\.message)
                == ["now() takes 0 arguments, not 1 argument: call it as now()"])
    }
}

