import FlowYAML

/// Builds the flow model (spec §3–§8) from a document's YAML tree by hand, so that
/// every value keeps its position and every problem becomes a diagnostic.
struct FlowModelBuilder {
    var reader = NodeReader()
    /// Loads and builds an included file: `(path as written, the id it is included as)`.
    let resolveInclude: (Located<String>, Located<String>) -> Flow?
    /// Loads and builds a used file (once per file): `(path as written, the instance's id)`.
    let resolveUse: (Located<String>, Located<String>) -> Flow?

    init(resolveInclude: @escaping (Located<String>, Located<String>) -> Flow?,
         resolveUse: @escaping (Located<String>, Located<String>) -> Flow?) {
        self.resolveInclude = resolveInclude
        self.resolveUse = resolveUse
    }

    // MARK: Documents and flows

    /// The root flow of a document (or of an included file, `includedAs` its key).
    mutating func document(_ root: Node, includedAs: Located<String>? = nil) -> Flow? {
        guard let keys = reader.mapping(root, allowed: FlowKey.allCases, what: "a flow file") else { return nil }
        let fileStart = SourceLocation(file: root.file, range: SourceRange(start: .start, end: .start))
        if let version = keys[.version] {
            if case .int(let number)? = version.scalarValue {
                if number != 1 { reader.report(.unsupportedVersion, "version \(number) is not supported; this flowrun reads version 1", at: version) }
            } else {
                reader.report(.typeMismatch, "version must be the number 1, but this is \(reader.describe(version))", at: version)
            }
        } else {
            reader.report(.missingKey, "a flow file needs 'version: 1'", at: fileStart,
                          fix: Diagnostic.Fix("add 'version: 1' at the top", replacement: "version: 1"))
        }
        var id: Located<String>
        if let flowNode = keys[.flow], let flowID = reader.id(flowNode, what: "flow id") {
            id = flowID
            if let includedAs, flowID.value != includedAs.value {
                reader.report(.invalidID, "the included file's flow is '\(flowID.value)', but it is included as '\(includedAs.value)'",
                              at: flowID.location, notes: [Diagnostic.Note("included here", file: includedAs.location.file, at: includedAs.location.start)])
            }
        } else {
            if keys[.flow] == nil {
                reader.report(.missingKey, "a flow file needs 'flow: <id>', the root flow's id", at: fileStart)
            }
            id = Located(includedAs?.value ?? "", at: fileStart)
        }
        if let includedAs { id = Located(includedAs.value, at: id.location) }
        return flow(keys, id: id, location: includedAs?.location ?? fileStart)
    }

    private mutating func flow(_ keys: KeyedPairs<FlowKey>, id: Located<String>, location: SourceLocation) -> Flow {
        var flow = Flow(id: id, location: location)
        flow.title = keys[.title].flatMap { reader.template($0, what: "a flow's title") }
        if let start = keys[.start] {
            flow.start = reader.id(start, what: "start")
        } else {
            reader.report(.missingKey, "flow '\(id.value)' needs 'start': the screen or child flow it begins with", at: location)
        }
        if let node = keys[.variables] { flow.variables = variables(node, what: "variables", naming: "variable name") }
        if let node = keys[.env] {
            if let names = node.sequence {
                flow.environment = names.compactMapExact { reader.string($0, what: "an environment variable name") }
            } else {
                reader.report(.typeMismatch, "env must be a list of environment variable names, but this is \(reader.describe(node))", at: node)
            }
        }
        if let node = keys[.screens] {
            flow.screens = reader.idMapping(node, what: "screens").compactMapExact { screenID, _, value in
                reader.checkID(screenID, what: "screen id")
                return screen(value, id: screenID)
            }
        }
        if let node = keys[.flows] {
            flow.flows = reader.idMapping(node, what: "flows").compactMapExact { childID, _, value in
                reader.checkID(childID, what: "flow id")
                return childFlow(value, id: childID)
            }
        }
        if let node = keys[.on] { flow.handlers = handlers(node) }
        if let node = keys[.params] { flow.params = variables(node, what: "params", naming: "param name") }
        if let node = keys[.observe] { flow.observers = handlers(node, observing: true) }
        if let node = keys[.result] { flow.result = expressions(node, what: "result", naming: "result name", each: "a result") }
        if let node = keys[.computed] { flow.computed = expressions(node, what: "computed", naming: "computed name", each: "a computed value") }
        flow.detachOwnNodes()
        return flow
    }

    /// A child flow written in place, `{ include: path }`, or `{ use: path, with, title }`.
    private mutating func childFlow(_ node: Node, id: Located<String>) -> Flow? {
        if let pairs = node.mapping, pairs.contains(where: { $0.key.spells(UseKey.use.rawValue) }) {
            return instance(node, id: id)
        }
        if let pairs = node.mapping, pairs.contains(where: { $0.key.spells(IncludeKey.include.rawValue) }) {
            guard let keys = reader.mapping(node, allowed: IncludeKey.allCases, what: "an include"),
                  let pathNode = keys[.include], let path = reader.string(pathNode, what: "an include path") else { return nil }
            // A flow that could not be included stays in the tree, empty, so that names of it
            // still resolve and only the include itself is reported.
            var flow = resolveInclude(path, id) ?? Flow(id: id, location: id.location, isPlaceholder: true)
            flow.includedFile = path
            return flow
        }
        guard let keys = reader.mapping(node, allowed: FlowKey.childFlow, what: "flow '\(id.value)'") else { return nil }
        return flow(keys, id: id, location: id.location)
    }

    /// An instance of a used file (spec §3 1.1): the file's flow under the entry's id,
    /// its params given by `with`, its title by the entry's where it has one.
    private mutating func instance(_ node: Node, id: Located<String>) -> Flow? {
        guard let keys = reader.mapping(node, allowed: UseKey.allCases, what: "a use"),
              let pathNode = keys[.use], let path = reader.string(pathNode, what: "a used file's path") else { return nil }
        let arguments = keys[.with].map { expressions($0, what: "with", naming: "param name") } ?? []
        let title = keys[.title].flatMap { reader.template($0, what: "a flow's title") }
        guard var flow = resolveUse(path, id) else {
            var placeholder = Flow(id: id, location: id.location, isPlaceholder: true)
            placeholder.usedFile = path
            return placeholder
        }
        flow.id = id
        flow.location = id.location
        flow.arguments = arguments
        flow.usedFile = path
        if let title { flow.title = title }
        return flow
    }

    /// A mapping of names to values kept as nodes (`variables`, `params`).
    private mutating func variables(_ node: Node, what: String, naming: String) -> [Variable] {
        reader.idMapping(node, what: what).map { name, _, value in
            reader.checkID(name, what: naming)
            return Variable(name: name, value: value)
        }
    }

    /// A mapping of names to expressions (`with`, `result`, `computed`); `each` names one
    /// of its values in diagnostics.
    private mutating func expressions(_ node: Node, what: String, naming: String, each: String? = nil) -> [NamedExpression] {
        reader.idMapping(node, what: what).compactMapExact { name, _, value in
            reader.checkID(name, what: naming)
            return reader.expression(value, what: each ?? "a value of '\(what)'").map { NamedExpression(name: name, expression: $0) }
        }
    }

    // MARK: Screens, fields, actions

    private mutating func screen(_ node: Node, id: Located<String>) -> Screen? {
        guard let keys = reader.mapping(node, allowed: ScreenKey.allCases, what: "screen '\(id.value)'") else { return nil }
        var screen = Screen(id: id, title: nil, text: nil, fields: [], actions: [], handlers: [], isTerminal: false)
        screen.title = keys[.title].flatMap { reader.template($0, what: "a screen's title") }
        screen.text = keys[.text].flatMap { reader.template($0, what: "a screen's text") }
        if let node = keys[.fields] {
            if let list = node.sequence {
                screen.fields = list.compactMapExact { field($0) }
            } else {
                reader.report(.typeMismatch, "fields must be a list, but this is \(reader.describe(node))", at: node)
            }
        }
        if let node = keys[.actions] {
            if let list = node.sequence {
                screen.actions = list.compactMapExact { action($0) }
                checkKeysUnique(screen.actions)
                let defaults = screen.actions.compactMap { $0.isDefault?.value == true ? $0.isDefault : nil }
                for second in defaults.dropFirst() {
                    reader.report(.duplicateKey, "a screen has one default action, and this is its second", at: second.location,
                                  notes: [Diagnostic.Note("the first default action", at: defaults[0].location)])
                }
            } else {
                reader.report(.typeMismatch, "actions must be a list, but this is \(reader.describe(node))", at: node)
            }
        }
        if let node = keys[.on] { screen.handlers = handlers(node) }
        if let (_, keyNode, value) = keys.pairs(where: { $0 == .enter }).first, let key = keyNode.string {
            screen.enter = Handler(action: Located(key, at: SourceLocation(keyNode)), branches: branches(value, observing: false))
        }
        screen.isTerminal = keys[.terminal].flatMap { reader.bool($0, what: "terminal") }?.value ?? false
        return screen
    }

    private mutating func field(_ node: Node) -> Field? {
        guard let keys = reader.mapping(node, allowed: FieldKey.allCases, what: "a field") else { return nil }
        guard let idNode = keys[.id] else {
            reader.report(.missingKey, "a field needs an 'id': the variable it sets", at: node)
            return nil
        }
        guard let id = reader.id(idNode, what: "field id") else { return nil }
        var type = Located(FieldType.text, at: id.location)
        if let typeNode = keys[.type], let name = reader.string(typeNode, what: "a field's type") {
            if let known = FieldType(rawValue: name.value) {
                type = Located(known, at: name.location)
            } else {
                let names = FieldType.allCases.map(\.rawValue)
                reader.report(.typeMismatch, "'\(name.value)' is not a field type; the types are \(names.joined(separator: ", "))",
                              at: name.location, fix: .nearest(to: name.value, among: names))
            }
        }
        let remember = keys[.remember].flatMap { reader.bool($0, what: "remember") }
        // A secret is never written down, so it cannot be remembered (spec §6 1.1).
        if let remember, remember.value, type.value == .secret {
            reader.report(.secretRemembered, "a secret field's answer is never stored, so it cannot be remembered", at: remember.location,
                          fix: Diagnostic.Fix("remove 'remember', or make the field a text field"))
        }
        var field = Field(id: id, type: type, label: keys[.label].flatMap { reader.template($0, what: "a label") },
                          isRequired: keys[.required].flatMap { reader.bool($0, what: "required") }?.value ?? false,
                          remember: remember?.value ?? false, rules: [])
        field.help = keys[.help].flatMap { reader.template($0, what: "a help text") }
        field.placeholder = keys[.placeholder].flatMap { reader.template($0, what: "a placeholder") }
        field.defaultValue = keys[.default]
        field.pattern = keys[.pattern].flatMap { reader.string($0, what: "a pattern") }
        field.min = keys[.min].flatMap { reader.number($0, what: "min") }
        field.max = keys[.max].flatMap { reader.number($0, what: "max") }
        field.when = keys[.when].flatMap { reader.expression($0, what: "when") }
        field.message = keys[.message].flatMap { reader.template($0, what: "a message") }
        if let node = keys[.options] { field.options = options(node) }
        if let node = keys[.validate] {
            if let list = node.sequence {
                field.rules = list.compactMapExact { rule($0) }
            } else {
                reader.report(.typeMismatch, "a field's validate must be a list of { rule, message } or { run, message }, but this is \(reader.describe(node))", at: node)
            }
        }
        return field
    }

    private mutating func options(_ node: Node) -> FieldOptions? {
        if node.kind == .scalar { return reader.expression(node, what: "options").map(FieldOptions.expression) }
        guard let list = node.sequence else {
            reader.report(.typeMismatch, "options must be a list or an expression, but this is \(reader.describe(node))", at: node)
            return nil
        }
        let options: [FieldOption] = list.compactMapExact { entry in
            guard entry.kind == .mapping else {
                guard entry.kind == .scalar, entry.scalarKind != .null else {
                    reader.report(.typeMismatch, "an option must be a value or { value, label }, but this is \(reader.describe(entry))", at: entry)
                    return nil
                }
                return FieldOption(value: entry, label: nil)
            }
            guard let keys = reader.mapping(entry, allowed: OptionKey.allCases, what: "an option") else { return nil }
            guard let value = keys[.value] else {
                reader.report(.missingKey, "an option needs a 'value'", at: entry)
                return nil
            }
            return FieldOption(value: value, label: keys[.label].flatMap { reader.template($0, what: "an option's label") })
        }
        return .list(options, location: SourceLocation(node))
    }

    /// `{ rule, message }`, or `{ run, message }` (spec §6 1.2): one of the two.
    private mutating func rule(_ node: Node) -> ValidationRule? {
        guard let keys = reader.mapping(node, allowed: RuleKey.allCases, what: "a validation rule") else { return nil }
        let message = keys[.message].flatMap { reader.template($0, what: "a message") }
        switch (keys[.rule], keys[.run]) {
        case (let ruleNode?, nil):
            return reader.expression(ruleNode, what: "a rule").map { ValidationRule(test: .rule($0), message: message) }
        case (nil, let runNode?):
            return command(runNode, allowed: CommandKey.check, what: "a check's run").map { ValidationRule(test: .program($0), message: message) }
        case (_?, _?):
            reader.report(.typeMismatch, "a validation rule is checked by a 'rule' or by a program it 'run's, not both", at: keys.pairs { $0 == .run }.first?.keyNode ?? node)
            return nil
        case (nil, nil):
            reader.report(.missingKey, "a validation rule needs a 'rule' expression, or a program to 'run'", at: node)
            return nil
        }
    }

    private mutating func action(_ node: Node) -> ActionEntry? {
        if node.kind == .scalar {
            return reader.id(node, what: "action id").map { ActionEntry(id: $0) }
        }
        guard let keys = reader.mapping(node, allowed: ActionKey.allCases, what: "an action") else { return nil }
        guard let idNode = keys[.id] else {
            reader.report(.missingKey, "an action needs an 'id'", at: node)
            return nil
        }
        guard let id = reader.id(idNode, what: "action id") else { return nil }
        var action = ActionEntry(id: id, label: keys[.label].flatMap { reader.template($0, what: "a label") })
        action.key = keys[.key].flatMap { shortcutKey($0) }
        action.validate = keys[.validate].flatMap { reader.bool($0, what: "validate") }
        action.when = keys[.when].flatMap { reader.expression($0, what: "when") }
        action.isDefault = keys[.default].flatMap { reader.bool($0, what: "default") }
        return action
    }

    /// An action's `key`: one character that is not a digit, since digits number the
    /// actions at the plain-mode prompt, and that can be typed there (`untypable`). `key: 1` is a YAML integer, but the author meant
    /// the digit, so an integer's text is judged as a string's is.
    private mutating func shortcutKey(_ node: Node) -> Located<String>? {
        let key: Located<String>
        if node.kind == .scalar, node.scalarKind == .int, let text = node.string {
            key = Located(text, at: SourceLocation(node))
        } else {
            guard let text = reader.string(node, what: "a shortcut key") else { return nil }
            key = text
        }
        guard key.value.count == 1 else {
            reader.report(.invalidKey, "a shortcut key is one character, but '\(key.value)' has \(key.value.count)", at: key.location)
            return nil
        }
        guard !Self.isDigit(key.value) else {
            reader.report(.invalidKey, "'\(key.value)' cannot be a shortcut key: it is a digit", at: key.location,
                          notes: [Diagnostic.Note("digits number the actions at the prompt (1. Save), so choose a letter or a sign", at: key.location)])
            return nil
        }
        if let reason = Self.untypable(key.value) {
            reader.report(.invalidKey, "'\(TerminalText.line(key.value))' cannot be a shortcut key: \(reason)", at: key.location)
            return nil
        }
        return key
    }

    /// Why a key could not be typed as a whole line at the plain-mode action prompt, as a
    /// key must (spec §5), or pressed in the terminal; nil when it can.
    private static func untypable(_ key: String) -> String? {
        if key == "/" { return "at the prompt it starts /ID, which asks a field again or chooses an action" }
        if key.allSatisfy(\.isWhitespace) { return "a line typed at the prompt is read without its spaces" }
        if key.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) }) { return "it is a control character, which a terminal sends for keys of its own (Esc, Tab, Enter)" }
        return nil
    }

    private static func isDigit(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Reports each action whose key an earlier action of the same screen already has.
    private mutating func checkKeysUnique(_ actions: [ActionEntry]) {
        let keys = actions.compactMap(\.key)
        // A screen has a handful of keys, compared pairwise without hashing; a long list
        // (hostile or generated) is indexed, so the check stays linear.
        let firstPositions = keys.count > 16 ? Dictionary(keys.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        for (position, key) in keys.enumerated() {
            let firstPosition = firstPositions.map { $0[key.value] ?? position } ?? keys.firstIndex { $0.value == key.value } ?? position
            guard firstPosition < position else { continue }
            reader.report(.invalidKey, "'\(key.value)' is already the key of another action on this screen", at: key.location,
                          notes: [Diagnostic.Note("the first action with this key", at: keys[firstPosition].location)])
        }
    }

    // MARK: Handlers

    /// An `on` mapping, or with `observing`, an `observe` mapping (whose branches make no transition).
    private mutating func handlers(_ node: Node, observing: Bool = false) -> [Handler] {
        reader.idMapping(node, what: observing ? "observe" : "on").map { action, _, value in
            if observing {
                reader.checkID(action, what: "notification name")
            } else if !Identifier.isValidAction(action.value) {
                reader.report(.invalidID, "'\(action.value)' is not a valid action: an action id, or 'flowid.done'", at: action.location)
            }
            return Handler(action: action, branches: branches(value, observing: observing))
        }
    }

    /// A handler's branches: one branch, or a list of them (spec §7).
    private mutating func branches(_ node: Node, observing: Bool) -> [Branch] {
        if let list = node.sequence { return list.compactMapExact { branch($0, observing: observing) } }
        return branch(node, observing: observing).map { [$0] } ?? []
    }

    private mutating func branch(_ node: Node, observing: Bool) -> Branch? {
        let keys = observing
            ? reader.mapping(node, allowed: BranchKey.observer, what: "an observer's branch (observers make no transition)")
            : reader.mapping(node, allowed: BranchKey.allCases, what: "a handler branch")
        guard let keys else { return nil }
        var branch = Branch(when: nil, assignments: [], say: nil, transition: nil, location: SourceLocation(node))
        branch.when = keys[.when].flatMap { reader.expression($0, what: "when") }
        branch.say = keys[.say].flatMap { reader.template($0, what: "say") }
        if let node = keys[.set] {
            branch.assignments = reader.idMapping(node, what: "set").compactMapExact { target, _, value in
                let destination = SetTarget.parse(target.value)
                if destination == nil {
                    reader.report(.invalidID, "'\(target.value)' is not a variable name, 'flowid.name', or an index into one ('name[key]')", at: target.location)
                }
                return reader.expression(value, what: "an assignment").map { Assignment(target: target, expression: $0, destination: destination) }
            }
        }
        if let node = keys[.run] { branch.commands = commands(node) }
        if let node = keys[.post] {
            branch.post = reader.id(node, what: "a notification name")
        }
        let transitions = keys.pairs { $0.isTransition }
        for extra in transitions.dropFirst() {
            reader.report(.typeMismatch, "a branch makes at most one transition, but this one has both '\(transitions[0].key.rawValue)' and '\(extra.key.rawValue)'",
                          at: extra.keyNode)
        }
        if let first = transitions.first {
            if (first.key == .push || first.key == .replace), first.value.kind == .mapping {
                branch.transition = launchTarget(first.key, first.value, into: &branch)
            } else {
                branch.transition = transition(first.key, first.value).map { Located($0, at: SourceLocation(first.value)) }
            }
        }
        return branch
    }

    /// `push: { to, with, for_each, as, index }` (spec §7 1.1, `index` 1.2): the transition to `to`, and how it starts a flow.
    private mutating func launchTarget(_ key: BranchKey, _ node: Node, into branch: inout Branch) -> Located<Transition>? {
        guard let keys = reader.mapping(node, allowed: LaunchKey.allCases, what: "a \(key.rawValue) target") else { return nil }
        guard let toNode = keys[.to] else {
            reader.report(.missingKey, "a \(key.rawValue) written as a mapping needs 'to': the screen or child flow", at: node)
            return nil
        }
        guard let target = reader.id(toNode, what: "a \(key.rawValue) target") else { return nil }
        var launch = FlowLaunch(arguments: keys[.with].map { expressions($0, what: "with", naming: "param name") } ?? [])
        launch.forEach = keys[.for_each].flatMap { reader.expression($0, what: "for_each") }
        launch.element = keys[.as].flatMap { reader.id($0, what: "the param 'as' names") }
        if launch.forEach != nil, launch.element == nil {
            reader.report(.missingKey, "for_each needs 'as': the param that receives each element", at: node)
        } else if launch.forEach == nil, let element = launch.element {
            reader.report(.typeMismatch, "'as' names the param of each element, and needs 'for_each'", at: element.location)
        }
        launch.index = keys[.index].flatMap { reader.id($0, what: "the param 'index' names") }
        if launch.forEach == nil, let index = launch.index {
            reader.report(.typeMismatch, "'index' names the param of each run's position, and needs 'for_each'", at: index.location)
        } else if let index = launch.index, index.value == launch.element?.value {
            reader.report(.typeMismatch, "'index' and 'as' both name the param '\(index.value)': the position and the element each need their own", at: index.location)
        }
        // A value `with` gives the param each run's element or position goes to would be lost.
        for argument in launch.arguments {
            for (key, named, what) in [("as", launch.element, "element"), ("index", launch.index, "position")] where named?.value == argument.name.value {
                reader.report(.typeMismatch, "'\(key)' gives the param '\(argument.name.value)' each run's \(what), so the value 'with' gives it is never used",
                              at: argument.name.location)
            }
        }
        branch.launch = launch
        let transition: Transition = key == .push ? .push(target.value) : .replace(target.value)
        return Located(transition, at: target.location)
    }

    /// A branch's `run`: one command, or a list of them (spec §7 1.2).
    private mutating func commands(_ node: Node) -> [Command] {
        guard let list = node.sequence else { return command(node, allowed: CommandKey.allCases, what: "run").map { [$0] } ?? [] }
        guard !list.isEmpty else {
            reader.report(.typeMismatch, "run must be a command { command, into, … } or a list of them, but this list is empty", at: node)
            return []
        }
        return list.compactMapExact { element in command(element, allowed: CommandKey.allCases, what: "a command of run") }
    }

    /// `run: { command, into, env, timeout, label }` (spec §7 1.1); a field's check has no `into`.
    private mutating func command(_ node: Node, allowed: [CommandKey], what: String) -> Command? {
        guard let keys = reader.mapping(node, allowed: allowed, what: what) else { return nil }
        guard let commandNode = keys[.command] else {
            reader.report(.missingKey, "run needs 'command': the program and its arguments, as a list", at: node)
            return nil
        }
        guard let list = commandNode.sequence, !list.isEmpty else {
            reader.report(.typeMismatch, "command must be a list of the program and its arguments, but this is \(reader.describe(commandNode))",
                          at: commandNode)
            return nil
        }
        var command = Command(arguments: list.compactMapExact { argument in
            if argument.kind == .scalar, argument.scalarKind != .null, let text = argument.string {
                return Located(text, at: SourceLocation(argument))
            }
            return reader.template(argument, what: "a command argument")
        }, environment: [], location: SourceLocation(node))
        command.into = keys[.into].flatMap { reader.id($0, what: "into") }
        if let envNode = keys[.env] {
            command.environment = reader.idMapping(envNode, what: "env").compactMapExact { name, _, value in
                if !Identifier.isEnvironmentName(name.value) {
                    reader.report(.invalidID, "'\(name.value)' is not an environment variable name: letters, digits and '_', not first a digit",
                                  at: name.location)
                }
                if value.kind == .scalar, value.scalarKind != .null, let text = value.string {
                    return NamedExpression(name: name, expression: Located(text, at: SourceLocation(value)))
                }
                return reader.template(value, what: "an environment value").map { NamedExpression(name: name, expression: $0) }
            }
        }
        if let timeoutNode = keys[.timeout], let timeout = reader.number(timeoutNode, what: "timeout") {
            if timeout.value > 0, timeout.value <= 86_400 { command.timeout = timeout } else {
                reader.report(.typeMismatch, "a timeout is a number of seconds above 0 and at most 86400 (a day)", at: timeoutNode)
            }
        }
        command.label = keys[.label].flatMap { reader.template($0, what: "a label") }
        return command
    }

    /// The transition a branch's `key` makes; nil for a key that makes none.
    private mutating func transition(_ key: BranchKey, _ node: Node) -> Transition? {
        let name = key.rawValue
        switch key {
        case .push: return reader.id(node, what: "a push target").map { .push($0.value) }
        case .replace: return reader.id(node, what: "a replace target").map { .replace($0.value) }
        case .send:
            guard let action = reader.string(node, what: "an action to send") else { return nil }
            if !Identifier.isValidAction(action.value) {
                reader.report(.invalidID, "'\(action.value)' is not a valid action to send", at: action.location)
            }
            return .send(action.value)
        case .back, .finish:
            guard let flag = reader.bool(node, what: name) else { return nil }
            if !flag.value { reader.report(.typeMismatch, "'\(name): false' does nothing; write '\(name): true' or leave it out", at: node) }
            return flag.value ? (key == .back ? .back : .finish) : nil
        case .when, .set, .say, .run, .post:
            return nil
        case .exit:
            if node.kind == .scalar, node.scalarKind == .null { return .exit(code: 0, message: nil) }
            guard let keys = reader.mapping(node, allowed: ExitKey.allCases, what: "exit") else { return nil }
            var code = 0
            if let codeNode = keys[.code], let written = reader.integer(codeNode, what: "an exit code") {
                if (0...255).contains(written.value) { code = written.value } else {
                    reader.report(.typeMismatch, "an exit code is 0 to 255, as processes exit with", at: codeNode)
                }
            }
            return .exit(code: code, message: keys[.message].flatMap { reader.template($0, what: "an exit message") })
        }
    }
}
