/// Parses and type-checks every expression and template of a flow file (spec §9),
/// placing each problem on its token in the file (`expression-syntax`,
/// `unknown-name`, `expression-type`, `expression-too-complex`, `bad-pattern`).
struct ExpressionCheck {
    let index: FlowIndex
    /// The files' text: an issue's offset in the value becomes a column only where
    /// the value is written on one line exactly as it reads (allowing for quotes).
    let sources: [String: SourceText]
    let tables: ScopeTables
    private(set) var diagnostics: [Diagnostic] = []

    /// The problems in the expressions of every flow of the tree.
    static func check(_ index: FlowIndex, sources: [String: SourceText]) -> [Diagnostic] {
        var check = ExpressionCheck(index: index, sources: sources, tables: ScopeTables(index))
        for flow in index.flows.indices { check.checkFlow(flow) }
        return check.diagnostics
    }

    private mutating func checkFlow(_ position: Int) {
        let flow = index.flows[position].flow
        let scope = FlowScope(index: index, tables: tables, flow: position)
        template(flow.title, scope)
        for entry in flow.result ?? [] { expression(entry.expression, scope) }
        for handler in flow.handlers { checkHandler(handler, scope, handlingFlow: position) }
        for screen in flow.screens {
            template(screen.title, scope)
            template(screen.text, scope)
            for field in screen.fields { checkField(field, scope) }
            for action in screen.actions {
                template(action.label, scope)
                expression(action.when, scope, expecting: .bool)
            }
            for handler in screen.handlers { checkHandler(handler, scope, handlingFlow: position) }
        }
    }

    private mutating func checkField(_ field: Field, _ scope: FlowScope) {
        for text in [field.label, field.help, field.placeholder, field.message] { template(text, scope) }
        expression(field.when, scope, expecting: .bool)
        if case .expression(let options)? = field.options { expression(options, scope, expecting: .list(.dyn)) }
        if let value = field.defaultValue, value.scalarKind == .string, let text = value.string, text.contains("{{") {
            template(Located(text, at: SourceLocation(value)), scope)
        }
        for rule in field.rules {
            expression(rule.rule, scope, expecting: .bool)
            template(rule.message, scope)
        }
    }

    private mutating func checkHandler(_ handler: Handler, _ scope: FlowScope, handlingFlow: Int) {
        for branch in handler.branches {
            expression(branch.when, scope, expecting: .bool)
            for assignment in branch.assignments {
                checkTarget(assignment.target, handlingFlow: handlingFlow)
                expression(assignment.expression, scope)
            }
            template(branch.say, scope)
            if case .exit(_, let message)? = branch.transition?.value { template(message, scope) }
        }
    }

    /// `set` assigns to a variable of the handling flow, or `flowid.name` of an ancestor.
    private mutating func checkTarget(_ target: Located<String>, handlingFlow: Int) {
        // A target that is not `name` or `flowid.name` is the model builder's `invalid-id`.
        guard Identifier.isValidTarget(target.value) else { return }
        let owner: Int, name: String
        if let dot = target.value.firstIndex(of: ".") {
            let flowID = String(target.value[..<dot])
            name = String(target.value[target.value.index(after: dot)...])
            let ancestry = index.ancestry(of: handlingFlow)
            guard let found = ancestry.first(where: { index.flows[$0].flow.id.value == flowID }) else {
                let names = ancestry.map { index.flows[$0].flow.id.value }
                report(.unknownName, "'\(flowID)' is not the handling flow or one of its ancestors", at: target.location,
                       suggesting: NearestName.suggest(flowID, among: names))
                return
            }
            owner = found
        } else {
            owner = handlingFlow
            name = target.value
        }
        let variables = tables.variables(of: owner)
        if variables[name] == nil {
            report(.unknownName, "flow '\(index.flows[owner].flow.id.value)' has no variable or field '\(name)'", at: target.location,
                   suggesting: NearestName.suggest(name, among: variables.keys.sorted()))
        }
    }

    // MARK: Expressions and templates

    private mutating func expression(_ source: Located<String>?, _ scope: FlowScope, expecting expected: ExpressionType? = nil) {
        guard let source else { return }
        switch ExpressionParser.parse(source.value) {
        case .failure(let issue):
            report(issue, in: source)
        case .success(let parsed):
            let checked = ExpressionChecker.check(parsed, in: scope)
            for issue in checked.issues { report(issue, in: source) }
            if let expected, checked.issues.isEmpty, !Self.fits(checked.type, expected) {
                report(ExpressionIssue(.expressionType, "this must be \(Self.describe(expected)), but it is \(checked.type)",
                                       offset: 0, length: source.value.unicodeScalars.count), in: source)
            }
        }
    }

    private mutating func template(_ text: Located<String>?, _ scope: FlowScope) {
        guard let text else { return }
        switch Template.parse(text.value) {
        case .failure(let issue): report(issue, in: text)
        case .success(let template): for issue in template.check(in: scope) { report(issue, in: text) }
        }
    }

    private static func fits(_ type: ExpressionType, _ expected: ExpressionType) -> Bool {
        switch (type, expected) {
        case (.dyn, _), (.null, _): true
        case (.list, .list): true
        default: type == expected
        }
    }

    private static func describe(_ type: ExpressionType) -> String {
        switch type {
        case .bool: "a condition (true or false)"
        case .list: "a list"
        default: "of type \(type)"
        }
    }

    private mutating func report(_ issue: ExpressionIssue, in source: Located<String>) {
        let (start, end) = position(of: issue, in: source)
        diagnostics.append(Diagnostic(issue.code, issue.message, file: source.location.file, at: start, end: end, fix: issue.fix))
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, suggesting suggestion: String?) {
        diagnostics.append(Diagnostic(code, message, at: location,
                                      fix: suggestion.map { Diagnostic.Fix("did you mean '\($0)'?", replacement: $0) }))
    }

    /// The file position of an issue's token: the scalar's column plus the token's
    /// offset, past an opening quote, when the value is written on one line as it
    /// reads; otherwise the scalar's own start (escapes or several lines).
    private func position(of issue: ExpressionIssue, in source: Located<String>) -> (Mark, Mark?) {
        let range = source.location.range
        guard range.start.line == range.end.line, let line = sources[source.location.file]?.line(range.start.line) else {
            return (range.start, range.end)
        }
        let scalars = Array(line.unicodeScalars)
        let lower = range.start.column - 1, upper = min(range.end.column - 1, scalars.count)
        guard lower >= 0, lower <= upper else { return (range.start, range.end) }
        let raw = String(String.UnicodeScalarView(scalars[lower..<upper]))
        let quoted = raw.count >= 2 && (raw.hasPrefix("\"") && raw.hasSuffix("\"") || raw.hasPrefix("'") && raw.hasSuffix("'"))
        let shift: Int
        if raw == source.value {
            shift = 0
        } else if quoted, String(raw.dropFirst().dropLast()) == source.value {
            shift = 1
        } else {
            return (range.start, range.end)
        }
        let start = Mark(line: range.start.line, column: range.start.column + shift + issue.offset)
        return (start, Mark(line: start.line, column: start.column + max(issue.length, 1)))
    }
}
