/// What each place of a flow file names, for an editor (`flowrun lsp`): the tree of
/// flows, screens and fields, and for every id, target, action, path and name read in an
/// expression or template, what it means (a hover text) and where it is defined.
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
    }

    /// The root flow and what it holds.
    public let root: Symbol?
    public let references: [Reference]

    public init(document: FlowDocument, sources: [String: SourceText]) {
        let index = FlowIndex(root: document.root)
        var builder = OutlineBuilder(index: index, tables: ScopeTables(index), tree: ResponderTree(analysing: index), sources: sources)
        builder.build()
        root = builder.symbol(of: 0)
        references = builder.references
    }

    /// The innermost reference at `mark` in `file`.
    public func reference(at mark: Mark, in file: String) -> Reference? {
        references.filter { $0.location.file == file && $0.location.range.start <= mark && mark < $0.location.range.end }
            .min { span($0.location) < span($1.location) }
    }

    private func span(_ location: SourceLocation) -> Int {
        (location.range.end.line - location.range.start.line) * 10_000 + location.range.end.column - location.range.start.column
    }
}

private struct OutlineBuilder {
    let index: FlowIndex
    let tables: ScopeTables
    let tree: ResponderTree
    let sources: [String: SourceText]
    var references: [FlowOutline.Reference] = []

    func symbol(of flow: Int) -> FlowOutline.Symbol {
        let model = index.flows[flow].flow
        let screens = model.screens.map { screen in
            FlowOutline.Symbol(name: screen.id.value, kind: .screen, detail: screen.isTerminal ? "terminal" : nil, location: screen.id.location,
                               children: screen.fields.map { field in
                                   FlowOutline.Symbol(name: field.id.value, kind: .field, detail: field.type.value.rawValue,
                                                      location: field.id.location, children: [])
                               })
        }
        let children = index.flows.indices.filter { index.flows[$0].parent == flow }.map(symbol(of:))
        let origin = model.usedFile.map { "use \($0.value)" } ?? model.includedFile.map { "include \($0.value)" }
        return FlowOutline.Symbol(name: model.id.value, kind: .flow, detail: origin, location: model.id.location, children: screens + children)
    }

    mutating func build() {
        for position in index.flows.indices { flow(position) }
    }

    private mutating func flow(_ position: Int) {
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
            template(screen.title, in: position)
            template(screen.text, in: position)
            for field in screen.fields {
                add(field.id.location, "**field `\(field.id.value)`** (\(field.type.value.rawValue)) of flow '\(flow.id.value)'", definition: nil)
                for text in [field.label, field.help, field.placeholder, field.message] { template(text, in: position) }
                expression(field.when, in: position)
                for rule in field.rules { expression(rule.rule, in: position) }
                if case .expression(let options)? = field.options { expression(options, in: position) }
            }
            for action in screen.actions {
                offeredAction(action.id, on: global)
                template(action.label, in: position)
                expression(action.when, in: position)
            }
            for handler in screen.handlers { branches(handler, in: position, of: .screen(global)) }
        }
    }

    /// A handler's key: `c.done` names the child flow `c`.
    private mutating func handlerKey(_ handler: Handler, in flow: Int) {
        let action = handler.action.value
        guard action.hasSuffix(".done") else { return }
        let child = String(action.dropLast(".done".count))
        if let target = index.flow(named: child) {
            add(handler.action.location, "runs when flow **`\(child)`** finishes", definition: index.flows[target].flow.id.location)
        }
    }

    private mutating func branches(_ handler: Handler, in flow: Int, of responder: ResponderTree.Responder) {
        for branch in handler.branches {
            expression(branch.when, in: flow)
            for assignment in branch.assignments { expression(assignment.expression, in: flow) }
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
            if let command = branch.command {
                for argument in command.arguments + command.environment.map(\.expression) { template(argument, in: flow) }
                template(command.label, in: flow)
            }
        }
    }

    /// A `start`, `push` or `replace` target.
    private mutating func target(_ name: Located<String>, in flow: Int) {
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

    /// An action a screen offers: its chain, and the branches that may take it.
    private mutating func offeredAction(_ action: Located<String>, on screen: Int) {
        let route = tree.actionNumber(action.value).map { StaticRoute($0, from: .screen(screen), in: tree) }
        let chain = chainNames(from: screen)
        var lines = ["**action `\(action.value)`**", "", "chain: " + chain.joined(separator: " → ")]
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
        add(action.location, lines.joined(separator: "\n"), definition: definition)
    }

    /// A `send`: the nearest handler of the action from the responder after the sender up.
    private mutating func sent(_ action: Located<String>, by responder: ResponderTree.Responder) {
        let nearest = tree.actionNumber(action.value).flatMap { StaticRoute($0, from: tree.next(of: responder), in: tree).handlers.first }
        guard let taker = nearest?.responder else {
            add(action.location, "sends **`\(action.value)`**", definition: nil)
            return
        }
        add(action.location, "sends **`\(action.value)`**, handled by \(tree.name(of: taker))", definition: handlerLocation(action.value, responder: taker))
    }

    // MARK: Names in expressions and templates

    private mutating func expression(_ source: Located<String>?, in flow: Int) {
        guard let source, case .success(let parsed) = ExpressionParser.parse(source.value) else { return }
        names(in: parsed, offset: 0, of: source, in: flow)
    }

    private mutating func template(_ source: Located<String>?, in flow: Int) {
        guard let source, case .success(let template) = Template.parse(source.value) else { return }
        for case .expression(let parsed, let offset) in template.parts { names(in: parsed, offset: offset, of: source, in: flow) }
    }

    private mutating func names(in expression: Expression, offset: Int, of source: Located<String>, in flow: Int) {
        expression.root.forEachNode { node in
            switch node.kind {
            case .identifier(let name):
                guard let (owner, kind) = declaration(of: name, from: flow) else { return }
                place(node.token, offset, source, "**\(kind) `\(name)`** of flow '\(index.flows[owner].flow.id.value)': \(type(of: name, in: owner))",
                      definition: declarationLocation(name, in: owner))
            case .select(let operand, let member):
                guard case .identifier(let flowID) = operand.kind, declaration(of: flowID, from: flow) == nil,
                      let target = index.flow(named: flowID) else { return }
                place(operand.token, offset, source, "**flow `\(flowID)`**", definition: index.flows[target].flow.id.location)
                if let location = declarationLocation(member, in: target) {
                    place(node.token, offset, source, "**`\(flowID).\(member)`**: \(type(of: member, in: target))", definition: location)
                }
            default:
                return
            }
        }
    }

    private mutating func place(_ token: ExpressionSpan, _ offset: Int, _ source: Located<String>, _ hover: String, definition: SourceLocation?) {
        let (start, end) = TokenPosition.range(offset: offset + token.offset, length: token.length, in: source, sources: sources)
        add(SourceLocation(file: source.location.file, range: SourceRange(start: start, end: end ?? Mark(line: start.line, column: start.column + 1))),
            hover, definition: definition)
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

    private mutating func add(_ location: SourceLocation, _ hover: String, definition: SourceLocation?) {
        references.append(FlowOutline.Reference(location: location, hover: hover, definition: definition))
    }
}
