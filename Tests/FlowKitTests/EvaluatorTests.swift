import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// The evaluator: CEL's run-time semantics for the subset of spec §9. Most cases skip
/// the checker on purpose, to reach what only dynamic values can.
@Suite struct EvaluatorTests {
    static let scope = ExpressionTestScope(
        values: [
            "count": .int(3),
            "price": .double(9.5),
            "name": .string("Ada"),
            "tags": .list([.string("a"), .string("b")]),
            "prices": .map(["tea": .double(2.5), "cake": .int(4)]),
            "nothing": .null,
            "nan": .double(.nan),
            "big": .int(Int.max),
            "small": .int(Int.min),
            "pattern": .string("a("),
        ],
        flows: ["login": ["username": .string("ada"), "attempts": .int(2)]],
        environment: ["HOME": "/home/ada", "EDITOR": nil]
    )

    // MARK: - Arithmetic

    @Test(arguments: [
        ("1 + 2", Value.int(3)),
        ("5 - 7", .int(-2)),
        ("6 * 7", .int(42)),
        ("7 / 2", .int(3)),
        ("-7 / 2", .int(-3)),
        ("7 / -2", .int(-3)),
        ("7 % 3", .int(1)),
        ("-7 % 3", .int(-1)),
        ("7 % -3", .int(1)),
        ("1 + 2 * 3", .int(7)),
        ("(1 + 2) * 3", .int(9)),
        ("2.5 + 1.0", .double(3.5)),
        ("2.5 - 1.0", .double(1.5)),
        ("2.5 * 2.0", .double(5)),
        ("7.0 / 2.0", .double(3.5)),
        ("1.0 / 0.0", .double(.infinity)),
        ("-1.0 / 0.0", .double(-.infinity)),
        ("-count", .int(-3)),
        ("-price", .double(-9.5)),
        ("--count", .int(3)),
        ("'ab' + 'cd'", .string("abcd")),
        ("[1] + ['a']", .list([.int(1), .string("a")])),
        ("[] + []", .list([])),
        ("9223372036854775806 + 1", .int(Int.max)),
        ("-9223372036854775807 - 1", .int(Int.min)),
        ("-9223372036854775808", .int(Int.min)),
        ("-9223372036854775808 / 1", .int(Int.min)),
    ])
    func arithmetic(source: String, expected: Value) throws {
        let value = try evaluate(source)
        #expect(value == expected)
        #expect(value.kindName == expected.kindName)
    }

    @Test(arguments: [
        ("big + 1", "overflow"),
        ("small - 1", "overflow"),
        ("big * 2", "overflow"),
        ("small * -1", "overflow"),
        ("-small", "overflow"),
        ("small / -1", "overflow"),
        ("small % -1", "overflow"),
        ("1 / 0", "division by zero"),
        ("1 % 0", "modulus by zero"),
        ("count / (count - 3)", "division by zero"),
        ("1 + 1.0", "cannot combine int and double"),
        ("1.5 % 1.0", "cannot combine double and double"),
        ("'a' + 1", "cannot combine string and int"),
        ("'a' - 'b'", "cannot combine string and string"),
        ("nothing + 1", "cannot combine null and int"),
        ("-'a'", "'-' cannot apply"),
        ("!1", "'!' cannot apply"),
    ])
    func arithmeticErrors(source: String, message: String) {
        let error = evaluationError(source)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test func anErrorPointsAtTheFailingSubExpression() {
        // The division, not the whole sum.
        let error = evaluationError("count + 10 / (count - 3)")
        #expect(error?.offset == 8)
        #expect(error?.length == 16)
    }

    // MARK: - Comparison and equality

    @Test(arguments: [
        ("1 == 1.0", true),
        ("1.0 == 1", true),
        ("1 != 1.5", true),
        ("1 < 1.5", true),
        ("2 > 1.5", true),
        ("2 >= 2.0", true),
        ("2 <= 1.9", false),
        ("9007199254740993 > 9007199254740992.0", true),
        ("9007199254740993 == 9007199254740992.0", false),
        ("9223372036854775807 < 9223372036854775808.0", true),
        ("-9223372036854775808 == -9223372036854775808.0", true),
        ("nan == nan", false),
        ("nan != nan", true),
        ("nan < 1", false),
        ("nan >= 1", false),
        ("1 > nan", false),
        ("'a' < 'b'", true),
        ("'abc' < 'abd'", true),
        ("'ab' < 'abc'", true),
        ("'Z' < 'a'", true),
        ("'a' < 'á'", true),
        ("'e\\u0301' < '\\u00e9'", true),
        ("'e\\u0301' == '\\u00e9'", false),
        ("'\\U0001F600' > '\\uFFFF'", true),
        ("false < true", true),
        ("true <= true", true),
        ("1 == 'a'", false),
        ("'1' == 1", false),
        ("null == null", true),
        ("null == 0", false),
        ("nothing == null", true),
        ("[1, 'a'] == [1.0, 'a']", true),
        ("[1, 2] == [2, 1]", false),
        ("[[]] == [[]]", true),
        ("[1] != [1, 1]", true),
        ("prices == prices", true),
        ("tags == ['a', 'b']", true),
        ("true == 1", false),
    ])
    func comparisons(source: String, expected: Bool) throws {
        #expect(try evaluate(source) == .bool(expected))
    }

    @Test(arguments: ["[1] < [2]", "null < null", "'a' < 1", "true > 0", "prices <= prices"])
    func orderingOtherKindsIsAnError(source: String) {
        #expect(evaluationError(source)?.message.contains("cannot order") == true)
    }

    @Test func valuesCompareAsCELSays() {
        #expect(Value.int(1) == .double(1))
        #expect(Value.int(1) != .string("1"))
        #expect(Value.list([.int(1)]) == .list([.double(1)]))
        #expect(Value.map(["a": .int(1)]) == .map(["a": .double(1)]))
        #expect(Value.map(["a": .int(1)]) != .map(["b": .int(1)]))
        #expect(Value.string("\u{E9}") != .string("e\u{301}"))
        #expect(Value.map(["\u{E9}": .int(1)]) != .map(["e\u{301}": .int(1)]))
        #expect(Value.double(.nan) != .double(.nan))
    }

    // MARK: - Membership

    @Test(arguments: [
        ("'a' in tags", true),
        ("'c' in tags", false),
        ("2 in [1, 2]", true),
        ("2.0 in [1, 2]", true),
        ("null in [null]", true),
        ("[1] in [[1]]", true),
        ("'tea' in prices", true),
        ("'coffee' in prices", false),
        ("1 in prices", false),
    ])
    func membership(source: String, expected: Bool) throws {
        #expect(try evaluate(source) == .bool(expected))
    }

    @Test func membershipNeedsAListOrAMap() {
        #expect(evaluationError("'a' in 'abc'")?.message.contains("needs a list or a map") == true)
    }

    // MARK: - Logic and error absorption

    @Test(arguments: [
        ("true && true", Value.bool(true)),
        ("true && false", .bool(false)),
        ("false || true", .bool(true)),
        ("false || false", .bool(false)),
        ("!true", .bool(false)),
        ("false && (1 / 0 == 1)", .bool(false)),
        ("(1 / 0 == 1) && false", .bool(false)),
        ("true || (1 / 0 == 1)", .bool(true)),
        ("(1 / 0 == 1) || true", .bool(true)),
        ("false && nope", .bool(false)),
        ("nope || true", .bool(true)),
        ("size(nothing) > 0 && false", .bool(false)),
        // A value that is not a bool is absorbed like an error.
        ("1 && false", .bool(false)),
        ("true || 'x'", .bool(true)),
        ("true ? 1 : 1 / 0", .int(1)),
        ("false ? 1 / 0 : 2", .int(2)),
        ("count > 2 ? 'many' : 'few'", .string("many")),
    ])
    func logic(source: String, expected: Value) throws {
        #expect(try evaluate(source) == expected)
    }

    @Test(arguments: [
        ("true && (1 / 0 == 1)\n         ^~~~~", "division by zero"),
        ("(1 / 0 == 1) && true\n ^~~~~", "division by zero"),
        ("false || (1 / 0 == 1)\n          ^~~~~", "division by zero"),
        ("(1 / 0 == 1) || false\n ^~~~~", "division by zero"),
        ("(1 / 0 == 1) && (1 % 0 == 1)\n ^~~~~", "division by zero"),
        ("true && 1\n        ^", "'&&' needs bool operands, not int"),
        ("'x' || false\n^~~", "'||' needs bool operands, not string"),
        ("count ? 1 : 2\n^~~~~", "condition before '?' is int"),
        ("(1 / 0 == 1) ? 1 : 2\n ^~~~~", "division by zero"),
    ])
    func logicErrors(marked: String, message: String) {
        let expected = MarkedExpression(marked)
        let error = evaluationError(expected.source)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.offset == expected.offset)
        #expect(error?.length == expected.length)
    }

    // MARK: - Names, members and indexing

    @Test(arguments: [
        ("count", Value.int(3)),
        ("login.username", .string("ada")),
        ("login.attempts + 1", .int(3)),
        ("env.HOME", .string("/home/ada")),
        ("env.EDITOR", .null),
        ("tags[0]", .string("a")),
        ("tags[1]", .string("b")),
        ("[[1, 2], [3]][0][1]", .int(2)),
        ("prices['tea']", .double(2.5)),
        ("prices.cake", .int(4)),
    ])
    func names(source: String, expected: Value) throws {
        let value = try evaluate(source)
        #expect(value == expected)
        #expect(value.kindName == expected.kindName)
    }

    @Test(arguments: [
        ("tags[2]\n^~~~~~~", "index 2 is out of range for a list of 2"),
        ("tags[-1]\n^~~~~~~~", "index -1 is out of range"),
        ("tags['a']\n^~~~~~~~~", "list index must be an int, not string"),
        ("tags[1.0]\n^~~~~~~~~", "list index must be an int, not double"),
        ("prices['coffee']\n^~~~~~~~~~~~~~~~", "no key 'coffee'"),
        ("prices.coffee\n^~~~~~~~~~~~~", "no key 'coffee'"),
        ("prices[1]\n^~~~~~~~~", "keys are strings"),
        ("nothing.x\n^~~~~~~~~", "cannot read 'x' from a value of type null"),
        ("name[0]\n^~~~~~~", "string cannot be indexed"),
        ("missing + 1\n^~~~~~~", "unknown name 'missing'"),
        ("missing.x\n^~~~~~~", "unknown name 'missing'"),
        ("login.password\n^~~~~~~~~~~~~~", "flow 'login' exposes no name 'password'"),
    ])
    func accessErrors(marked: String, message: String) {
        let expected = MarkedExpression(marked)
        let error = evaluationError(expected.source)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.offset == expected.offset)
        #expect(error?.length == expected.length)
    }

    @Test func mapKeysAreMatchedByCodePoints() throws {
        let scope = ExpressionTestScope(values: ["m": .map(["\u{E9}": .int(1)])])
        #expect(try evaluate("'\\u00e9' in m", scope) == .bool(true))
        #expect(try evaluate("'e\\u0301' in m", scope) == .bool(false))
        #expect(evaluationError("m['e\\u0301']", scope) != nil)
    }

    // MARK: - Functions

    @Test(arguments: [
        ("size('héllo')", Value.int(5)),
        ("'e\\u0301'.size()", .int(2)),
        ("size('👍🏽')", .int(2)),
        ("size('')", .int(0)),
        ("size(tags)", .int(2)),
        ("tags.size()", .int(2)),
        ("size(prices)", .int(2)),
        ("size([])", .int(0)),
        ("name.contains('d')", .bool(true)),
        ("contains(name, 'x')", .bool(false)),
        ("name.contains('')", .bool(true)),
        ("'aaab'.contains('aab')", .bool(true)),
        ("'abababc'.contains('ababc')", .bool(true)),
        ("'abc'.contains('abcd')", .bool(false)),
        ("'e\\u0301'.contains('e')", .bool(true)),
        ("name.startsWith('Ad')", .bool(true)),
        ("startsWith(name, 'da')", .bool(false)),
        ("name.endsWith('da')", .bool(true)),
        ("endsWith(name, 'Ad')", .bool(false)),
        ("'cafe\\u0301'.endsWith('\\u0301')", .bool(true)),
        ("'x'.startsWith('')", .bool(true)),
        ("'abc123'.matches('[0-9]+')", .bool(true)),
        ("'abc123'.matches('^[0-9]+$')", .bool(false)),
        ("'123'.matches('^[0-9]+$')", .bool(true)),
        ("matches('hello', 'ell')", .bool(true)),
        ("matches('hello', '^ell')", .bool(false)),
        ("'Ada'.matches('(?i)^ada$')", .bool(true)),
        ("'e\\u0301'.matches('^e')", .bool(true)),
        ("'e\\u0301'.matches('^..$')", .bool(true)),
        // RE2 (spec §6 1.2): \\d and \\w are ASCII, named groups are (?P<name>…).
        ("'\\u0663'.matches('^\\\\d$')", .bool(false)),
        ("'é'.matches('^\\\\w$')", .bool(false)),
        ("'é'.matches('^\\\\pL$')", .bool(true)),
        ("'2026-11'.matches('^(?P<year>[0-9]{4})-')", .bool(true)),
        ("'ÀbC'.lowerAscii()", .string("Àbc")),
        ("upperAscii('àbc-ß')", .string("àBC-ß")),
        ("'  x y \\t\\n'.trim()", .string("x y")),
        ("trim('\\u00a0\\u2003x\\u3000')", .string("x")),
        ("'\\u200bx'.trim()", .string("\u{200B}x")),
        ("'   '.trim()", .string("")),
        ("int('12')", .int(12)),
        ("int('-12')", .int(-12)),
        ("int('+7')", .int(7)),
        ("int(2.9)", .int(2)),
        ("int(-2.9)", .int(-2)),
        ("int(count)", .int(3)),
        ("double('1.5')", .double(1.5)),
        ("double('-1e3')", .double(-1000)),
        ("double(3)", .double(3)),
        ("double(price)", .double(9.5)),
        ("string(1.5)", .string("1.5")),
        ("string(1.0)", .string("1.0")),
        ("string(-4.5e-3)", .string("-0.0045")),
        ("string(123.456)", .string("123.456")),
        ("string(1e21)", .string("1e+21")),
        ("string(1.0 / 0.0)", .string("Infinity")),
        ("string(-1.0 / 0.0)", .string("-Infinity")),
        ("string(0.0 / 0.0)", .string("NaN")),
        ("string(-456)", .string("-456")),
        ("string(true)", .string("true")),
        ("string(false)", .string("false")),
        ("string('x')", .string("x")),
    ])
    func functions(source: String, expected: Value) throws {
        let value = try evaluate(source)
        #expect(value == expected)
        #expect(value.kindName == expected.kindName)
    }

    @Test(arguments: [
        ("size(nothing)\n^~~~~~~~~~~~~", "size() takes a string, a list or a map, not null"),
        ("size(null)\n^~~~~~~~~~", "not null"),
        ("nothing.size()\n^~~~~~~~~~~~~~", "not null"),
        ("size(1)\n^~~~~~~", "not int"),
        ("int('12x')\n^~~~~~~~~~", "'12x' is not an integer"),
        ("int(' 12')\n^~~~~~~~~~", "is not an integer"),
        ("int('')\n^~~~~~~", "is not an integer"),
        ("int('9223372036854775808')\n^~~~~~~~~~~~~~~~~~~~~~~~~~", "is not an integer"),
        ("int(1e100)\n^~~~~~~~~~", "out of the range of int"),
        ("int(9223372036854775808.0)\n^~~~~~~~~~~~~~~~~~~~~~~~~~", "out of the range"),
        // CEL: -2⁶³ as a double also stands for values below the range (cel-spec double_int_min_range).
        ("int(-9223372036854775808.0)\n^~~~~~~~~~~~~~~~~~~~~~~~~~~", "out of the range"),
        ("int(nan)\n^~~~~~~~", "NaN is out of the range"),
        ("int(true)\n^~~~~~~~~", "not bool"),
        ("double('x')\n^~~~~~~~~~~", "'x' is not a number"),
        ("double(null)\n^~~~~~~~~~~~", "not null"),
        ("string(null)\n^~~~~~~~~~~~", "not null"),
        ("string(tags)\n^~~~~~~~~~~~", "not list"),
        ("name.contains(1)\n^~~~~~~~~~~~~~~~", "contains() works on strings, not string, int"),
        ("nothing.startsWith('a')\n^~~~~~~~~~~~~~~~~~~~~~~", "not null, string"),
        ("lowerAscii(1)\n^~~~~~~~~~~~~", "works on strings, not int"),
        ("name.matches(pattern)\n^~~~~~~~~~~~~~~~~~~~~", "does not compile"),
        ("name.nope()\n     ^~~~", "unknown function 'nope'"),
        ("price.int()\n      ^~~", "no method 'int'"),
        ("size(name, name)\n^~~~~~~~~~~~~~~~", "takes 1 argument, not 2"),
    ])
    func functionErrors(marked: String, message: String) {
        let expected = MarkedExpression(marked)
        let error = evaluationError(expected.source)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.offset == expected.offset)
        #expect(error?.length == expected.length)
    }

    /// RE2 does not backtrack: `(a+)+$` over 40 `a`s and a `!`, which a backtracking
    /// engine takes hours over, answers at once, anywhere in the text and whole.
    @Test func aHostilePatternAnswersAtOnce() throws {
        let scope = ExpressionTestScope(values: ["s": .string(String(repeating: "a", count: 40) + "!")])
        let started = ContinuousClock.now
        #expect(try evaluate("s.matches('(a+)+$')", scope) == .bool(false))
        #expect(try evaluate("s.matches('^(a|aa)+$')", scope) == .bool(false))
        #expect(try evaluate("s.matches('(a+)+!')", scope) == .bool(true))
        #expect(ContinuousClock.now - started < .milliseconds(200))
    }

    /// A pattern matched on each element of a macro is compiled once per evaluation:
    /// 4,000 compilations of this one take seconds, one takes a millisecond.
    @Test func aPatternInAMacroIsCompiledOnce() throws {
        let scope = ExpressionTestScope(values: ["p": .string("((a|b)(c|d)){1000}"), "l": .list((1...4000).map(Value.int))])
        let started = ContinuousClock.now
        #expect(try evaluate("l.filter(x, 'abc'.matches(p)).size()", scope) == .int(0))
        #expect(ContinuousClock.now - started < .milliseconds(800))
    }

    /// Patterns told apart by code points only are compiled apart: RE2 matches code points.
    @Test func patternsThatDifferOnlyInNormalizationAreKeptApart() throws {
        #expect(try evaluate("['e\\u0301', '\\u00e9'].map(x, ['\\u00e9', 'e\\u0301'].map(p, x.matches('^' + p + '$')))")
                == .list([.list([.bool(false), .bool(true)]), .list([.bool(true), .bool(false)])]))
    }

    @Test func messagesQuoteLongOrControlTextSafely() {
        let scope = ExpressionTestScope(values: ["s": .string("\u{1B}[31m" + String(repeating: "9", count: 100))])
        let message = evaluationError("int(s)", scope)?.message ?? ""
        #expect(!message.contains("\u{1B}"))
        #expect(message.contains("…"))
    }

    // MARK: - Limits

    @Test func theDeepestAcceptedTreesEvaluate() throws {
        let chain = Array(repeating: "1", count: 256).joined(separator: " + ")
        #expect(try evaluate(chain) == .int(256))
        let parens = String(repeating: "(", count: 256) + "1" + String(repeating: ")", count: 256)
        #expect(try evaluate(parens) == .int(1))
        let nots = String(repeating: "!", count: 254) + "true"
        #expect(try evaluate(nots) == .bool(true))
        let lists = String(repeating: "[", count: 254) + "1" + String(repeating: "]", count: 254)
        #expect(try evaluate("size(\(lists))") == .int(1))
        let conditionals = Array(repeating: "false ? 0 :", count: 127).joined(separator: " ") + " 7"
        #expect(try evaluate(conditionals) == .int(7))
    }

    @Test func theDeepestAcceptedTreesCheck() throws {
        let chain = Array(repeating: "count", count: 256).joined(separator: " + ")
        let (type, issues) = ExpressionChecker.check(try ExpressionParser.parse(chain).get(), in: Self.scope)
        #expect(type == .int)
        #expect(issues.isEmpty)
    }

    @Test func randomInputNeverTrapsAndPositionsStayInTheSource() {
        var random = SeededGenerator(state: 2024)
        let tokens = ["1", "2.5", "-", "'a'", "x", "tags", "prices", "nothing", "(", ")", "[", "]", "+", "*",
                      "/", "%", "<", ">=", "==", "!=", "&&", "||", "!", "?", ":", ",", ".", "size", "contains",
                      "matches", "int", "in", "null", "true", "0", "'\\", "\"", "{", "}", "é", "count", "'('",
                      "login", "env", "HOME", "9223372036854775807", "trim()", "0x", "1e", "//"]
        for _ in 0..<3_000 {
            let count = Int(random.next() % 24) + 1
            var source = ""
            for _ in 0..<count {
                source += tokens[Int(random.next() % UInt64(tokens.count))]
                if random.next() % 3 == 0 { source += " " }
            }
            let scalars = source.unicodeScalars.count
            func inBounds(_ offset: Int, _ length: Int) -> Bool {
                offset >= 0 && length >= 0 && offset + length <= scalars
            }
            switch ExpressionParser.parse(source) {
            case .failure(let issue):
                #expect(inBounds(issue.offset, issue.length), "\(source): \(issue)")
            case .success(let expression):
                for issue in ExpressionChecker.check(expression, in: Self.scope).issues {
                    #expect(inBounds(issue.offset, issue.length), "\(source): \(issue)")
                }
                if case .failure(let error) = Evaluator.evaluate(expression, in: Self.scope) {
                    #expect(inBounds(error.offset, error.length), "\(source): \(error)")
                }
            }
        }
    }

    @Test func theCostliestNestingDoesNotOverflowTheStack() {
        // Each level climbs every precedence level before the next parenthesis.
        let level = "a ? b : c || d && e == f + g * -h.i["
        let source = String(repeating: level, count: 100_000)
        #expect(parseIssue(source)?.code == .expressionTooComplex)
    }

    // MARK: - Helpers

    private func parseIssue(_ source: String) -> ExpressionIssue? {
        if case .failure(let issue) = ExpressionParser.parse(source) { return issue }
        return nil
    }

    private func evaluate(_ source: String, _ scope: ExpressionTestScope = Self.scope) throws -> Value {
        try Evaluator.evaluate(try ExpressionParser.parse(source).get(), in: scope).get()
    }

    private func evaluationError(_ source: String, _ scope: ExpressionTestScope = Self.scope) -> EvaluationError? {
        switch ExpressionParser.parse(source) {
        case .failure(let issue):
            Issue.record("\(source) does not parse: \(issue)")
            return nil
        case .success(let expression):
            if case .failure(let error) = Evaluator.evaluate(expression, in: scope) { return error }
            return nil
        }
    }
}
