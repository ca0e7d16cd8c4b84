import FlowYAML
import FlowExpressions

/// Why a document could not be compiled for running. Validated documents always
/// compile; this guards the API against documents with errors.
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let location: SourceLocation
    public var description: String { "\(location): \(message)" }
}

extension ResponderTree {
    /// Compiles a document. Run `Validator` first: a document with errors may not compile.
    public convenience init(_ document: FlowDocument) throws(CompileError) {
        try self.init(FlowIndex(root: document.root))
    }

    /// Compiles the document that `index` indexes, for running.
    convenience init(_ index: FlowIndex) throws(CompileError) {
        let compiler = ResponderTreeCompiler(index: index, forRunning: true)
        if let problem = compiler.problems.first { throw problem }
        self.init(compiler)
    }

    /// Compiles a document that may have errors, for the analysis that finds them (the
    /// checks and the language server): its routing whole, a target that names nothing
    /// as nil; its expressions and templates kept as written but not parsed. What only a
    /// run reads is left out: screens' titles, texts and fields, actions' labels and
    /// `when`, flows' variables, params, `result`, `computed`, `env` and `with`, branches'
    /// `set`, `say` and `run`, and a launch's `with` (the checks read those from the
    /// model). Such a tree is never run.
    convenience init(analysing index: FlowIndex) {
        self.init(ResponderTreeCompiler(index: index, forRunning: false))
    }

    private convenience init(_ compiler: ResponderTreeCompiler) {
        self.init(flows: compiler.flows, screens: compiler.screens,
                  flowsByID: Dictionary(compiler.flows.enumerated().map { ($1.id, $0) }) { first, _ in first },
                  actionNames: compiler.actions.names, actionNumbers: compiler.actions.numbers,
                  subtreeEnds: compiler.index.flows.indices.map { compiler.index.subtree(of: $0).upperBound },
                  postedNotifications: compiler.posted, repeatedFlows: compiler.index.repeatedFlows().sorted())
    }
}

/// Numbers action names as they are met: the built-ins first, as `ResponderTree.BuiltIn`.
private struct ActionNumbering {
    private(set) var names = ActionEntry.builtIns
    private(set) var numbers = Dictionary(uniqueKeysWithValues: ActionEntry.builtIns.enumerated().map { ($1, $0) })

    mutating func number(_ name: String) -> Int {
        if let number = numbers[name] { return number }
        numbers[name] = names.count
        names.append(name)
        return names.count - 1
    }
}

/// Compiles every flow and screen of an index, recording each problem rather than
/// stopping at the first, so that a document with errors still gives a tree to analyse.
private struct ResponderTreeCompiler {
    let index: FlowIndex
    var flows: [ResponderTree.FlowNode] = []
    var screens: [ResponderTree.ScreenNode] = []
    var actions = ActionNumbering()
    /// What keeps the tree from running, in the order met.
    var problems: [CompileError] = []
    /// The notifications some branch posts.
    var posted = Set<String>()

    /// Whether expressions and templates are parsed and typed: only for running.
    private let forRunning: Bool

    init(index: FlowIndex, forRunning: Bool) {
        self.index = index
        self.forRunning = forRunning
        compile(tables: forRunning ? ScopeTables(index) : nil)
    }

    private mutating func compile(tables: ScopeTables?) {
        for position in index.flows.indices {
            let flow = index.flows[position].flow
            // The ids of the flows from the root to this one: every screen's breadcrumb.
            let flowPath = forRunning ? index.ancestry(of: position).reversed().map { index.flows[$0].flow.id.value } : []
            for screen in flow.screens.indices {
                screens.append(compile(flow.screens[screen], flow: position, flowPath: flowPath))
            }
            let target = flow.start.flatMap { index.target($0.value, in: position) }
            if target == nil {
                problems.append(CompileError(message: "flow '\(flow.id.value)' has no valid start", location: flow.location))
            }
            guard forRunning else {
                flows.append(ResponderTree.FlowNode(
                    id: flow.id.value, parent: index.flows[position].parent, title: nil, start: target, initialVariables: [], environment: [],
                    result: nil, params: [], variableTypes: [:], resultTypes: [:], computed: [:], requiredParams: [], arguments: [],
                    handlers: numbered(flow.handlers, handlingFlow: position), observers: observed(flow.observers, handlingFlow: position),
                    screens: screenRange(of: position), responderName: ResponderName.flow(flow.id.value),
                    doneAction: actions.number("\(flow.id.value).done")))
                continue
            }
            var variables: [(name: String, value: Value)] = flow.variables.map { ($0.name.value, Value(literal: $0.value)) }
            var names = Set(variables.map(\.name))
            for param in flow.params where names.insert(param.name.value).inserted { variables.append((param.name.value, Value(literal: param.value))) }
            for screen in flow.screens {
                for field in screen.fields where names.insert(field.id.value).inserted { variables.append((field.id.value, .null)) }
            }
            let result = flow.result.map { entries in
                entries.map { entry in (name: entry.name.value, expression: expression(entry.expression)) }
            }
            flows.append(ResponderTree.FlowNode(
                id: flow.id.value, parent: index.flows[position].parent, title: template(flow.title), start: target,
                initialVariables: variables, environment: Set(flow.environment.map(\.value)),
                result: result,
                params: flow.params.map(\.name.value),
                variableTypes: tables?.variables(of: position) ?? [:],
                resultTypes: tables.map { tables in
                    Dictionary((result ?? []).map { entry in
                        (entry.name, ExpressionChecker.check(entry.expression.parsed, in: FlowScope(index: index, tables: tables, flow: position)).type)
                    }) { first, _ in first }
                } ?? [:],
                computed: Dictionary(flow.computed.map { entry in (entry.name.value, expression(entry.expression)) }) { first, _ in first },
                requiredParams: flow.requiredParams.map(\.value),
                arguments: arguments(flow.arguments),
                handlers: numbered(flow.handlers, handlingFlow: position), observers: observed(flow.observers, handlingFlow: position),
                screens: screenRange(of: position),
                responderName: ResponderName.flow(flow.id.value), doneAction: actions.number("\(flow.id.value).done")))
        }
    }

    /// The global indices of a flow's screens.
    private func screenRange(of flow: Int) -> [Int] {
        Array(index.globalScreen(flow, 0)..<index.globalScreen(flow, index.flows[flow].flow.screens.count))
    }

    private mutating func compile(_ screen: Screen, flow: Int, flowPath: [String]) -> ResponderTree.ScreenNode {
        ResponderTree.ScreenNode(
            id: screen.id.value, flow: flow,
            title: forRunning ? template(screen.title) : nil, text: forRunning ? template(screen.text) : nil,
            fields: forRunning ? screen.fields.map { field in compile(field) } : [],
            actions: screen.actions.map { action in
                ResponderTree.ActionNode(id: action.id.value, number: actions.number(action.id.value),
                                         label: forRunning ? template(action.label) : nil, key: action.key?.value,
                                         validatesFields: action.validatesFields, isDefault: action.isDefault?.value ?? false,
                                         when: forRunning ? expression(action.when) : nil,
                                         location: action.id.location)
            },
            handlers: numbered(screen.handlers, handlingFlow: flow),
            enter: screen.enter.map { handler in compile(handler, handlingFlow: flow) },
            isTerminal: screen.isTerminal,
            responderName: ResponderName.screen(screen.id.value),
            pathName: forRunning ? "\(index.flows[flow].flow.id.value)/\(screen.id.value)" : "",
            flowPath: flowPath,
            location: screen.id.location)
    }

    private mutating func compile(_ field: Field) -> ResponderTree.FieldNode {
        var defaultValue: ResponderTree.DefaultValue?
        if let node = field.defaultValue {
            if let text = field.defaultTemplate {
                defaultValue = .template(template(text))
            } else if field.type.value.kind.takesDefaultAsText, node.kind == .scalar, let text = node.string {
                // `default: 12345` on a text field is the text "12345".
                defaultValue = .literal(.string(text))
            } else {
                defaultValue = .literal(Value(literal: node))
            }
        }
        var options: ResponderTree.OptionsNode?
        switch field.options {
        case .list(let list, _)?:
            options = .list(list.map { option in (Value(literal: option.value), template(option.label)) })
        case .expression(let source)?:
            options = .expression(expression(source))
        case nil:
            options = nil
        }
        return ResponderTree.FieldNode(
            id: field.id.value, type: field.type.value, label: template(field.label), help: template(field.help),
            placeholder: template(field.placeholder), defaultValue: defaultValue, isRequired: field.isRequired,
            pattern: field.pattern?.value, min: field.min?.value, max: field.max?.value, options: options,
            when: expression(field.when), message: template(field.message),
            rules: field.rules.map { rule in
                switch rule.test {
                case .rule(let source): (.holds(expression(source)), template(rule.message))
                case .program(let command): (.program(compile(command)), template(rule.message))
                }
            },
            remember: field.remember)
    }

    /// Each action's first handler, in the order written (a second is `duplicate-handler`'s),
    /// by the number of its action.
    private mutating func numbered(_ handlers: [Handler], handlingFlow: Int) -> [Int: ResponderTree.HandlerNode] {
        var numbered = [Int: ResponderTree.HandlerNode](minimumCapacity: handlers.count)
        for handler in handlers {
            let action = actions.number(handler.action.value)
            if numbered[action] == nil { numbered[action] = compile(handler, handlingFlow: handlingFlow) }
        }
        return numbered
    }

    /// Each notification's first observer, in the order written.
    private mutating func observed(_ observers: [Handler], handlingFlow: Int) -> [String: ResponderTree.HandlerNode] {
        var observed: [String: ResponderTree.HandlerNode] = [:]
        for observer in observers where observed[observer.action.value] == nil {
            observed[observer.action.value] = compile(observer, handlingFlow: handlingFlow)
        }
        return observed
    }

    private mutating func compile(_ handler: Handler, handlingFlow: Int) -> ResponderTree.HandlerNode {
        ResponderTree.HandlerNode(branches: handler.branches.map { branch in compile(branch, handlingFlow: handlingFlow) })
    }

    /// A branch; for analysis, without its `set`, `say` and `run`, and its launch's `with`.
    private mutating func compile(_ branch: Branch, handlingFlow: Int) -> ResponderTree.BranchNode {
        if let post = branch.post { posted.insert(post.value) }
        let assignments = forRunning ? self.assignments(branch.assignments, handlingFlow: handlingFlow) : []
        let transition = branch.transition.map { written in
            written.value.map(destination: { name in target(name, in: handlingFlow, at: written.location) },
                              action: { name in actions.number(name) },
                              message: { text in template(text) })
        }
        let launch = branch.launch.map { launch in
            ResponderTree.LaunchNode(arguments: forRunning ? arguments(launch.arguments) : [], forEach: expression(launch.forEach),
                                     element: launch.element?.value, index: launch.index?.value)
        }
        let commands = forRunning ? branch.commands.map { command in compile(command) } : []
        return ResponderTree.BranchNode(when: expression(branch.when), assignments: assignments, say: forRunning ? template(branch.say) : nil,
                                        transition: transition, launch: launch, commands: commands, post: branch.post?.value,
                                        location: branch.location)
    }

    private mutating func compile(_ command: Command) -> ResponderTree.CommandNode {
        ResponderTree.CommandNode(
            arguments: command.arguments.map { argument in template(argument) },
            into: command.into?.value,
            environment: command.environment.map { entry in (entry.name.value, template(entry.expression)) },
            timeout: command.timeout?.value ?? 60, label: template(command.label), location: command.location)
    }

    /// A branch's `set`, each variable found in the handling flow or the ancestor it
    /// names, with the steps into it (spec §7 1.2).
    private mutating func assignments(_ assignments: [Assignment], handlingFlow: Int) -> [ResponderTree.AssignmentNode] {
        let ancestry = index.ancestry(of: handlingFlow)
        return assignments.compactMap { assignment in
            let split = assignment.destination?.split { id in ancestry.contains { index.flows[$0].flow.id.value == id } }
            guard let split else {
                problems.append(CompileError(message: "'\(assignment.target.value)' names no variable of the handling flow or an ancestor",
                                             location: assignment.target.location))
                return nil
            }
            let owner = split.flow.flatMap { id in ancestry.first { index.flows[$0].flow.id.value == id } } ?? handlingFlow
            let path = split.steps.map { step -> ResponderTree.AssignmentNode.Step in
                switch step {
                case .member(let name, _): .member(name)
                case .index(let key, _, _): .index(Compiled(parsed: key, source: key.source, location: assignment.target.location))
                }
            }
            return ResponderTree.AssignmentNode(flow: owner, name: split.variable, path: path, target: assignment.target.value,
                                                location: assignment.target.location, expression: expression(assignment.expression))
        }
    }

    /// A `push` or `replace` target resolved in the handling flow; nil, and a problem, for
    /// a name that is neither a screen nor a child flow there.
    private mutating func target(_ name: String, in handlingFlow: Int, at location: SourceLocation) -> Target? {
        let resolved = index.target(name, in: handlingFlow)
        if resolved == nil {
            problems.append(CompileError(message: "'\(name)' is not a screen or child flow of the handling flow", location: location))
        }
        return resolved
    }

    private mutating func arguments(_ entries: [NamedExpression]) -> [(name: String, expression: Compiled<Expression>)] {
        entries.map { entry in (entry.name.value, expression(entry.expression)) }
    }

    private mutating func expression(_ source: Located<String>?) -> Compiled<Expression>? {
        source.map { expression($0) }
    }

    private mutating func expression(_ source: Located<String>) -> Compiled<Expression> {
        compiled(source, parse: ExpressionParser.parse, unparsed: Self.unparsed)
    }

    /// What stands for an expression not parsed: `null`.
    private static let unparsed = Expression(source: "null", root: ExpressionNode(.literal(.null), span: ExpressionSpan(offset: 0, length: 4),
                                                                                  token: ExpressionSpan(offset: 0, length: 4)))

    private mutating func template(_ source: Located<String>?) -> Compiled<Template>? {
        source.map { template($0) }
    }

    private mutating func template(_ source: Located<String>) -> Compiled<Template> {
        compiled(source, parse: Template.parse, unparsed: Template(text: "", parts: []))
    }

    /// The source parsed, for running; for analysis, or where it does not parse (a
    /// problem), `unparsed` in its place.
    private mutating func compiled<Parsed: Sendable>(_ source: Located<String>, parse: (String) -> Result<Parsed, ExpressionIssue>,
                                                     unparsed: @autoclosure () -> Parsed) -> Compiled<Parsed> {
        guard forRunning else { return Compiled(parsed: unparsed(), source: source.value, location: source.location) }
        switch parse(source.value) {
        case .success(let parsed): return Compiled(parsed: parsed, source: source.value, location: source.location)
        case .failure(let issue):
            problems.append(CompileError(message: issue.message, location: source.location))
            return Compiled(parsed: unparsed(), source: source.value, location: source.location)
        }
    }
}
