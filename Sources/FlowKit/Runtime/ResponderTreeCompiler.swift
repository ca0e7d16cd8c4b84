/// Why a document could not be compiled for running. Validated documents always
/// compile; this guards the API against documents with errors.
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let location: SourceLocation
    public var description: String { "\(location): \(message)" }
}

extension ResponderTree {
    /// Compiles a document. Run `Validator` first: a document with errors may not compile.
    public init(_ document: FlowDocument) throws(CompileError) {
        try self.init(FlowIndex(root: document.root))
    }

    /// Compiles the document that `index` indexes.
    init(_ index: FlowIndex) throws(CompileError) {
        var compiler = ResponderTreeCompiler(index: index)
        try compiler.compile()
        self.init(flows: compiler.flows, screens: compiler.screens,
                  flowsByID: Dictionary(compiler.flows.enumerated().map { ($1.id, $0) }) { first, _ in first })
    }
}

private struct ResponderTreeCompiler {
    let index: FlowIndex
    var flows: [ResponderTree.FlowNode] = []
    var screens: [ResponderTree.ScreenNode] = []

    init(index: FlowIndex) {
        self.index = index
    }

    mutating func compile() throws(CompileError) {
        let tables = ScopeTables(index)
        for position in index.flows.indices {
            let flow = index.flows[position].flow
            for (local, screen) in flow.screens.enumerated() {
                screens.append(try compile(screen, flow: position, local: local))
            }
            guard let start = flow.start, let target = index.target(start.value, in: position) else {
                throw CompileError(message: "flow '\(flow.id.value)' has no valid start", location: flow.location)
            }
            var variables: [(name: String, value: Value)] = flow.variables.map { ($0.name.value, Value(literal: $0.value)) }
            var names = Set(variables.map(\.name))
            for param in flow.params where names.insert(param.name.value).inserted { variables.append((param.name.value, Value(literal: param.value))) }
            for screen in flow.screens {
                for field in screen.fields where names.insert(field.id.value).inserted { variables.append((field.id.value, .null)) }
            }
            let result = try flow.result.map { entries throws(CompileError) in
                try entries.map { entry throws(CompileError) in (name: entry.name.value, expression: try expression(entry.expression)) }
            }
            flows.append(ResponderTree.FlowNode(
                id: flow.id.value, parent: index.flows[position].parent, title: try template(flow.title), start: target,
                initialVariables: variables, environment: Set(flow.environment.map(\.value)),
                result: result,
                params: flow.params.map(\.name.value),
                variableTypes: tables.variables(of: position),
                resultTypes: Dictionary((result ?? []).map { entry in
                    (entry.name, ExpressionChecker.check(entry.expression.parsed, in: FlowScope(index: index, tables: tables, flow: position)).type)
                }) { first, _ in first },
                computed: try Dictionary(flow.computed.map { entry throws(CompileError) in (entry.name.value, try expression(entry.expression)) }) { first, _ in first },
                requiredParams: flow.requiredParams.map(\.value),
                arguments: try arguments(flow.arguments),
                handlers: try handlers(flow.handlers, handlingFlow: position),
                observers: try handlers(flow.observers, handlingFlow: position),
                screens: Array(index.globalScreen(position, 0)..<index.globalScreen(position, flow.screens.count)),
                responderName: ResponderName.flow(flow.id.value)))
        }
    }

    private mutating func compile(_ screen: Screen, flow: Int, local: Int) throws(CompileError) -> ResponderTree.ScreenNode {
        ResponderTree.ScreenNode(
            id: screen.id.value, flow: flow,
            title: try template(screen.title), text: try template(screen.text),
            fields: try screen.fields.map { field throws(CompileError) in try compile(field) },
            actions: try screen.actions.map { action throws(CompileError) in
                ResponderTree.ActionNode(id: action.id.value, label: try template(action.label), key: action.key?.value,
                                         validatesFields: action.validatesFields, isDefault: action.isDefault?.value ?? false,
                                         when: try expression(action.when),
                                         location: action.id.location)
            },
            handlers: try handlers(screen.handlers, handlingFlow: flow),
            isTerminal: screen.isTerminal,
            responderName: ResponderName.screen(screen.id.value),
            pathName: "\(index.flows[flow].flow.id.value)/\(screen.id.value)",
            flowPath: index.ancestry(of: flow).reversed().map { index.flows[$0].flow.id.value },
            location: screen.id.location)
    }

    private func compile(_ field: Field) throws(CompileError) -> ResponderTree.FieldNode {
        var defaultValue: ResponderTree.DefaultValue?
        if let node = field.defaultValue {
            if node.scalarKind == .string, let text = node.string, text.contains("{{") {
                defaultValue = .template(try template(Located(text, at: SourceLocation(node))))
            } else if field.type.value == .text || field.type.value == .secret, node.kind == .scalar, let text = node.string {
                // `default: 12345` on a text field is the text "12345".
                defaultValue = .literal(.string(text))
            } else {
                defaultValue = .literal(Value(literal: node))
            }
        }
        var options: ResponderTree.OptionsNode?
        switch field.options {
        case .list(let list, _)?:
            options = .list(try list.map { option throws(CompileError) in (Value(literal: option.value), try template(option.label)) })
        case .expression(let source)?:
            options = .expression(try expression(source))
        case nil:
            options = nil
        }
        return ResponderTree.FieldNode(
            id: field.id.value, type: field.type.value, label: try template(field.label), help: try template(field.help),
            placeholder: try template(field.placeholder), defaultValue: defaultValue, isRequired: field.isRequired,
            pattern: field.pattern?.value, min: field.min?.value, max: field.max?.value, options: options,
            when: try expression(field.when), message: try template(field.message),
            rules: try field.rules.map { rule throws(CompileError) in (try expression(rule.rule), try template(rule.message)) },
            remember: field.remember)
    }

    private func handlers(_ handlers: [Handler], handlingFlow: Int) throws(CompileError) -> [String: ResponderTree.HandlerNode] {
        var table: [String: ResponderTree.HandlerNode] = [:]
        for handler in handlers where table[handler.action.value] == nil {
            table[handler.action.value] = ResponderTree.HandlerNode(branches: try handler.branches.map { branch throws(CompileError) in
                try compile(branch, handlingFlow: handlingFlow)
            })
        }
        return table
    }

    private func compile(_ branch: Branch, handlingFlow: Int) throws(CompileError) -> ResponderTree.BranchNode {
        let assignments = try branch.assignments.map { assignment throws(CompileError) -> (flow: Int?, name: String, expression: Compiled<Expression>) in
            let parts = assignment.target.value.split(separator: ".").map(String.init)
            let owner = parts.count == 2 ? index.ancestry(of: handlingFlow).first { index.flows[$0].flow.id.value == parts[0] } : handlingFlow
            guard let owner, let name = parts.last else {
                throw CompileError(message: "'\(assignment.target.value)' names no variable of the handling flow or an ancestor",
                                   location: assignment.target.location)
            }
            return (owner, name, try expression(assignment.expression))
        }
        var transition: ResponderTree.CompiledTransition?
        if let written = branch.transition {
            switch written.value {
            case .push(let name), .replace(let name):
                guard let resolved = index.target(name, in: handlingFlow) else {
                    throw CompileError(message: "'\(name)' is not a screen or child flow of the handling flow", location: written.location)
                }
                transition = if case .push = written.value { .push(resolved) } else { .replace(resolved) }
            case .back: transition = .back
            case .send(let action): transition = .send(action)
            case .finish: transition = .finish
            case .exit(let code, let message): transition = .exit(code: code, message: try template(message))
            }
        }
        let launch = try branch.launch.map { launch throws(CompileError) in
            ResponderTree.LaunchNode(arguments: try arguments(launch.arguments), forEach: try expression(launch.forEach), element: launch.element?.value)
        }
        let command = try branch.command.map { command throws(CompileError) in
            ResponderTree.CommandNode(
                arguments: try command.arguments.map { argument throws(CompileError) in try template(argument) },
                into: command.into?.value,
                environment: try command.environment.map { entry throws(CompileError) in (entry.name.value, try template(entry.expression)) },
                timeout: command.timeout?.value ?? 60, label: try template(command.label), location: command.location)
        }
        return ResponderTree.BranchNode(when: try expression(branch.when), assignments: assignments, say: try template(branch.say),
                                        transition: transition, launch: launch, command: command, post: branch.post?.value,
                                        guardText: branch.when.map { "when \($0.value)" }, location: branch.location)
    }

    private func arguments(_ entries: [NamedExpression]) throws(CompileError) -> [(name: String, expression: Compiled<Expression>)] {
        try entries.map { entry throws(CompileError) in (entry.name.value, try expression(entry.expression)) }
    }

    private func expression(_ source: Located<String>?) throws(CompileError) -> Compiled<Expression>? {
        guard let source else { return nil }
        return try expression(source)
    }

    private func expression(_ source: Located<String>) throws(CompileError) -> Compiled<Expression> {
        switch ExpressionParser.parse(source.value) {
        case .success(let parsed): return Compiled(parsed: parsed, source: source.value, location: source.location)
        case .failure(let issue): throw CompileError(message: issue.message, location: source.location)
        }
    }

    private func template(_ source: Located<String>?) throws(CompileError) -> Compiled<Template>? {
        guard let source else { return nil }
        return try template(source)
    }

    private func template(_ source: Located<String>) throws(CompileError) -> Compiled<Template> {
        switch Template.parse(source.value) {
        case .success(let parsed): return Compiled(parsed: parsed, source: source.value, location: source.location)
        case .failure(let issue): throw CompileError(message: issue.message, location: source.location)
        }
    }
}
