import FlowExpressions

extension ResponderTree {
    /// Every `flowid.name` that an expression or template of the tree reads as a member
    /// (`vault.pin`): what is read of a flow from outside it, also after it finished.
    ///
    /// - Complexity: walks every expression of the tree: called on a resume, not at start.
    var memberReads: Set<String> {
        let flowIDs = Set(flows.map(\.id))
        var reads = Set<String>()
        func read(_ expression: Expression) {
            expression.root.forEachNode { node in
                if case .select(let operand, let name) = node.kind, case .identifier(let flow) = operand.kind, flowIDs.contains(flow) {
                    reads.insert("\(flow).\(name)")
                }
            }
        }
        func visit(_ expression: Compiled<Expression>?) {
            if let expression { read(expression.parsed) }
        }
        func render(_ template: Compiled<Template>?) {
            for case .expression(let expression, _) in template?.parsed.parts ?? [] { read(expression) }
        }
        func command(_ command: CommandNode) {
            command.arguments.forEach { render($0) }
            command.environment.forEach { render($0.value) }
            render(command.label)
        }
        func route(_ handlers: some Collection<HandlerNode>) {
            for branch in handlers.flatMap(\.branches) {
                visit(branch.when)
                for assignment in branch.assignments {
                    visit(assignment.expression)
                    for case .index(let key) in assignment.path { visit(key) }
                }
                render(branch.say)
                if case .exit(_, let message)? = branch.transition { render(message) }
                branch.launch?.arguments.forEach { visit($0.expression) }
                visit(branch.launch?.forEach)
                branch.commands.forEach(command)
            }
        }
        for flow in flows {
            render(flow.title)
            flow.result?.forEach { visit($0.expression) }
            flow.computed.values.forEach { visit($0) }
            flow.arguments.forEach { visit($0.expression) }
            route(flow.handlers.values)
            route(flow.observers.values)
        }
        for screen in screens {
            render(screen.title)
            render(screen.text)
            route(screen.handlers.values)
            route(screen.enter.map { [$0] } ?? [])
            for action in screen.actions {
                render(action.label)
                visit(action.when)
            }
            for field in screen.fields {
                [field.label, field.help, field.placeholder, field.message].forEach { render($0) }
                if case .template(let template)? = field.defaultValue { render(template) }
                if case .expression(let expression)? = field.options { visit(expression) }
                if case .list(let options)? = field.options { options.forEach { render($0.label) } }
                visit(field.when)
                field.rules.forEach { rule in
                    switch rule.test {
                    case .holds(let expression): visit(expression)
                    case .program(let program): command(program)
                    }
                    render(rule.message)
                }
            }
        }
        return reads
    }
}
