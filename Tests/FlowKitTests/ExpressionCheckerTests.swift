import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// The checker: CEL's typing rules for spec §9, names along the chain, and issues at the
/// token at fault.
@Suite struct ExpressionCheckerTests {
    static let scope = ExpressionTestScope(
        values: [
            "count": .int(3),
            "price": .double(9.5),
            "username": .string("ada"),
            "password": .string("1234"),
            "agreed": .bool(true),
            "tags": .list([.string("a"), .string("b")]),
            "scores": .list([.int(1), .int(2)]),
            "prices": .map(["tea": .double(2.5)]),
            "nothing": .null,
        ],
        types: ["anything": .dyn, "items": .list(.dyn), "optional": .string],
        flows: [
            "login": ["username": .string("ada"), "attempts": .int(0)],
            "main": [:],
        ],
        environment: ["HOME": "/home/ada", "EDITOR": nil]
    )

    // MARK: - Well-typed expressions

    @Test(arguments: [
        ("1", ExpressionType.int),
        ("1.5", .double),
        ("'a'", .string),
        ("true", .bool),
        ("null", .null),
        ("[]", .list(.dyn)),
        ("[1, 2]", .list(.int)),
        ("[1, 'a']", .list(.dyn)),
        ("[1, 2.0]", .list(.dyn)),
        ("[null, 'a']", .list(.string)),
        ("[[1], []]", .list(.list(.dyn))),
        ("count + 1", .int),
        ("count - 1", .int),
        ("count * 2", .int),
        ("count / 2", .int),
        ("count % 2", .int),
        ("price + 1.0", .double),
        ("price - 1.0", .double),
        ("price * 2.0", .double),
        ("price / 2.0", .double),
        ("-count", .int),
        ("-price", .double),
        ("!agreed", .bool),
        ("username + '!'", .string),
        ("tags + ['c']", .list(.string)),
        ("tags + scores", .list(.dyn)),
        ("count < price", .bool),
        ("price >= count", .bool),
        ("'a' <= username", .bool),
        ("true > false", .bool),
        ("count == price", .bool),
        ("count != 2.0", .bool),
        ("username == null", .bool),
        ("null != tags", .bool),
        ("tags == ['x']", .bool),
        ("'a' in tags", .bool),
        ("1.0 in scores", .bool),
        ("'tea' in prices", .bool),
        ("agreed && count > 1 || false", .bool),
        ("agreed ? 1 : 2", .int),
        ("agreed ? 1 : 'a'", .dyn),
        ("agreed ? null : 'a'", .string),
        ("tags[0]", .string),
        ("prices['tea']", .double),
        ("prices.tea", .double),
        ("size(username)", .int),
        ("username.size()", .int),
        ("tags.size()", .int),
        ("size(prices)", .int),
        ("int('12')", .int),
        ("int(price)", .int),
        ("int(count)", .int),
        ("double(count)", .double),
        ("double('1.5')", .double),
        ("string(count)", .string),
        ("string(price)", .string),
        ("string(agreed)", .string),
        ("username.contains('a')", .bool),
        ("contains(username, 'a')", .bool),
        ("username.startsWith('a')", .bool),
        ("startsWith(username, 'a')", .bool),
        ("username.endsWith('a')", .bool),
        ("endsWith(username, 'a')", .bool),
        ("username.matches('^a')", .bool),
        ("matches(username, '^a')", .bool),
        ("username.lowerAscii()", .string),
        ("upperAscii(username)", .string),
        ("username.trim()", .string),
        ("login.username", .string),
        ("login.attempts + 1", .int),
        ("login.username.size() >= 4", .bool),
        ("env.HOME", .string),
        ("env.EDITOR == null", .bool),
        ("nothing == null", .bool),
        ("optional.size()", .int),
    ])
    func wellTypedExpressionsHaveTheirType(source: String, expected: ExpressionType) throws {
        let (type, issues) = try check(source)
        #expect(issues.isEmpty, "\(issues)")
        #expect(type == expected)
    }

    @Test(arguments: [
        "anything + 1", "anything.field", "anything[0]", "anything['k']", "size(anything)",
        "anything.contains('x')", "int(anything)", "anything < 1", "anything == 'a'",
        "!anything", "-anything", "anything && true", "anything ? 1 : 2", "1 in anything",
        "anything in tags", "items[0].size()", "items[0] + 1", "string(anything)",
    ])
    func dynPassesEverywhere(source: String) throws {
        #expect(try check(source).issues.isEmpty)
    }

    @Test func dynTakesTheTypeOfTheOtherOperand() throws {
        #expect(try check("anything + 1").type == .int)
        #expect(try check("anything + 'a'").type == .string)
        #expect(try check("anything + anything").type == .dyn)
    }

    // MARK: - Type errors, at the token

    @Test(arguments: [
        "count + price\n      ^",
        "price * 2\n      ^",
        "2 - price\n  ^",
        "count / 1.5\n      ^",
    ])
    func mixingIntAndDoubleIsATypeErrorWithAFix(marked: String) throws {
        let issue = try singleIssue(marked)
        #expect(issue.code == .expressionType)
        #expect(issue.message.contains("mixes int and double"))
        #expect(issue.fix?.message.contains("double()") == true)
    }

    @Test func theFixSuggestsTheIntLiteralAsADouble() throws {
        let issue = try singleIssue("price * 2\n      ^")
        #expect(issue.fix?.message == "write 2.0, or convert with double()")
    }

    @Test(arguments: [
        ("price % 2.0\n      ^", "ints only"),
        ("username - 'a'\n         ^", "cannot combine string and string"),
        ("username + 1\n         ^", "cannot combine string and int"),
        ("tags * 2\n     ^", "cannot combine list(string) and int"),
        ("agreed + true\n       ^", "cannot combine bool and bool"),
        ("null + 1\n     ^", "cannot combine null and int"),
        ("anything % 1.5\n         ^", "cannot combine dyn and double"),
        ("-username\n^", "'-' needs an int or a double, not string"),
        ("!count\n^", "'!' needs a bool, not int"),
        ("count && agreed\n      ^~", "'&&' needs bool operands, not int"),
        ("agreed || 'yes'\n       ^~", "'||' needs bool operands, not string"),
        ("count ? 1 : 2\n      ^", "condition before '?' must be a bool, not int"),
        ("username == 1\n         ^~", "compares string with int"),
        ("1 != 'a'\n  ^~", "compares int with string"),
        ("tags == scores\n     ^~", "compares list(string) with list(int)"),
        ("agreed == 1\n       ^~", "compares bool with int"),
        ("username < 1\n         ^", "cannot order string and int"),
        ("tags > tags\n     ^", "cannot order list(string) and list(string)"),
        ("null <= 1\n     ^~", "cannot order null and int"),
        ("1 in username\n  ^~", "use contains()"),
        ("1 in count\n  ^~", "needs a list or a map on its right, not int"),
        ("1 in tags\n  ^~", "looks for int in a list(string)"),
        ("1 in prices\n  ^~", "among a map's keys, which are strings"),
        ("count.field\n      ^~~~~", "int has no field 'field'"),
        ("tags.first\n     ^~~~~", "list(string) has no field 'first'"),
        ("tags['a']\n     ^~~", "list index must be an int, not string"),
        ("tags[1.0]\n     ^~~", "list index must be an int, not double"),
        ("prices[1]\n       ^", "map keys are strings"),
        ("username[0]\n        ^", "string cannot be indexed"),
        ("size(count)\n     ^~~~~", "size() takes a string, a list or a map, not int"),
        ("size(null)\n     ^~~~", "not null"),
        ("count.size()\n^~~~~", "not int"),
        ("int(agreed)\n    ^~~~~~", "int() converts an int, a double or a string, not bool"),
        ("double(tags)\n       ^~~~", "not list(string)"),
        ("string(tags)\n       ^~~~", "string() converts"),
        ("string(null)\n       ^~~~", "not null"),
        ("username.contains(1)\n                  ^", "contains() works on strings, not int"),
        ("startsWith(1, 'a')\n           ^", "startsWith() works on strings, not int"),
        ("tags.endsWith('a')\n^~~~", "endsWith() works on strings, not list(string)"),
        ("count.trim()\n^~~~~", "trim() works on strings"),
        ("lowerAscii(1.5)\n           ^~~", "lowerAscii() works on strings, not double"),
        ("size()\n^~~~", "size() takes 1 argument, not 0 arguments"),
        ("username.contains()\n         ^~~~~~~~", "takes a receiver and 1 argument, not a receiver and 0 arguments"),
        ("contains('a')\n^~~~~~~~", "takes 2 arguments, not 1 argument"),
        ("username.size(1)\n         ^~~~", "takes a receiver and 0 arguments"),
    ])
    func typeErrorsPointAtTheToken(marked: String, message: String) throws {
        let issue = try singleIssue(marked)
        #expect(issue.code == .expressionType)
        #expect(issue.message.contains(message), "\(issue.message)")
    }

    @Test(arguments: [
        "((count + 'a') * 2 + 1).size() > 0 && true",
        "-(count + 'a') == 'x'",
        "[count + 'a', 1][0] + 'b'",
        "(agreed ? nope : 1) + 'b'",
        "nope.size() + 1",
        "size(nope) + 1",
        "!nope || nope2.x",
        "login.nope.x.y + 1",
        "count.field + 1",
    ])
    func oneMistakeGivesOneIssueEach(source: String) throws {
        let issues = try check(source).issues
        let expected = source.contains("nope2") ? 2 : 1
        #expect(issues.count == expected, "\(issues)")
    }

    @Test func anExpressionInErrorHasTypeDyn() throws {
        #expect(try check("count + 'a'").type == .dyn)
        #expect(try check("(count + 'a') == 1").type == .bool)
    }

    @Test func independentMistakesAreAllReported() throws {
        let issues = try check("count + 'a' == 1 || unknown").issues
        #expect(issues.map(\.code) == [.expressionType, .unknownName])
        #expect(issues.map(\.offset) == [6, 20])
    }

    // MARK: - Names

    @Test func anUnknownVariableSuggestsTheNearestName() throws {
        let issue = try singleIssue("size(usernme) >= 4\n     ^~~~~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message == "unknown name 'usernme'")
        #expect(issue.fix?.replacement == "username")
        #expect(issue.fix?.message == "did you mean 'username'?")
    }

    @Test func anUnknownNameFarFromEveryVariableHasNoSuggestion() throws {
        let issue = try singleIssue("zzzzzz\n^~~~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.fix == nil)
    }

    @Test func anUnknownBeforeADotIsTheUnknownName() throws {
        let issue = try singleIssue("lgin.username\n^~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message == "unknown name 'lgin'")
    }

    @Test func anUnknownFlowMemberSuggestsFromThatFlow() throws {
        let issue = try singleIssue("login.usrname == 'x'\n      ^~~~~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message == "flow 'login' exposes no name 'usrname'")
        #expect(issue.fix?.replacement == "username")
    }

    @Test func aFlowIsNotAValue() throws {
        let issue = try singleIssue("main == null\n^~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message.contains("'main' is a flow"))
    }

    @Test func anEnvironmentVariableMustBeListed() throws {
        let issue = try singleIssue("env.SECRET + 'x'\n    ^~~~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message == "environment variable 'SECRET' is not listed in any enclosing flow's env")
        #expect(issue.fix != nil)
    }

    @Test func envAloneIsNotAValue() throws {
        let issue = try singleIssue("env\n^~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message.contains("env.NAME"))
    }

    @Test func aVariableShadowsAFlowOfTheSameName() throws {
        var scope = Self.scope
        scope.values["login"] = .map(["when": .string("today")])
        let (type, issues) = ExpressionChecker.check(try ExpressionParser.parse("login.when").get(), in: scope)
        #expect(issues.isEmpty)
        #expect(type == .string)
    }

    @Test func anUnknownFunctionSuggestsABuiltIn() throws {
        let issue = try singleIssue("sise(tags)\n^~~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message == "unknown function 'sise'")
        #expect(issue.fix?.replacement == "size")
    }

    @Test func anUnknownMethodIsAnUnknownName() throws {
        let issue = try singleIssue("username.reverse()\n         ^~~~~~~")
        #expect(issue.code == .unknownName)
    }

    @Test func conversionsAreNotMethods() throws {
        let issue = try singleIssue("price.int()\n      ^~~")
        #expect(issue.code == .unknownName)
        #expect(issue.message.contains("int(x)"))
    }

    /// One mistake, one diagnostic (spec §12 1.1): the arguments of an unknown function,
    /// perhaps a macro's bound names, bring no errors of their own.
    @Test func argumentsOfAnUnknownFunctionAreNotChecked() throws {
        let issues = try check("nope(missing, x == 1)").issues
        #expect(issues.map(\.message) == ["unknown function 'nope'"])
    }

    // MARK: - Patterns

    @Test func aRegexLiteralThatDoesNotCompileIsABadPattern() throws {
        let issue = try singleIssue("username.matches('a(b')\n                 ^~~~~")
        #expect(issue.code == .badPattern)
        #expect(issue.message.hasPrefix("this regular expression does not compile"))
    }

    @Test func aBadPatternIsFoundInGlobalStyleToo() throws {
        let issue = try singleIssue("matches(username, '[a-')\n                  ^~~~~")
        #expect(issue.code == .badPattern)
    }

    /// RE2 has no back-references or look-around (spec §6 1.2); its own words say why.
    @Test func patternsRE2RejectsAreBadPatterns() throws {
        let backReference = try singleIssue("username.matches('(a)\\\\1')\n                 ^~~~~~~~")
        #expect(backReference.code == .badPattern)
        #expect(backReference.message == "this regular expression does not compile: invalid escape sequence: \\1")
        let lookAhead = try singleIssue("matches(username, 'a(?=b)')\n                  ^~~~~~~~")
        #expect(lookAhead.code == .badPattern)
        #expect(lookAhead.message.contains("invalid perl operator: (?="), "\(lookAhead.message)")
    }

    @Test func aBadPatternsMessageEscapesControlCharacters() throws {
        let issue = try singleIssue("username.matches('(\\u001b')\n                 ^~~~~~~~~")
        #expect(issue.code == .badPattern)
        #expect(issue.message.hasSuffix("missing ): (\\u{1b}"), "\(issue.message)")
        #expect(!issue.message.unicodeScalars.contains { $0.value == 0x1B }, "\(issue.message)")
    }

    @Test func validAndNonLiteralPatternsPass() throws {
        #expect(try check("username.matches(r'^\\d{3}-[a-z]+$')").issues.isEmpty)
        #expect(try check("username.matches(password)").issues.isEmpty)
    }

    // MARK: - Types of values

    @Test func typesOfValuesJoinTheirElements() {
        #expect(ExpressionType(of: .list([.int(1), .int(2)])) == .list(.int))
        #expect(ExpressionType(of: .list([.int(1), .string("a")])) == .list(.dyn))
        #expect(ExpressionType(of: .list([])) == .list(.dyn))
        #expect(ExpressionType(of: .map(["a": .bool(true)])) == .map(.bool))
        #expect(ExpressionType(of: .map([:])) == .map(.dyn))
        #expect(ExpressionType(of: .list([.null, .double(1)])) == .list(.double))
    }

    @Test func typesPrintAsCELWritesThem() {
        #expect(ExpressionType.list(.map(.int)).description == "list(map(string, int))")
        #expect(ExpressionType.null.description == "null")
        #expect(ExpressionType.dyn.description == "dyn")
    }

    // MARK: - Helpers

    private func check(_ source: String) throws -> (type: ExpressionType, issues: [ExpressionIssue]) {
        ExpressionChecker.check(try ExpressionParser.parse(source).get(), in: Self.scope)
    }

    /// The one issue checking the marked expression gives, at the marked token.
    private func singleIssue(_ marked: String) throws -> ExpressionIssue {
        let expected = MarkedExpression(marked)
        let issues = try check(expected.source).issues
        #expect(issues.count == 1, "\(issues)")
        let issue = try #require(issues.first)
        #expect(issue.offset == expected.offset, "\(expected): \(issue)")
        #expect(issue.length == expected.length, "\(expected): \(issue)")
        return issue
    }
}
