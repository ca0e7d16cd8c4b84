import FlowKit
import Testing
import TestSupport
import FlowExpressions

/// The parser: CEL's syntax for the subset of spec §9, positions, errors and limits.
@Suite struct ExpressionParserTests {
    // MARK: - Literals

    @Test(arguments: [
        ("0", Value.int(0)),
        ("42", .int(42)),
        ("0x1F", .int(31)),
        ("0XfF", .int(255)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("-0x10", .int(-16)),
        ("1.5", .double(1.5)),
        (".5", .double(0.5)),
        ("1e3", .double(1000)),
        ("2.5E-1", .double(0.25)),
        ("1e+2", .double(100)),
        ("-1.5", .double(-1.5)),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("null", .null),
        ("\"double\"", .string("double")),
        ("'single'", .string("single")),
        ("''", .string("")),
        ("'''tri'ple'''", .string("tri'ple")),
        ("\"\"\"two\nlines\"\"\"", .string("two\nlines")),
        ("r'\\d+'", .string("\\d+")),
        ("R\"\\n\"", .string("\\n")),
    ])
    func literals(source: String, expected: Value) throws {
        let expression = try ExpressionParser.parse(source).get()
        guard case .literal(let value) = expression.root.kind else {
            Issue.record("\(source) is not a literal: \(expression.root.kind)")
            return
        }
        #expect(value == expected)
        // Equality across kinds would hide an int parsed as a double.
        #expect(value.kindName == expected.kindName)
    }

    @Test(arguments: [
        (#"'\a\b\f\n\r\t\v'"#, "\u{07}\u{08}\u{0C}\n\r\t\u{0B}"),
        (#"'\\ \? \" \' \`'"#, "\\ ? \" ' `"),
        (#"'\x41\X42'"#, "AB"),
        (#"'\101\377'"#, "A\u{FF}"),
        (#"'\u00e9'"#, "\u{E9}"),
        (#"'\U0001F600'"#, "\u{1F600}"),
        (#"'\uD83D\uDE00'"#, "\u{1F600}"),
        (#""it's""#, "it's"),
        (#"'say "hi"'"#, "say \"hi\""),
    ])
    func stringEscapes(source: String, expected: String) throws {
        let expression = try ExpressionParser.parse(source).get()
        guard case .literal(.string(let value)) = expression.root.kind else {
            Issue.record("not a string literal")
            return
        }
        #expect(Array(value.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func listLiterals() throws {
        #expect(try tree("[]") == "[]")
        #expect(try tree("[1, 'a', [true]]") == "[1 'a' [true]]")
        #expect(try tree("[1, 2,]") == "[1 2]")
    }

    @Test func commentsAndWhitespaceAreSkipped() throws {
        #expect(try tree("1 + // one\n\t2\r\n") == "(+ 1 2)")
    }

    // MARK: - Structure and precedence

    @Test(arguments: [
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("8 / 4 % 3", "(% (/ 8 4) 3)"),
        ("a < b == c > d", "(> (== (< a b) c) d)"),
        ("a in b && c || d", "(|| (&& (in a b) c) d)"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a + b < c * d", "(< (+ a b) (* c d))"),
        ("a ? b : c ? d : e", "(?: a b (?: c d e))"),
        ("a || b ? c + 1 : d", "(?: (|| a b) (+ c 1) d)"),
        ("!a && -b < c", "(&& (! a) (< (- b) c))"),
        ("!!a", "(! (! a))"),
        ("- -x", "(- (- x))"),
        ("--1", "(- -1)"),
        ("-x.y", "(- (. x y))"),
        ("a.b.c", "(. (. a b) c)"),
        ("a[0][1]", "([] ([] a 0) 1)"),
        ("m['k'].size()", "(call size ([] m 'k'))"),
        ("size(x)", "(call size x)"),
        ("s.contains('x')", "(call contains s 'x')"),
        ("contains(s, 'x')", "(call contains s 'x')"),
        ("s.trim().upperAscii()", "(call upperAscii (call trim s))"),
        ("matches(s, r'[0-9]+')", "(call matches s '[0-9]+')"),
        ("f()", "(call f)"),
        ("login.username.size() >= 4", "(>= (call size (. login username)) 4)"),
        ("x <= 1 != y >= 2", "(>= (!= (<= x 1) y) 2)"),
    ])
    func precedenceAndAssociativity(source: String, expected: String) throws {
        #expect(try tree(source) == expected)
    }

    @Test func nodesKnowTheirSpansAndTokensInUnicodeScalars() throws {
        // 'é' is one scalar but two UTF-8 bytes; '👍' one scalar, four bytes.
        let expression = try ExpressionParser.parse("'é👍' + name.size()").get()
        guard case .binary(.add, let lhs, let rhs) = expression.root.kind else {
            Issue.record("not an addition")
            return
        }
        #expect(expression.root.span == ExpressionSpan(offset: 0, length: 18))
        #expect(expression.root.token == ExpressionSpan(offset: 5, length: 1))
        #expect(lhs.span == ExpressionSpan(offset: 0, length: 4))
        #expect(rhs.span == ExpressionSpan(offset: 7, length: 11))
        #expect(rhs.token == ExpressionSpan(offset: 12, length: 4))
        guard case .call(_, let receiver?, _) = rhs.kind else {
            Issue.record("not a receiver call")
            return
        }
        #expect(receiver.span == ExpressionSpan(offset: 7, length: 4))
    }

    @Test func parenthesesBelongToTheirExpression() throws {
        let expression = try ExpressionParser.parse("(a + b) * c").get()
        guard case .binary(.multiply, let lhs, _) = expression.root.kind else {
            Issue.record("not a multiplication")
            return
        }
        #expect(lhs.span == ExpressionSpan(offset: 0, length: 7))
        #expect(lhs.token == ExpressionSpan(offset: 3, length: 1))
    }

    @Test func theSourceIsKept() throws {
        #expect(try ExpressionParser.parse(" a + 1 ").get().source == " a + 1 ")
    }

    // MARK: - Errors

    @Test(arguments: [
        ("1 +\n   |", "ends where a value was expected"),
        ("(1 + 2\n      |", "expected ')'"),
        ("[1, 2\n     |", "expected ',' or ']'"),
        ("f(1 2)\n    ^", "expected ',' or ')'"),
        ("a b\n  ^", "unexpected 'b'"),
        ("a ? b\n     |", "expected ':'"),
        ("x.\n  |", "expected a name after '.'"),
        ("x.true\n  ^~~~", "expected a name after '.'"),
        ("'abc\n^", "not closed"),
        ("'ab\ncd'", "not closed"),
        ("'\\q'\n ^~", "not an escape sequence"),
        ("'\\x4'\n ^~~", "hexadecimal digits"),
        ("'\\400'\n ^~", "not an escape sequence"),
        ("'\\08'\n ^~", "three digits"),
        ("'\\uD800'\n ^~~~~~", "not a Unicode code point"),
        ("'\\U00110000'\n ^~~~~~~~~~", "not a Unicode code point"),
        ("1u\n^~", "unsigned"),
        ("b'abc'\n^", "bytes literals"),
        ("0x\n^~", "hexadecimal"),
        ("1e\n^~", "exponent"),
        ("1e999\n^~~~~", "too large"),
        ("9223372036854775808\n^~~~~~~~~~~~~~~~~~~", "64 bits"),
        ("-9223372036854775809\n ^~~~~~~~~~~~~~~~~~~", "64 bits"),
        ("99999999999999999999\n^~~~~~~~~~~~~~~~~~~~", "64 bits"),
        ("{'a' 1}\n     ^", "expected ':' after a key of the map"),
        ("if\n^~", "reserved"),
        ("1 + in\n    ^~", "expected a value"),
        ("a # b\n  ^", "unexpected character '#'"),
        ("a\u{7}\n ^", #"unexpected character \u{7}"#),
        ("a = b\n  ^", "did you mean '=='"),
        ("a & b\n  ^", "did you mean '&&'"),
        ("a | b\n  ^", "did you mean '||'"),
        ("\n|", "empty"),
        ("   \n   |", "empty"),
        ("()\n ^", "expected a value"),
        (")\n^", "expected a value, found ')'"),
    ])
    func syntaxErrorsPointAtTheToken(marked: String, message: String) {
        let expected = MarkedExpression(marked)
        let issue = parseIssue(expected.source)
        #expect(issue?.code == .expressionSyntax)
        #expect(issue?.message.contains(message) == true, "\(issue?.message ?? "no issue")")
        if expected.offset >= 0 {
            #expect(issue?.offset == expected.offset, "\(expected)")
            #expect(issue?.length == expected.length, "\(expected)")
        }
    }

    @Test func aMistypedOperatorOffersAFix() {
        let issue = parseIssue("a = b")
        #expect(issue?.fix?.replacement == "==")
    }

    @Test func errorOffsetsCountUnicodeScalars() {
        let issue = parseIssue("'日本' + é")
        #expect(issue?.offset == 7)
        #expect(issue?.length == 1)
    }

    @Test func leadingZerosAndUnderscoresAreNotNumbersOfTheirOwn() {
        // `1_000` is 1 followed by a name, as in CEL.
        #expect(parseIssue("1_000")?.message.contains("unexpected '_000'") == true)
    }

    // MARK: - Limits (spec §11)

    @Test func sourcesUpTo64KiBAreAccepted() throws {
        let quoted = "'" + String(repeating: "a", count: 64 * 1024 - 2) + "'"
        #expect(quoted.utf8.count == 64 * 1024)
        #expect(throws: Never.self) { try ExpressionParser.parse(quoted).get() }
    }

    @Test func longerSourcesAreTooComplex() {
        // Counted in UTF-8 bytes: 'é' is two.
        let source = "'" + String(repeating: "é", count: 32 * 1024) + "'"
        let issue = parseIssue(source)
        #expect(issue?.code == .expressionTooComplex)
        #expect(issue?.message.contains("64 KiB") == true)
    }

    @Test func parenthesesNestUpTo256Deep() throws {
        // Parentheses add no node, but each costs the parser stack: they count too.
        let accepted = String(repeating: "(", count: 256) + "1" + String(repeating: ")", count: 256)
        #expect(throws: Never.self) { try ExpressionParser.parse(accepted).get() }
        let refused = String(repeating: "(", count: 257) + "1" + String(repeating: ")", count: 257)
        let issue = parseIssue(refused)
        #expect(issue?.code == .expressionTooComplex)
        #expect(issue?.offset == 257)
    }

    /// Each of these adds a node per level: 255 levels over the leaf make a tree 256 deep.
    @Test(arguments: [("[", "]"), ("f(", ")"), ("a[", "]"), ("size(", ")"), ("-(", ")")])
    func treesUpTo256DeepAreAccepted(open: String, close: String) throws {
        let source = String(repeating: open, count: 255) + "x" + String(repeating: close, count: 255)
        #expect(try ExpressionParser.parse(source).get().root.depth == 256)
    }

    @Test(arguments: [("[", "]", 0), ("f(", ")", 0), ("a[", "]", 1), ("size(", ")", 0), ("-(", ")", 0)])
    func treesDeeperThan256AreTooComplex(open: String, close: String, offset: Int) {
        let source = String(repeating: open, count: 256) + "x" + String(repeating: close, count: 256)
        let issue = parseIssue(source)
        #expect(issue?.code == .expressionTooComplex)
        // At the token of the outermost node, the one that makes the tree too deep.
        #expect(issue?.offset == offset)
    }

    @Test(arguments: ["(", "[", "!", "-", "a ? b : ", "x[", "f(1, ", "!(-"])
    func aHundredThousandOpeningsDoNotOverflowTheStack(prefix: String) {
        let source = String(repeating: prefix, count: 100_000) + "1"
        let issue = parseIssue(source)
        #expect(issue?.code == .expressionTooComplex)
    }

    @Test func aChainOf256TermsIsAcceptedAnd257IsNot() throws {
        let accepted = Array(repeating: "1", count: 256).joined(separator: "+")
        #expect(try ExpressionParser.parse(accepted).get().root.depth == 256)
        let refused = Array(repeating: "1", count: 257).joined(separator: "+")
        let issue = parseIssue(refused)
        #expect(issue?.code == .expressionTooComplex)
        // At the operator whose node would be the 257th level: the 256th '+'.
        #expect(issue?.offset == 2 * 256 - 1)
        #expect(issue?.length == 1)
    }

    @Test(arguments: [" + ", " && ", " || ", " == ", " * ", ".size() + ", " in "])
    func aHundredThousandTermChainIsTooComplex(separator: String) {
        let source = Array(repeating: "x", count: 100_000).joined(separator: separator)
        #expect(parseIssue(source)?.code == .expressionTooComplex)
    }

    @Test func longMemberChainsAreTooComplex() {
        let source = "a" + String(repeating: ".b", count: 100_000)
        #expect(parseIssue(source)?.code == .expressionTooComplex)
        let calls = "s" + String(repeating: ".trim()", count: 100_000)
        #expect(parseIssue(calls)?.code == .expressionTooComplex)
    }

    @Test func wideExpressionsAreFine() throws {
        // Breadth is limited only by the length: 10,000 list elements, depth 2.
        let source = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
        #expect(try ExpressionParser.parse(source).get().root.depth == 2)
    }

    // MARK: - Helpers

    private func parseIssue(_ source: String) -> ExpressionIssue? {
        if case .failure(let issue) = ExpressionParser.parse(source) { return issue }
        return nil
    }

    private func tree(_ source: String) throws -> String {
        Self.sExpression(try ExpressionParser.parse(source).get().root)
    }

    /// The tree in prefix notation, to compare shapes in one string.
    static func sExpression(_ node: ExpressionNode) -> String {
        switch node.kind {
        case .literal(let value):
            switch value {
            case .string(let text): return "'\(text)'"
            case .null: return "null"
            case .bool(let bool): return "\(bool)"
            case .int(let int): return "\(int)"
            case .double(let double): return "\(double)"
            default: return "?"
            }
        case .list(let elements): return "[" + elements.map(sExpression).joined(separator: " ") + "]"
        case .map(let entries): return "{" + entries.map { "\(sExpression($0.key)): \(sExpression($0.value))" }.joined(separator: " ") + "}"
        case .identifier(let name): return name
        case .select(let operand, let field): return "(. \(sExpression(operand)) \(field))"
        case .index(let operand, let index): return "([] \(sExpression(operand)) \(sExpression(index)))"
        case .call(let function, let receiver, let arguments):
            let all = (receiver.map { [$0] } ?? []) + arguments
            return "(call \(function)" + all.map { " " + sExpression($0) }.joined() + ")"
        case .unary(let op, let operand): return "(\(op.rawValue) \(sExpression(operand)))"
        case .binary(let op, let lhs, let rhs): return "(\(op.rawValue) \(sExpression(lhs)) \(sExpression(rhs)))"
        case .conditional(let condition, let then, let otherwise):
            return "(?: \(sExpression(condition)) \(sExpression(then)) \(sExpression(otherwise)))"
        }
    }
}
