import Foundation
import FlowKit
import Testing
import TestSupport
import FlowYAML
import FlowExpressions

/// What the messages and fixes of author mistakes say: the marked fixtures in
/// `Fixtures/Authoring` place them; these read their words.
@Suite struct AuthoringMessageTests {
    private func diagnostics(_ name: String) throws -> [Diagnostic] {
        let fixture = try AnnotatedFixture.load("Authoring/\(name).yaml")
        return Validator().validate(fixture.bytes, file: name).diagnostics
    }

    @Test func plainTextInASetIsQuotedByItsFix() throws {
        let found = try diagnostics("set-plain-text-is-quoted")
        #expect(found.map(\.fix?.replacement) == [#"'"dark"'"#, #"'"v1.2.3"'"#])
        #expect(found.allSatisfy { $0.message.contains("`set` values are expressions, so text is quoted") })
        #expect(!found.contains { $0.message.contains("0.2") }, "no message quotes text that is not in the source")
    }

    /// A list or map written in YAML's flow style where an expression goes is YAML's:
    /// the fix quotes the expression it was meant as, which then checks clean.
    @Test func aFlowStyleListOrMapInASetIsQuotedByItsFix() throws {
        let text = """
        version: 1
        flow: app
        start: s
        variables: { l: [], m: {} }
        screens:
          s:
            actions: [go, quit]
            on:
              go: { set: { l: [1, "it's"], m: {"a": 1} } }
        """
        let found = Validator().validate(Array(text.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.typeMismatch, .typeMismatch])
        #expect(found.map(\.fix?.replacement) == [#"'[1,"it''s"]'"#, #"'{"a":1}'"#])
        var fixed = text
        for diagnostic in found.reversed() {
            let line = diagnostic.start.line - 1, start = diagnostic.start.column - 1, end = (diagnostic.end?.column ?? 1) - 1
            var lines = fixed.components(separatedBy: "\n")
            let scalars = Array(lines[line].unicodeScalars)
            lines[line] = String(String.UnicodeScalarView(scalars[..<start])) + (diagnostic.fix?.replacement ?? "")
                + String(String.UnicodeScalarView(scalars[end...]))
            fixed = lines.joined(separator: "\n")
        }
        #expect(Validator().validate(Array(fixed.utf8), file: "f.yaml").diagnostics.isEmpty, "\(fixed)")
    }

    @Test func aSetOfAParentsVariableSuggestsItsQualifiedName() throws {
        let found = try diagnostics("set-writes-a-parents-variable-by-its-flow")
        #expect(found.map(\.fix?.replacement) == ["incident.timeline"])
    }

    @Test func assignmentTypesAreNamed() throws {
        let found = try diagnostics("set-is-type-checked")
        #expect(found.map(\.message) == [
            "'n' holds int values, but this gives string values",
            "'ratio' holds double values, but this gives int values; write a double (2.0), or convert with double()",
        ])
    }

    /// An assignment into a map or list (spec §7 1.2) says which step does not fit, and the value's type is the member's.
    @Test func indexedAssignmentsNameWhatDoesNotFit() throws {
        let found = try diagnostics("set-into-maps-and-lists-is-type-checked")
        #expect(found.map(\.message) == [
            "a value of type int cannot be indexed; only lists and maps can",
            "a list index must be an int, not string",
            "map keys are strings; this index is int",
            "'accounts[\"bob\"]' holds string values, but this gives int values",
            "'items[0]' holds int values, but this gives string values",
            "unknown name 'nobody'",
            "'+' cannot combine int and string",
            "'total' is computed from its expression, and cannot be set",
            "flow 'app' has no variable or field 'missing'",
            "a value of type string has no field 'b'",
        ])
    }

    /// The fix names the whole key, and replaces the name alone, inside the key's quotes.
    @Test func anIndexedSetOfAParentsMapSuggestsItsQualifiedKey() throws {
        let found = try diagnostics("set-into-a-parents-map-by-its-flow")
        #expect(found.compactMap(\.fix?.message).first == "did you mean 'app.accounts[user]'?")
        #expect(found.compactMap(\.fix?.replacement) == ["app.accounts"])
        #expect(found.filter { $0.code == .invalidID }.count == 3)
    }

    /// The keys `invalid-key` refuses for being untypable, the JSON Schema refuses too, and
    /// the keys it takes, both take.
    @Test func theSchemaAndTheValidatorAgreeOnWhichKeysCanBeTyped() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(FlowSchema.json.utf8)) as? [String: Any])
        let pattern = try #require(Self.keyPattern(in: schema))
        let regex = try NSRegularExpression(pattern: pattern)
        for (key, typable) in [("s", true), ("?", true), ("é", true), ("/", false), (" ", false), ("\u{1B}", false), ("\u{9B}", false), ("\u{202E}", false)] {
            let matched = regex.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
            #expect(matched == typable, "the schema on \(key.debugDescription)")
            let escaped = key.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
            let flow = "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    actions: [{ id: go, key: \"\(escaped)\" }, quit]\n    on: { go: { finish: true } }\n"
            let found = Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics.map(\.code)
            #expect(found.contains(.invalidKey) == !typable, "the validator on \(key.debugDescription): \(found)")
        }
    }

    /// The `pattern` of an action's `key` in the schema, wherever it is defined.
    private static func keyPattern(in value: Any) -> String? {
        if let object = value as? [String: Any] {
            if let key = object["key"] as? [String: Any], let pattern = key["pattern"] as? String, key["maxLength"] as? Int == 1 { return pattern }
            return object.values.lazy.compactMap(keyPattern).first
        }
        return (value as? [Any])?.lazy.compactMap(keyPattern).first
    }

    /// An unknown key is not offered a key the mapping has already: the fix would make a
    /// duplicate key. Without it there, the nearest key is offered.
    @Test func anUnknownKeyIsNotOfferedAKeyTheMappingHas() {
        let found = Validator().validate(Array("""
        version: 1
        flow: app
        start: s
        strat: s
        screens:
          s: { titel: x, title: y, actions: [quit] }
          t: { titel: x, actions: [quit] }
        """.utf8), file: "f.yaml").diagnostics.filter { $0.code == .unknownKey }
        #expect(found.map(\.fix?.replacement) == [nil, nil, "title"])
    }

    /// `key: 1` is a YAML integer: it is judged as the digit the author wrote, not as a type.
    @Test func aDigitKeyIsInvalidAndTheNoteSaysDigitsNumberTheActions() {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [{ id: save, key: 1 }, quit]
            on: { save: { finish: true } }
        """
        let found = Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.invalidKey])
        #expect(found.first?.message == "'1' cannot be a shortcut key: it is a digit")
        #expect(found.first?.notes.map(\.message) == ["digits number the actions at the prompt (1. Save), so choose a letter or a sign"])
    }

    /// A screen with many keys is indexed rather than compared pairwise: each repeat is
    /// reported once, with the first action that has the key.
    @Test func aRepeatedKeyAmongManyIsReportedOnceWithTheFirst() throws {
        let letters = "abcdefghijklmnopqrst".map { "{ id: a\($0), key: \($0) }" }
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [\((letters + ["{ id: again, key: c }", "{ id: twice, key: c }", "quit"]).joined(separator: ", "))]
            on: { \("abcdefghijklmnopqrst".map { "a\($0): { finish: true }" }.joined(separator: ", ")), again: { finish: true }, twice: { finish: true } }
        """
        let found = Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics.filter { $0.code == .invalidKey }
        #expect(found.map(\.message) == Array(repeating: "'c' is already the key of another action on this screen", count: 2))
        let firstKeyColumn = try #require(flow.split(separator: "\n")[5].range(of: "key: c")).lowerBound.utf16Offset(in: flow.split(separator: "\n")[5]) + 6
        #expect(found.map { $0.notes.map(\.start.column) } == [[firstKeyColumn], [firstKeyColumn]])
        #expect(Set(found.map { "\($0.start)" }).count == 2)
    }

    /// One mistake, one diagnostic (spec §12 1.2): the pieces YAML made of the expression
    /// get nothing of their own, and the fix, taken, makes the flow valid.
    @Test func anExpressionCutByTheFlowStyleIsOneErrorAtTheCutWhoseFixQuotesIt() throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { l: [1, 2], r: [] }
        screens:
          s:
            actions: [go, quit]
            on:
              go: { set: { r: l.map(x, x + 1) }, finish: true }
        """
        let found = Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.expressionSyntax])
        #expect(found.first.map { "\($0.start)" } == "9:30", "at the ',' that cut it")
        #expect(found.first?.message.contains("the flow mapping split the expression 'l.map(x, x + 1)'") == true)
        let fix = try #require(found.first?.fix?.message)
        #expect(fix == "quote the whole expression: 'l.map(x, x + 1)'")
        #expect(try Self.applyingFix(of: #require(found.first), to: flow) == flow.replacingOccurrences(of: "l.map(x, x + 1)", with: "'l.map(x, x + 1)'"))
        let fixed = flow.replacingOccurrences(of: "l.map(x, x + 1)", with: "'l.map(x, x + 1)'")
        #expect(Validator().validate(Array(fixed.utf8), file: "f.yaml").diagnostics.isEmpty)
    }

    /// A bracket in an unquoted expression inside a flow collection is no YAML at all; it
    /// is still the one mistake of an expression the flow style cut, at the bracket (or at
    /// the `,` before it), and the fix, applied as written, makes the flow valid.
    @Test(arguments: [
        ("{ set: { r: l[0] }, finish: true }", "l[0]", "["),
        ("{ set: { b: size(l) > 1 && l[1] == 2 }, finish: true }", "size(l) > 1 && l[1] == 2", "["),
        ("{ set: { m: l.map(x, [x]) }, finish: true }", "l.map(x, [x])", ","),
        ("[ { when: l[0] == 1, set: { m: '[9]' } }, { finish: true } ]", "l[0] == 1", "["),
        ("{ set: { m: l.map(x, {'k': x}) }, finish: true }", "l.map(x, {'k': x})", ","),
    ])
    func anExpressionCutAtABracketIsOneErrorWhoseFixQuotesIt(handler: String, expression: String, cut: String) throws {
        let flow = """
        version: 1
        flow: app
        start: s
        variables: { l: [1, 2], r: 0, b: false, m: [] }
        screens:
          s:
            actions: [go, quit]
            on:
              go: \(handler)
        """
        let found = Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.expressionSyntax], "\(found.map(\.message))")
        let diagnostic = try #require(found.first)
        let line = try #require(flow.components(separatedBy: "\n").last)
        let at = line.range(of: expression).flatMap { line[$0].range(of: cut) }.map { line.unicodeScalars.distance(from: line.startIndex, to: $0.lowerBound) + 1 }
        #expect(diagnostic.start == Mark(line: 9, column: try #require(at)), "at the '\(cut)' where YAML stopped")
        #expect(diagnostic.message.contains("split the expression '\(expression)' here"), "\(diagnostic.message)")
        let quoted = "'" + expression.replacingOccurrences(of: "'", with: "''") + "'"
        #expect(diagnostic.fix?.replacement == quoted)
        let fixed = try Self.applyingFix(of: diagnostic, to: flow)
        #expect(fixed == flow.replacingOccurrences(of: expression, with: quoted))
        #expect(Validator().validate(Array(fixed.utf8), file: "f.yaml").diagnostics.isEmpty, "\(fixed)")
    }

    /// A file without an error is not read again for cuts (they are looked for only to
    /// explain an error): even a cut that gives no error of its own is not looked for.
    @Test func cutsAreLookedForOnlyInFilesWithAnError() {
        let flow = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: size, type: choice, options: [f(a, b)] }]
            actions: [quit]
        """
        #expect(Validator().validate(Array(flow.utf8), file: "f.yaml").diagnostics.isEmpty)
        let broken = flow.replacingOccurrences(of: "actions: [quit]", with: "actions: [quit]\n    text: '{{ nosuch }}'")
        #expect(Validator().validate(Array(broken.utf8), file: "f.yaml").diagnostics.map(\.code) == [.expressionSyntax, .unknownName])
    }

    /// The text with a diagnostic's fix applied, at the fix's range (or the diagnostic's).
    static func applyingFix(of diagnostic: Diagnostic, to text: String) throws -> String {
        let source = SourceText(Array(text.utf8))
        let fix = try #require(diagnostic.fix)
        let replacement = try #require(fix.replacement)
        let start = try #require(source.byteOffset(of: fix.range?.start ?? diagnostic.start))
        let end = try #require(source.byteOffset(of: fix.range?.end ?? diagnostic.end ?? diagnostic.start))
        var bytes = source.bytes
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aSyntaxErrorQuotesANumberAsWritten() {
        guard case .failure(let issue) = ExpressionParser.parse("v1.2.3") else {
            Issue.record("v1.2.3 parsed")
            return
        }
        #expect(issue.message == "unexpected '.2'; expected an operator")
    }

    @Test func aTabIsNamedWithoutWritingOneAndTheFixSaysSpaces() throws {
        let found = try diagnostics("a-tab-indents")
        #expect(found.count == 1)
        #expect(!(found.first?.message.contains("\t") ?? true))
        #expect(found.first?.message.contains("YAML indents with spaces") == true)
    }

    @Test func aDashedIdSaysMinusAndSuggestsAnUnderscore() throws {
        let found = try diagnostics("a-dashed-id-read-in-an-expression")
        #expect(found.first?.message.contains("'node-pm' is an id, but in an expression '-' is minus") == true)
        #expect(found.first?.fix?.message.contains("'node_pm'") == true)
    }

    @Test func anUnknownFunctionNamesTheNearestOne() throws {
        let found = try diagnostics("an-unknown-function-is-one-mistake")
        #expect(found.map(\.fix?.replacement) == ["size", "exists"])
    }

    @Test func aComparisonWithNoOptionSuggestsTheOptionInItsOwnQuotes() {
        let text = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: severity, type: choice, options: [sev1, sev2] }
              - { id: pager, when: "severity == 'SEV2'" }
            actions: [quit]
        """
        let found = Validator().validate(Array(text.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.notAnOption])
        #expect(found.first?.fix?.replacement == "'sev2'")
        #expect(found.first?.message == "'SEV2' is not an option of 'severity' (sev1, sev2), so this comparison always gives the same answer")
    }

    /// In a quoted scalar with escapes or doubled quotes, a token is placed past them
    /// (spec §12: the scalar's column plus the token's offset, allowing for quotes), and a
    /// fix replaces only a token written as it reads: the value's text is not the file's.
    @Test func aTokenAfterEscapesIsPlacedOnItAndAFixReplacesOnlyATokenWrittenAsItReads() {
        let text = #"""
        version: 1
        flow: app
        start: s
        screens:
          s:
            title: "Hi \u00e9 {{ nmae }}\n"
            fields:
              - { id: name }
              - { id: t, type: choice, options: [apple, banana] }
            actions: [a, b, c, d]
            on:
              a: { when: "t == \"aple\"", exit: { code: 1 } }
              b: { when: 'name == ''x'' || t == ''aple''', exit: { code: 1 } }
              c:
                when: 'name == ''x'' ||
                  t == ''aple'''
                exit: { code: 1 }
              d:
                when: name == 'x' ||
                  t == 'aple'
                exit: { code: 1 }
        """#
        let found = Validator().validate(Array(text.utf8), file: "f.yaml").diagnostics
        #expect(found.map(\.code) == [.unknownName, .notAnOption, .notAnOption, .notAnOption, .notAnOption])
        // Over several lines: on its own line and column; a fix only where written as it reads.
        #expect(found.suffix(2).map { [$0.start.line, $0.start.column] } == [[16, 16], [20, 16]])
        #expect(found.suffix(2).map(\.fix?.replacement) == [nil, "'apple'"])
        // `nmae`, past `\u00e9` (6 written, 1 read): its own column, and its fix stays.
        #expect(found.first.map { [$0.start.line, $0.start.column, $0.end?.column ?? 0] } == [6, 26, 30])
        #expect(found.first?.fix?.replacement == "name")
        // `\"aple\"` and `''aple''`: placed on the token, escapes and all; the fix has words only.
        #expect(found.dropFirst().prefix(2).map { [$0.start.line, $0.start.column, $0.end?.column ?? 0] } == [[12, 24, 32], [13, 41, 49]])
        #expect(found.dropFirst().prefix(2).map(\.fix?.replacement) == [nil, nil])
        #expect(found.dropFirst().prefix(2).map(\.fix?.message) == ["did you mean 'apple'?", "did you mean 'apple'?"])
    }

    @Test func anIssueInATemplateOverSeveralLinesQuotesItsExpression() throws {
        let found = try diagnostics("templates-over-several-lines-point-at-their-token")
        #expect(found.first?.message == "unknown name 'totl' (in {{ totl * 2 }})")
    }
}
