import FlowYAML
import FlowExpressions

/// What each place of a flow file names, for an editor (`flowrun lsp`): the tree of
/// flows, screens and fields, and for every id, target, action, path and name read in an
/// expression or template, what it means (a hover text) and where it is defined.
///
/// Both are worked out from the model when asked, and not kept: a large document's
/// references with their hover texts came to several times its size, while finding the
/// one at a place walks the model once (about as long as checking it).
public struct FlowOutline: Sendable {
    /// A flow, a screen or a field, with what it holds.
    public struct Symbol: Sendable {
        public enum Kind: Sendable { case flow, screen, field }
        public let name: String
        public let kind: Kind
        /// The field's type, or where a flow comes from.
        public let detail: String?
        /// Where its id is written.
        public let location: SourceLocation
        public let children: [Symbol]
    }

    /// A place in a file that names something.
    public struct Reference: Sendable {
        public let location: SourceLocation
        /// What it names, as Markdown.
        public let hover: String
        /// Where that is defined: a position, or the first line of a file.
        public let definition: SourceLocation?

        public init(location: SourceLocation, hover: String, definition: SourceLocation?) {
            self.location = location
            self.hover = hover
            self.definition = definition
        }
    }

    private let index: FlowIndex
    private let sources: [String: SourceText]

    public init(document: FlowDocument, sources: [String: SourceText]) {
        index = FlowIndex(root: document.root)
        self.sources = sources
    }

    /// The root flow and what it holds.
    public var root: Symbol { symbol(of: 0) }

    /// The innermost reference at `mark` in `file`.
    public func reference(at mark: Mark, in file: String) -> Reference? {
        let finder = ReferenceFinder(index: index, sources: sources, file: file, mark: mark)
        finder.search()
        return finder.found
    }

    private func symbol(of flow: Int) -> Symbol {
        let model = index.flows[flow].flow
        let screens = model.screens.map { screen in
            Symbol(name: screen.id.value, kind: .screen, detail: screen.isTerminal ? "terminal" : nil, location: screen.id.location,
                   children: screen.fields.map { field in
                       Symbol(name: field.id.value, kind: .field, detail: field.type.value.rawValue, location: field.id.location, children: [])
                   })
        }
        let children = index.flows.indices.filter { index.flows[$0].parent == flow }.map(symbol(of:))
        let origin = model.usedFile.map { "use \($0.value)" } ?? model.includedFile.map { "include \($0.value)" }
        return Symbol(name: model.id.value, kind: .flow, detail: origin, location: model.id.location, children: screens + children)
    }
}

/// Walks a flow's model for the innermost place at `mark` in `file` that names something.
/// A hover text is written only for a place that holds the mark. A class, so that the
/// hover text, read from the finder, can be written while the finder keeps the place.
private final class ReferenceFinder {
    let index: FlowIndex
    /// Made only if a place at the mark needs them.
    lazy var tables = ScopeTables(index)
    lazy var tree = ResponderTree(analysing: index)
    let sources: [String: SourceText]
    let file: String
    let mark: Mark
    private(set) var found: FlowOutline.Reference?

    init(index: FlowIndex, sources: [String: SourceText], file: String, mark: Mark) {
        self.index = index
        self.sources = sources
        self.file = file
        self.mark = mark
    }

    func search() {
        for position in index.flows.indices { flow(position) }
    }

    private func flow(_ position: Int) {
        let flow = index.flows[position].flow
        let kind = position == 0 ? "the root flow" : "child flow of '\(index.flows[index.flows[position].parent ?? 0].flow.id.value)'"
        add(flow.id.location, "**flow `\(flow.id.value)`**, \(kind)", definition: nil)
        for path in [flow.usedFile, flow.includedFile].compactMap({ $0 }) {
            add(path.location, "the file `\(path.value)`", definition: fileStart(path))
        }
        if let start = flow.start { target(start, in: position) }
        for variable in flow.variables {
            add(variable.name.location, "**variable `\(variable.name.value)`** of flow '\(flow.id.value)': \(type(of: variable.name.value, in: position))", definition: nil)
        }
        for param in flow.params {
            add(param.name.location, "**param `\(param.name.value)`** of flow '\(flow.id.value)': \(type(of: param.name.value, in: position))", definition: nil)
        }
        for entry in flow.computed {
            add(entry.name.location, "**computed `\(entry.name.value)`** of flow '\(flow.id.value)' = `\(entry.name.value)`", definition: nil)
            expression(entry.expression, in: position)
        }
        for entry in flow.result ?? [] { expression(entry.expression, in: position) }
        if let parent = index.flows[position].parent {
            for argument in flow.arguments { expression(argument.expression, in: parent) }
        }
        template(flow.title, in: position)
        for handler in flow.handlers { handlerKey(handler, in: position) }
        for handler in flow.handlers + flow.observers { branches(handler, in: position, of: .flow(position)) }
        for (local, screen) in flow.screens.enumerated() {
            let global = index.globalScreen(position, local)
            add(screen.id.location, "**screen `\(screen.id.value)`** of flow '\(flow.id.value)'", definition: nil)
            if let enter = screen.enter {
                add(enter.action.location, "**enter** of screen '\(screen.id.value)': runs each time a transition makes it the one shown, before it is shown; a transition it makes skips the screen", definition: nil)
            }
            template(screen.title, in: position)
            template(screen.text, in: position)
            for field in screen.fields {
                add(field.id.location, "**field `\(field.id.value)`** (\(field.type.value.rawValue)) of flow '\(flow.id.value)'", definition: nil)
                for text in [field.label, field.help, field.placeholder, field.message] { template(text, in: position) }
                expression(field.when, in: position)
                for rule in field.rules {
                    expression(rule.rule, in: position)
                    if let program = rule.program { command(program, in: position) }
                }
                if case .expression(let options)? = field.options { expression(options, in: position) }
            }
            for action in screen.actions {
                offeredAction(action.id, on: global)
                template(action.label, in: position)
                expression(action.when, in: position)
            }
            for handler in screen.handlersAndEnter { branches(handler, in: position, of: .screen(global)) }
        }
    }

    /// A handler's key: `c.done` names the child flow `c`.
    private func handlerKey(_ handler: Handler, in flow: Int) {
        guard let child = ActionEntry.finishedFlow(handler.action.value) else { return }
        if let target = index.flow(named: child) {
            add(handler.action.location, "runs when flow **`\(child)`** finishes", definition: index.flows[target].flow.id.location)
        }
    }

    private func branches(_ handler: Handler, in flow: Int, of responder: ResponderTree.Responder) {
        for branch in handler.branches {
            expression(branch.when, in: flow)
            for assignment in branch.assignments {
                // The target reads as its names do (`app.accounts[user]`, spec §7 1.2).
                expression(assignment.target, in: flow)
                expression(assignment.expression, in: flow)
            }
            template(branch.say, in: flow)
            if let transition = branch.transition {
                switch transition.value {
                case .push(let name), .replace(let name): target(Located(name, at: transition.location), in: flow)
                case .send(let action): sent(Located(action, at: transition.location), by: responder)
                case .exit(_, let message): template(message, in: flow)
                // The rest name nothing to show.
                default: break
                }
            }
            if let launch = branch.launch {
                for argument in launch.arguments { expression(argument.expression, in: flow) }
                expression(launch.forEach, in: flow)
            }
            for command in branch.commands { self.command(command, in: flow) }
        }
    }

    /// A program's templates, and its `into`.
    private func command(_ command: Command, in flow: Int) {
        for argument in command.arguments + command.environment.map(\.expression) { template(argument, in: flow) }
        template(command.label, in: flow)
        if let into = command.into { commandResult(into, in: flow) }
    }

    /// A `start`, `push` or `replace` target.
    private func target(_ name: Located<String>, in flow: Int) {
        switch index.target(name.value, in: flow) {
        case .screen(let screen)?:
            let model = screenModel(screen)
            add(name.location, "**screen `\(name.value)`** of flow '\(index.flows[flow].flow.id.value)'", definition: model?.id.location)
        case .flow(let child)?:
            add(name.location, "**child flow `\(name.value)`**: started afresh", definition: index.flows[child].flow.id.location)
        case nil:
            break
        }
    }

    /// A `run`'s `into`: the variable of the handling flow that receives the result.
    private func commandResult(_ into: Located<String>, in flow: Int) {
        guard let location = declarationLocation(into.value, in: flow) else { return }
        add(into.location, "**variable `\(into.value)`** of flow '\(index.flows[flow].flow.id.value)': receives the command's result",
            definition: location)
    }

    /// An action a screen offers: its chain, and the branches that may take it. A screen
    /// of a file used more than once is offered once per instance, each with its own
    /// chain: each different chain is shown.
    private func offeredAction(_ action: Located<String>, on screen: Int) {
        guard holdsMark(action.location) else { return }
        let route = tree.actionNumber(action.value).map { StaticRoute($0, from: .screen(screen), in: tree) }
        let chain = chainNames(from: screen)
        var lines = ["chain: " + chain.joined(separator: " → ")]
        var definition: SourceLocation?
        for reached in route?.handlers ?? [] {
            for branch in reached.handler.branches {
                lines.append("- \(tree.name(of: reached.responder)): \(branch.when.map { "when `\($0.source)`" } ?? "always")")
            }
            if definition == nil { definition = handlerLocation(action.value, responder: reached.responder) }
        }
        if route?.reachesApplication ?? true {
            lines.append(ActionEntry.builtIns.contains(action.value) ? "- the application" : "- no responder handles it")
        }
        let block = lines.joined(separator: "\n")
        if let earlier = found, earlier.location == action.location {
            guard !earlier.hover.contains(block) else { return }
            found = FlowOutline.Reference(location: earlier.location, hover: earlier.hover + "\n\n" + block,
                                          definition: earlier.definition ?? definition)
            return
        }
        add(action.location, "**action `\(action.value)`**\n\n" + block, definition: definition)
    }

    /// A `send`: the nearest handler of the action from the responder after the sender up.
    private func sent(_ action: Located<String>, by responder: ResponderTree.Responder) {
        let nearest = tree.actionNumber(action.value).flatMap { StaticRoute($0, from: tree.next(of: responder), in: tree).handlers.first }
        guard let taker = nearest?.responder else {
            add(action.location, "sends **`\(action.value)`**", definition: nil)
            return
        }
        add(action.location, "sends **`\(action.value)`**, handled by \(tree.name(of: taker))", definition: handlerLocation(action.value, responder: taker))
    }

    // MARK: Names in expressions and templates

    private func expression(_ source: Located<String>?, in flow: Int) {
        guard let source, holdsMark(source.location), case .success(let parsed) = ExpressionParser.parse(source.value) else { return }
        names(in: parsed, offset: 0, of: source, in: flow)
    }

    private func template(_ source: Located<String>?, in flow: Int) {
        guard let source, holdsMark(source.location), case .success(let template) = Template.parse(source.value) else { return }
        for case .expression(let parsed, let offset) in template.parts { names(in: parsed, offset: offset, of: source, in: flow) }
    }

    private func names(in expression: Expression, offset: Int, of source: Located<String>, in flow: Int) {
        expression.root.forEachNode { node in
            switch node.kind {
            case .identifier(let name):
                guard let (owner, kind) = declaration(of: name, from: flow) else { return }
                place(node.token, offset, source, "**\(kind) `\(name)`** of flow '\(index.flows[owner].flow.id.value)': \(type(of: name, in: owner))",
                      definition: declarationLocation(name, in: owner))
            case .select(let operand, let member):
                guard case .identifier(let flowID) = operand.kind, declaration(of: flowID, from: flow) == nil else { return }
                guard let target = index.flow(named: flowID) else {
                    if flowID == "env", let (owner, name) = environmentDeclaration(of: member, from: flow) {
                        place(node.token, offset, source, "**environment variable `\(member)`**, listed in the env of flow '\(index.flows[owner].flow.id.value)'",
                              definition: name.location)
                    }
                    return
                }
                place(operand.token, offset, source, "**flow `\(flowID)`**", definition: index.flows[target].flow.id.location)
                if let location = declarationLocation(member, in: target) {
                    place(node.token, offset, source, "**`\(flowID).\(member)`**: \(type(of: member, in: target))", definition: location)
                }
            case .call(let name, let receiver, let arguments):
                if let macro = Macro(call: name, receiver: receiver, arguments: arguments) {
                    place(node.token, offset, source, "**macro `\(macro.spelling)`**: \(macro.summary)", definition: nil)
                } else if let function = BuiltinFunction(rawValue: name) {
                    place(node.token, offset, source, "**function `\(name)`**: \(function.summary)", definition: nil)
                }
            default:
                return
            }
        }
    }

    private func place(_ token: ExpressionSpan, _ offset: Int, _ source: Located<String>, _ hover: @autoclosure () -> String,
                       definition: @autoclosure () -> SourceLocation?) {
        let (start, end, _) = TokenPosition.range(offset: offset + token.offset, length: token.length, in: source, sources: sources)
        add(SourceLocation(file: source.location.file, range: SourceRange(start: start, end: end)),
            hover(), definition: definition())
    }

    /// The flow whose variable, field, param or computed value a bare name reads, nearest first.
    private func declaration(of name: String, from flow: Int) -> (Int, String)? {
        for owner in index.ancestry(of: flow) {
            let model = index.flows[owner].flow
            if model.variables.contains(where: { $0.name.value == name }) { return (owner, "variable") }
            if model.params.contains(where: { $0.name.value == name }) { return (owner, "param") }
            if model.computed.contains(where: { $0.name.value == name }) { return (owner, "computed") }
            if model.screens.contains(where: { $0.fields.contains { $0.id.value == name } }) { return (owner, "field") }
        }
        return nil
    }

    /// The `env` entry of the nearest enclosing flow that lists an environment variable.
    private func environmentDeclaration(of name: String, from flow: Int) -> (Int, Located<String>)? {
        for owner in index.ancestry(of: flow) {
            if let entry = index.flows[owner].flow.environment.first(where: { $0.value == name }) { return (owner, entry) }
        }
        return nil
    }

    private func declarationLocation(_ name: String, in flow: Int) -> SourceLocation? {
        let model = index.flows[flow].flow
        return model.variables.first { $0.name.value == name }?.name.location
            ?? model.params.first { $0.name.value == name }?.name.location
            ?? model.computed.first { $0.name.value == name }?.name.location
            ?? model.result?.first { $0.name.value == name }?.name.location
            ?? model.screens.lazy.compactMap { $0.fields.first { $0.id.value == name }?.id.location }.first
    }

    private func type(of name: String, in flow: Int) -> String {
        tables.variables(of: flow)[name].map { "\($0)" } ?? "dyn"
    }

    // MARK: Helpers

    private func screenModel(_ global: Int) -> Screen? {
        for position in index.flows.indices {
            let count = index.flows[position].flow.screens.count
            let first = index.globalScreen(position, 0)
            if global >= first && global < first + count { return index.flows[position].flow.screens[global - first] }
        }
        return nil
    }

    private func chainNames(from screen: Int) -> [String] {
        tree.chain(from: .screen(screen)).map(tree.name) + [ResponderName.application]
    }

    private func handlerLocation(_ action: String, responder: ResponderTree.Responder) -> SourceLocation? {
        switch responder {
        case .screen(let screen): screenModel(screen)?.handlers.first { $0.action.value == action }?.action.location
        case .flow(let flow): index.flows[flow].flow.handlers.first { $0.action.value == action }?.action.location
        }
    }

    private func fileStart(_ path: Located<String>) -> SourceLocation {
        let including = path.location.file
        let directory = including.lastIndex(of: "/").map { String(including[...$0]) } ?? ""
        let resolved = path.value.hasPrefix("/") ? path.value : directory + path.value
        return SourceLocation(file: resolved, range: SourceRange(start: .start, end: .start))
    }

    /// Keeps the place if it holds the mark and lies inside any kept before; only then is
    /// its hover text written.
    private func add(_ location: SourceLocation, _ hover: @autoclosure () -> String, definition: @autoclosure () -> SourceLocation?) {
        guard holdsMark(location), found.map({ span(location) < span($0.location) }) ?? true else { return }
        found = FlowOutline.Reference(location: location, hover: hover(), definition: definition())
    }

    private func holdsMark(_ location: SourceLocation) -> Bool {
        location.file == file && location.range.start <= mark && mark < location.range.end
    }

    private func span(_ location: SourceLocation) -> Int {
        (location.range.end.line - location.range.start.line) * 10_000 + location.range.end.column - location.range.start.column
    }
}
