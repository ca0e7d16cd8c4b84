import FlowYAML
import FlowExpressions

/// Parses and type-checks every expression and template of a flow file (spec §9),
/// placing each problem on its token in the file (`expression-syntax`,
/// `unknown-name`, `expression-type`, `expression-too-complex`, `bad-pattern`), and
/// lints the expressions that check clean (`OptionComparisonCheck`, `FieldOrderCheck`).
struct ExpressionCheck: Check {
    static let codes: [DiagnosticCode] = [.expressionSyntax, .unknownName, .expressionType, .expressionTooComplex, .badPattern]
        + OptionComparisonCheck.codes + FieldOrderCheck.codes

    let index: FlowIndex
    /// The files' text: an issue's offset in the value becomes a column only where
    /// the value is written on one line exactly as it reads (allowing for quotes).
    let sources: [String: SourceText]
    let tables: ScopeTables
    private(set) var diagnostics: [Diagnostic] = []
    /// Each distinct expression text parsed once, alone or in a template: sibling flows
    /// repeat the same `when`s, values and `{{ … }}`, and a parse does not depend on
    /// where the text is written.
    /// Only in a tree of many flows: in small files, with few repeats, the table cost
    /// more than it saved (2,000 small flows took 3% longer).
    private var parses: [String: Result<Expression, ExpressionIssue>]?
    /// The fewest flows for which `parses` is kept.
    private static let flowsToShareParses = 64

    /// The problems in the expressions of every flow of the tree.
    static func check(_ context: CheckContext) -> [Diagnostic] {
        var check = ExpressionCheck(index: context.index, sources: context.sources, tables: ScopeTables(context.index))
        if context.index.flows.count >= flowsToShareParses { check.parses = [:] }
        for flow in context.index.flows.indices { check.checkFlow(flow) }
        return check.diagnostics
    }

    private mutating func checkFlow(_ position: Int) {
        let flow = index.flows[position].flow
        let scope = FlowScope(index: index, tables: tables, flow: position)
        template(flow.title, scope)
        for entry in flow.result ?? [] { expression(entry.expression, scope) }
        for entry in flow.computed { expression(entry.expression, scope) }
        for handlers in [flow.handlers, flow.observers] {
            for handler in handlers.indices { checkHandler(handlers[handler], scope, handlingFlow: position) }
        }
        // An instance's `with` is evaluated in its parent, when the instance starts.
        if let parent = index.flows[position].parent {
            checkArguments(flow.arguments, to: position, FlowScope(index: index, tables: tables, flow: parent))
        }
        // Screens are read in place, by index, not copied whole.
        for screen in flow.screens.indices {
            template(flow.screens[screen].title, scope)
            template(flow.screens[screen].text, scope)
            let fields = flow.screens[screen].fields
            for field in fields.indices {
                let later = Set(fields[(field + 1)...].map(\.id.value)).subtracting(fields[...field].map(\.id.value))
                checkField(fields[field], scope, asking: FieldOrder(reader: fields[field].id.value, later: later, flowID: flow.id.value))
            }
            let actions = flow.screens[screen].actions
            for action in actions.indices {
                template(actions[action].label, scope)
                expression(actions[action].when, scope, expecting: .bool)
            }
            let handlers = flow.screens[screen].handlersAndEnter
            for handler in handlers.indices { checkHandler(handlers[handler], scope, handlingFlow: position) }
        }
    }

    /// Where a field is asked among its screen's fields: what its expressions may not
    /// read yet (spec §12, `read-before-asked`).
    private struct FieldOrder {
        let reader: String
        let later: Set<String>
        let flowID: String
    }

    private mutating func checkField(_ field: Field, _ scope: FlowScope, asking order: FieldOrder) {
        for text in [field.label, field.help] { template(text, scope, order: order) }
        for text in [field.placeholder, field.message] { template(text, scope) }
        expression(field.when, scope, expecting: .bool, order: order)
        if case .expression(let options)? = field.options { expression(options, scope, expecting: .list(.dyn)) }
        if let text = field.defaultTemplate { template(text, scope, order: order) }
        for rule in field.rules {
            switch rule.test {
            case .rule(let source): expression(source, scope, expecting: .bool, order: order)
            case .program(let command): checkCommand(command, scope, order: order)
            }
            template(rule.message, scope)
        }
    }

    private mutating func checkHandler(_ handler: Handler, _ scope: FlowScope, handlingFlow: Int) {
        for branch in handler.branches {
            expression(branch.when, scope, expecting: .bool)
            for assignment in branch.assignments {
                let type = checkTarget(assignment, handlingFlow: handlingFlow, scope)
                assign(assignment.expression, to: assignment.target.value, ofType: type, scope)
            }
            template(branch.say, scope)
            if case .exit(_, let message)? = branch.transition?.value { template(message, scope) }
            if let launch = branch.launch { checkLaunch(launch, of: branch, scope, handlingFlow: handlingFlow) }
            for command in branch.commands { checkCommand(command, scope) }
        }
    }

    /// A program's arguments, `env` values and label, each a template; a field's check
    /// reads the fields of its screen in `order`.
    private mutating func checkCommand(_ command: Command, _ scope: FlowScope, order: FieldOrder? = nil) {
        for text in command.arguments + command.environment.map(\.expression) { template(text, scope, order: order) }
        template(command.label, scope, order: order)
    }

    /// A `push`/`replace` of a child flow with `with` and `for_each` (spec §7 1.1): the
    /// values are typed as the params they set, and `for_each` gives a list.
    private mutating func checkLaunch(_ launch: FlowLaunch, of branch: Branch, _ scope: FlowScope, handlingFlow: Int) {
        if case .flow(let child)? = launchedFlow(branch, handlingFlow: handlingFlow) {
            checkArguments(launch.arguments, to: child, scope)
        } else {
            for argument in launch.arguments { expression(argument.expression, scope) }
        }
        expression(launch.forEach, scope, expecting: .list(.dyn))
    }

    /// The target of a branch's `push` or `replace`, where it resolves.
    private func launchedFlow(_ branch: Branch, handlingFlow: Int) -> Target? {
        switch branch.transition?.value {
        case .push(let name)?, .replace(let name)?: index.target(name, in: handlingFlow)
        default: nil
        }
    }

    /// Values for a flow's params, each typed as its param (a name that is no param is
    /// `LaunchCheck`'s to report).
    private mutating func checkArguments(_ arguments: [NamedExpression], to flow: Int, _ scope: FlowScope) {
        let params = Dictionary(index.flows[flow].flow.params.map { ($0.name.value, ExpressionType.ofLiteral($0.value)) }) { first, _ in first }
        for argument in arguments {
            if let type = params[argument.name.value] {
                assign(argument.expression, to: argument.name.value, ofType: type, scope)
            } else {
                expression(argument.expression, scope)
            }
        }
    }

    /// `set` assigns to a variable of the handling flow, or `flowid.name` of an ancestor,
    /// or into one (spec §7 1.2). The type the value must fit, or nil when the target
    /// names nothing, or cannot be assigned into (reported).
    private mutating func checkTarget(_ assignment: Assignment, handlingFlow: Int, _ scope: FlowScope) -> ExpressionType? {
        // A key that is no target is the model builder's `invalid-id`.
        guard let destination = assignment.destination else { return nil }
        let target = assignment.target
        let ancestry = index.ancestry(of: handlingFlow)
        let (flowID, name, steps) = destination.split { id in ancestry.contains { index.flows[$0].flow.id.value == id } }
        let owner: Int
        // The name's own place in the key, past its quote and any `flowid.`.
        let nameAt = place(flowID.map { $0.unicodeScalars.count + 1 } ?? 0, name.unicodeScalars.count, in: target)
        if let flowID, let found = ancestry.first(where: { index.flows[$0].flow.id.value == flowID }) {
            owner = found
        } else if case .member? = destination.steps.first, tables.variables(of: handlingFlow)[name] == nil,
                  !index.flows[handlingFlow].flow.computed.contains(where: { $0.name.value == name }) {
            // `a.b` where `a` is neither a flow to assign into nor a variable: meant as `flowid.name`.
            let names = ancestry.map { index.flows[$0].flow.id.value }
            report(.unknownName, "'\(name)' is not the handling flow or one of its ancestors", at: nameAt.location,
                   fix: nameAt.fix(.nearest(to: name, among: names)))
            return nil
        } else {
            owner = handlingFlow
        }
        guard let type = variableType(name, of: owner, handlingFlow: handlingFlow, key: flowID == nil ? target.value : name, at: nameAt) else { return nil }
        return typeInto(type, steps: steps, of: target, scope)
    }

    /// The type of the member of a value of `type` that `steps` lead to, each index
    /// checked as an expression of the handling flow (its positions placed in the key),
    /// or nil with one diagnostic at the step that does not fit.
    private mutating func typeInto(_ type: ExpressionType, steps: ArraySlice<SetTarget.Step>, of target: Located<String>,
                                   _ scope: FlowScope) -> ExpressionType? {
        var current = type
        var checker = TypeChecker(scope: scope)
        for step in steps {
            // A variable first `null` takes any value (spec §9 1.1), and so do its members.
            if current == .null { current = .dyn }
            let next: ExpressionType?
            switch step {
            case .member(let field, let span):
                next = checker.memberType(of: current, field: field, at: span)
            case .index(let key, let offset, let bracket):
                let checked = ExpressionChecker.check(key, in: scope)
                guard checked.issues.isEmpty else {
                    for issue in checked.issues { report(issue.shifted(by: offset), in: target) }
                    return nil
                }
                let span = ExpressionSpan(offset: offset, length: key.source.unicodeScalars.count)
                next = checker.indexedType(of: current, key: checked.type, keySpan: span, at: bracket)
            }
            guard checker.issues.isEmpty, let next else { break }
            current = next
        }
        guard checker.issues.isEmpty else {
            for issue in checker.issues { report(issue, in: target) }
            return nil
        }
        return current
    }

    /// The type of variable `name` of flow `owner`, which `set` assigns; nil when it is
    /// computed or names nothing (reported at `place`, the name in the key written `key`).
    private mutating func variableType(_ name: String, of owner: Int, handlingFlow: Int, key: String, at place: TokenPlace) -> ExpressionType? {
        let variables = tables.variables(of: owner)
        if index.flows[owner].flow.computed.contains(where: { $0.name.value == name }) {
            report(.expressionType, "'\(name)' is computed from its expression, and cannot be set", at: place.location, fix: nil)
            return nil
        }
        if let type = variables[name] { return type }
        let ownerID = index.flows[owner].flow.id.value
        // A bare name reads an ancestor's variable, but `set` writes the handling flow's own: say how to write the ancestor's.
        if owner == handlingFlow, let ancestor = index.ancestry(of: handlingFlow).dropFirst().first(where: { tables.variables(of: $0)[name] != nil }) {
            let qualified = "\(index.flows[ancestor].flow.id.value).\(key)"
            let ancestorID = index.flows[ancestor].flow.id.value
            report(.unknownName, "flow '\(ownerID)' has no variable or field '\(name)'; it belongs to flow '\(ancestorID)': write '\(qualified)'",
                   at: place.location, fix: place.fix(Diagnostic.Fix("did you mean '\(qualified)'?", replacement: "\(ancestorID).\(name)")))
            return nil
        }
        report(.unknownName, "flow '\(ownerID)' has no variable or field '\(name)'", at: place.location,
               fix: place.fix(.nearest(to: name, among: variables.keys.sorted())))
        return nil
    }

    /// A `set` value (spec §9 1.1): an expression whose type is the variable's. A value
    /// that reads as plain text and does not parse, or names nothing, gets the fix of
    /// quoting it, in place of the parser's or checker's own words.
    private mutating func assign(_ source: Located<String>, to target: String, ofType type: ExpressionType?, _ scope: FlowScope) {
        let issues: [ExpressionIssue]
        var result: ExpressionType = .dyn
        switch parse(source.value) {
        case .failure(let issue):
            issues = [issue]
        case .success(let parsed):
            let checked = ExpressionChecker.check(parsed, in: scope)
            issues = checked.issues
            result = checked.type
        }
        if let unquoted = issues.first(where: { $0.code == .expressionSyntax || $0.code == .unknownName }), Self.readsAsText(source.value) {
            let quoted = "'\"\(source.value)\"'"
            let what = unquoted.code == .unknownName ? "names no variable" : "is not an expression"
            diagnostics.append(Diagnostic(unquoted.code, "'\(source.value)' \(what): `set` values are expressions, so text is quoted",
                                          at: source.location, fix: Diagnostic.Fix("write \(quoted)", replacement: quoted)))
            return
        }
        for issue in issues { report(issue, in: source) }
        guard issues.isEmpty, let type, !Self.assignable(result, to: type) else { return }
        let conversion = switch (result, type) {
        case (.int, .double): "; write a double (2.0), or convert with double()"
        case (.double, .int): "; convert with int()"
        default: ""
        }
        report(ExpressionIssue(.expressionType, "'\(target)' holds \(Self.describeValues(type)), but this gives \(Self.describeValues(result))\(conversion)",
                               offset: 0, length: source.value.unicodeScalars.count), in: source)
    }

    /// Whether a plain scalar looks like text meant as a string: letters, digits, spaces
    /// and `. _ - / : @`, with a letter, and no quote.
    private static func readsAsText(_ value: String) -> Bool {
        value.unicodeScalars.contains { $0.properties.isAlphabetic }
            && value.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || " ._-/:@".unicodeScalars.contains($0) }
    }

    /// Assignment typing (spec §9 1.1): the variable's type, where a `null` literal's
    /// variable takes any type, and int is not double.
    private static func assignable(_ value: ExpressionType, to variable: ExpressionType) -> Bool {
        switch (value, variable) {
        case (.dyn, _), (.null, _), (_, .dyn), (_, .null): true
        case (.list, .list), (.map, .map): true
        default: value == variable
        }
    }

    private static func describeValues(_ type: ExpressionType) -> String {
        switch type {
        case .list: "lists"
        case .map: "maps"
        default: "\(type) values"
        }
    }

    // MARK: Expressions and templates

    private mutating func expression(_ source: Located<String>?, _ scope: FlowScope, expecting expected: ExpressionType? = nil,
                                     order: FieldOrder? = nil) {
        guard let source else { return }
        switch parse(source.value) {
        case .failure(let issue):
            report(issue, in: source)
        case .success(let parsed):
            let checked = ExpressionChecker.check(parsed, in: scope)
            for issue in checked.issues { report(issue, in: source) }
            guard checked.issues.isEmpty else { return }
            if let expected, !Self.fits(checked.type, expected) {
                report(ExpressionIssue(.expressionType, "this must be \(Self.describe(expected)), but it is \(checked.type)",
                                       offset: 0, length: source.value.unicodeScalars.count), in: source)
            }
            for issue in lint(parsed, scope, order: order) { report(issue, in: source) }
        }
    }

    private mutating func parse(_ text: String) -> Result<Expression, ExpressionIssue> {
        guard parses != nil else { return ExpressionParser.parse(text) }
        if let parsed = parses?[text] { return parsed }
        let parsed = ExpressionParser.parse(text)
        parses?[text] = parsed
        return parsed
    }

    /// The warnings of an expression that checked clean.
    private func lint(_ expression: Expression, _ scope: FlowScope, order: FieldOrder?) -> [ExpressionIssue] {
        var issues = OptionComparisonCheck.issues(in: expression, scope: scope)
        if let order { issues += FieldOrderCheck.issues(in: expression, reader: order.reader, later: order.later, flowID: order.flowID) }
        return issues
    }

    private mutating func template(_ text: Located<String>?, _ scope: FlowScope, order: FieldOrder? = nil) {
        guard let text else { return }
        let parsed = parses == nil ? Template.parse(text.value) : Template.parse(text.value, parsingWith: { parse($0) })
        switch parsed {
        case .failure(let issue): report(issue, in: text)
        case .success(let template):
            let issues = template.check(in: scope)
            for issue in issues { report(Self.quotingItsExpression(issue, in: template, text), in: text) }
            guard issues.isEmpty else { return }
            for case .expression(let expression, let offset) in template.parts {
                for issue in lint(expression, scope, order: order) {
                    report(Self.quotingItsExpression(issue.shifted(by: offset), in: template, text), in: text)
                }
            }
        }
    }

    /// In a template written over several lines (a summary in a block scalar), the issue's
    /// message quotes the `{{ … }}` it is in, which the one quoted line may not show whole.
    private static func quotingItsExpression(_ issue: ExpressionIssue, in template: Template, _ text: Located<String>) -> ExpressionIssue {
        guard text.location.range.start.line != text.location.range.end.line else { return issue }
        for case .expression(let expression, let offset) in template.parts
        where (offset..<offset + expression.source.unicodeScalars.count).contains(issue.offset) {
            var quoted = issue
            quoted.message += " (in {{ \(MessageText.sanitized(expression.source.trimmed)) }})"
            return quoted
        }
        return issue
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

    /// The issue placed on its token in the file (`TokenPosition`); a fix with a range of
    /// its own keeps it.
    private mutating func report(_ issue: ExpressionIssue, in source: Located<String>) {
        let token = place(issue.offset, issue.length, in: source)
        diagnostics.append(Diagnostic(issue.code, issue.message, at: token.location, fix: issue.fix?.range != nil ? issue.fix : token.fix(issue.fix)))
    }

    /// Where a token of a value or key is written (`TokenPosition`), and whether a fix may
    /// replace it there.
    private struct TokenPlace {
        let location: SourceLocation
        /// Written as it reads: no escape or doubled quote within it, and placed on itself
        /// rather than on the whole scalar.
        let isVerbatim: Bool

        /// `fix`, keeping its words but replacing nothing where the token is not verbatim:
        /// its text is the value's, not the file's.
        func fix(_ fix: Diagnostic.Fix?) -> Diagnostic.Fix? {
            isVerbatim ? fix : fix.map { Diagnostic.Fix($0.message) }
        }
    }

    private func place(_ offset: Int, _ length: Int, in source: Located<String>) -> TokenPlace {
        let (start, end, isVerbatim) = TokenPosition.range(offset: offset, length: length, in: source, sources: sources)
        return TokenPlace(location: SourceLocation(file: source.location.file, range: SourceRange(start: start, end: end)), isVerbatim: isVerbatim)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, fix: Diagnostic.Fix?) {
        diagnostics.append(Diagnostic(code, message, at: location, fix: fix))
    }
}
