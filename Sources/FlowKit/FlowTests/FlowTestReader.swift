import FoundationEssentials
import FlowYAML
import FlowExpressions

/// Reads a flow test file (cli.md `test`) into a `FlowTestFile`, or diagnostics at the
/// places where it does not fit the format (docs/flow-tests.md).
public struct FlowTestReader: Sendable {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    public struct Result: Sendable {
        /// Nil when the file has errors.
        public var file: FlowTestFile?
        public var diagnostics: [Diagnostic]
        public var source: SourceText
    }

    public func read(_ bytes: [UInt8], file: String) -> Result {
        let parsed = YAMLParser(limits: limits).parse(bytes, file: file)
        var reader = NodeReader()
        var model: FlowTestFile?
        if !parsed.hasSyntaxError {
            if let root = parsed.tree.documents.first {
                model = reader.testFile(root, file: file)
            } else {
                reader.report(.missingKey, "a flow test file needs 'flow' and 'cases', but this one is empty",
                              at: SourceLocation(file: file, range: SourceRange(start: .start, end: .start)))
            }
        }
        // In the file's order, as `validate` reports a flow's.
        let diagnostics = (parsed.diagnostics + reader.diagnostics).sorted(by: Diagnostic.precedes)
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(file: failed ? nil : model, diagnostics: diagnostics, source: SourceText(bytes))
    }
}

enum FlowTestFileKey: String, MappingKey {
    case flow, cases, now, commands
}

enum FlowTestCaseKey: String, MappingKey {
    case name, input, answers, env, expect, now, commands
}

enum CommandStubKey: String, MappingKey {
    case command, exitCode = "exit_code", stdout, timedOut = "timed_out"
}

enum ExpectationKey: String, MappingKey {
    case status, exitCode = "exit_code", screen, path, pathIncludes = "path_includes", values, message, said, shown
}

extension NodeReader {
    mutating func testFile(_ root: Node, file: String) -> FlowTestFile? {
        guard let keys = mapping(root, allowed: FlowTestFileKey.allCases, what: "a flow test file") else { return nil }
        let flow = required(.flow, in: keys, of: root, what: "a flow test file").flatMap { string($0, what: "'flow'") }
        var cases: [FlowTestCase] = []
        if let list = required(.cases, in: keys, of: root, what: "a flow test file"),
           let elements = elements(of: list, "'cases' must be a list of cases") {
            var names: [String: SourceLocation] = [:]
            for element in elements {
                guard let testCase = testCase(element) else { continue }
                if let first = names[testCase.name.value] {
                    report(.duplicateID, "a case named '\(testCase.name.value)' is already in this file", at: testCase.name.location,
                           notes: [Diagnostic.Note("the first one is here", file: first.file, at: first.range.start)])
                }
                names[testCase.name.value] = names[testCase.name.value] ?? testCase.name.location
                cases.append(testCase)
            }
        }
        guard let flow else { return nil }
        return FlowTestFile(file: file, flow: flow, cases: cases, now: keys[.now].flatMap { time($0) },
                            commands: keys[.commands].map { commandStubs($0) } ?? [])
    }

    /// A list's elements, or nil with `expected` (what it must be) reported.
    private mutating func elements(of node: Node, _ expected: String) -> Node.Elements? {
        guard let elements = node.sequence else {
            report(.typeMismatch, "\(expected), but this is \(describe(node))", at: node)
            return nil
        }
        return elements
    }

    private mutating func required<Key: MappingKey>(_ key: Key, in keys: KeyedPairs<Key>, of node: Node, what: String) -> Node? {
        if let value = keys[key] { return value }
        report(.missingKey, "\(what) needs '\(key.rawValue)'", at: node)
        return nil
    }

    private mutating func testCase(_ node: Node) -> FlowTestCase? {
        guard let keys = mapping(node, allowed: FlowTestCaseKey.allCases, what: "a case") else { return nil }
        let name = required(.name, in: keys, of: node, what: "a case").flatMap { template($0, what: "a case's 'name'") }
        let input = keys[.input].map { lines($0) } ?? []
        let answers = keys[.answers].map { answerMap($0) } ?? []
        let environment = keys[.env].map { scalarMap($0, what: "'env'") } ?? []
        let expect = required(.expect, in: keys, of: node, what: "a case").flatMap { expectations($0) }
        guard let name, let expect else { return nil }
        return FlowTestCase(name: name, input: input, answers: answers,
                            environment: Dictionary(environment.map { ($0.key.value, $0.text) }) { first, _ in first },
                            expect: expect, now: keys[.now].flatMap { time($0) }, commands: keys[.commands].map { commandStubs($0) } ?? [])
    }

    /// `commands: [{ command: [git, init], exit_code: 0, stdout: "" }]`: stand-ins for programs.
    private mutating func commandStubs(_ node: Node) -> [CommandStub] {
        guard let elements = elements(of: node, "'commands' must be a list of { command, exit_code, stdout }") else { return [] }
        return elements.compactMap { element in
            guard let keys = mapping(element, allowed: CommandStubKey.allCases, what: "a command stub") else { return nil }
            guard let commandNode = required(.command, in: keys, of: element, what: "a command stub") else { return nil }
            guard let parts = commandNode.sequence, !parts.isEmpty,
                  let arguments = Optional(parts.compactMap { $0.kind == .scalar ? $0.string : nil }), arguments.count == parts.count else {
                report(.typeMismatch, "'command' must be a list of the program and its arguments, as the flow's run gives them", at: commandNode)
                return nil
            }
            var result = CommandResult(exitCode: keys[.exitCode].flatMap { integer($0, what: "'exit_code'") }?.value ?? 0)
            result.stdout = keys[.stdout].flatMap { string($0, what: "'stdout'") }?.value ?? ""
            result.timedOut = keys[.timedOut].flatMap { bool($0, what: "'timed_out'") }?.value ?? false
            return CommandStub(arguments: arguments, result: result, location: SourceLocation(element))
        }
    }

    /// Input lines: scalars, each read as written (`- 1234` is the line "1234", `-` alone an empty line).
    private mutating func lines(_ node: Node) -> [Located<String>] {
        guard let elements = elements(of: node, "'input' must be a list of lines") else { return [] }
        return elements.compactMap { element in
            guard element.kind == .scalar, let text = element.string else {
                report(.typeMismatch, "a line of 'input' must be a scalar, but this is \(describe(element))", at: element)
                return nil
            }
            return Located(text, at: SourceLocation(element))
        }
    }

    /// `now`: a time in RFC 3339 (`2026-01-01T09:00:00Z`).
    private mutating func time(_ node: Node) -> Located<Date>? {
        guard let text = string(node, what: "'now'") else { return nil }
        guard let date = try? Date.ISO8601FormatStyle().parse(text.value) else {
            report(.typeMismatch, "'now' is a time in RFC 3339, such as 2026-01-01T09:00:00Z, not '\(text.value)'", at: node)
            return nil
        }
        return Located(date, at: text.location)
    }

    /// `answers`: what `--answers` takes (cli.md), a value or a list of values per field.
    private mutating func answerMap(_ node: Node) -> [(key: Located<String>, answer: PresetAnswer)] {
        idMapping(node, what: "'answers'").compactMap { key, _, value in
            guard let answer = PresetAnswer(value) else {
                report(.typeMismatch, "the answer for '\(key.value)' must be a value or a list of values, but this is \(describe(value))", at: value)
                return nil
            }
            return (key, answer)
        }
    }

    /// A mapping of names to scalars, each read as written.
    private mutating func scalarMap(_ node: Node, what: String) -> [(key: Located<String>, text: String)] {
        idMapping(node, what: what).compactMap { key, _, value in
            guard value.kind == .scalar, let text = value.string else {
                report(.typeMismatch, "the value of '\(key.value)' in \(what) must be a scalar, but this is \(describe(value))", at: value)
                return nil
            }
            return (key, text)
        }
    }

    private mutating func expectations(_ node: Node) -> Expectations? {
        guard let keys = mapping(node, allowed: ExpectationKey.allCases, what: "'expect'") else { return nil }
        var expect = Expectations()
        if let status = keys[.status], let text = string(status, what: "'status'") {
            if let value = RunOutcome.Status(rawValue: text.value) {
                expect.status = Located(value, at: text.location)
            } else {
                let statuses = ["finished", "exited", "cancelled", "incomplete", "failed"]
                report(.typeMismatch, "'\(text.value)' is not a status; a run ends \(statuses.joined(separator: ", "))", at: status,
                       fix: .nearest(to: text.value, among: statuses))
            }
        }
        expect.exitCode = keys[.exitCode].flatMap { integer($0, what: "'exit_code'") }
        expect.screen = keys[.screen].flatMap { string($0, what: "'screen'") }
        if let node = keys[.path], let screens = screenList(node, what: "'path'") {
            expect.path = Located(screens.map(\.value), at: SourceLocation(node))
        }
        expect.pathIncludes = keys[.pathIncludes].flatMap { screenList($0, what: "'path_includes'") }
        if let values = keys[.values] {
            for (flow, _, variables) in idMapping(values, what: "'values'") {
                expect.valueFlows.append(flow)
                for (name, _, value) in idMapping(variables, what: "the values of '\(flow.value)'") {
                    expect.values.append(ExpectedValue(flow: flow, name: name, value: Value(literal: value),
                                                       location: SourceLocation(value)))
                }
            }
        }
        expect.message = keys[.message].flatMap { template($0, what: "'message'") }
        if let said = keys[.said] { expect.said = texts(said, key: "said", what: "a message") }
        if let shown = keys[.shown] { expect.shown = texts(shown, key: "shown", what: "a text") }
        return expect
    }

    /// `said` and `shown`: a list of texts.
    private mutating func texts(_ node: Node, key: String, what: String) -> [Located<String>] {
        guard let elements = elements(of: node, "'\(key)' must be a list of texts") else { return [] }
        return elements.compactMap { template($0, what: "\(what) of '\(key)'") }
    }

    private mutating func screenList(_ node: Node, what: String) -> [Located<String>]? {
        elements(of: node, "\(what) must be a list of screens (flowid/screenid)")?.compactMap { string($0, what: "a screen of \(what)") }
    }
}
