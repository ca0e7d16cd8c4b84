/// The names an expression written in one flow can use (spec §9): the variables
/// and fields of that flow and its ancestors, other flows' exposed names as
/// `flowid.name`, and `env.NAME` for names an enclosing flow lists in `env`.
struct FlowScope: ExpressionScope {
    let index: FlowIndex
    /// The flow the expression belongs to (for a screen's expressions, its owning flow).
    let flow: Int

    func variableType(_ name: String) -> ExpressionType? {
        for ancestor in index.ancestry(of: flow) {
            if let type = Self.ownVariables(of: index.flows[ancestor].flow)[name] { return type }
        }
        return nil
    }

    func isFlow(_ name: String) -> Bool {
        index.flows.contains { $0.flow.id.value == name }
    }

    func flowMemberType(flow name: String, member: String) -> ExpressionType? {
        guard let target = index.flows.first(where: { $0.flow.id.value == name })?.flow else { return nil }
        if let result = target.result {
            return result.contains { $0.name.value == member } ? .dyn : nil
        }
        return Self.ownVariables(of: target)[member]
    }

    func flowMemberNames(flow name: String) -> [String] {
        guard let target = index.flows.first(where: { $0.flow.id.value == name })?.flow else { return [] }
        return target.result.map { $0.map(\.name.value) } ?? Array(Self.ownVariables(of: target).keys).sorted()
    }

    func isVisibleEnvironmentVariable(_ name: String) -> Bool {
        index.ancestry(of: flow).contains { index.flows[$0].flow.environment.contains { $0.value == name } }
    }

    var variableNames: [String] {
        index.ancestry(of: flow).flatMap { Self.ownVariables(of: index.flows[$0].flow).keys.sorted() }
    }

    /// A flow's own variables and fields with their types.
    static func ownVariables(of flow: Flow) -> [String: ExpressionType] {
        var types: [String: ExpressionType] = [:]
        for variable in flow.variables { types[variable.name.value] = ExpressionType.ofLiteral(variable.value) }
        for screen in flow.screens {
            for field in screen.fields where types[field.id.value] == nil { types[field.id.value] = field.valueType }
        }
        return types
    }
}

extension Field {
    /// The type of the value the field sets (spec §6); `null` while unanswered is
    /// allowed with every type, as the checker allows `null` everywhere.
    var valueType: ExpressionType {
        switch type.value {
        case .text, .secret: .string
        case .integer: .int
        case .number: .double
        case .boolean: .bool
        case .choice: optionType
        case .multichoice: .list(optionType)
        }
    }

    private var optionType: ExpressionType {
        guard case .list(let options, _)? = options else { return .dyn }
        return options.map { ExpressionType.ofLiteral($0.value) }.reduce(nil as ExpressionType?) { joined, type in
            joined.map { $0.joined(with: type) } ?? type
        } ?? .dyn
    }
}

extension ExpressionType {
    /// The type of a YAML literal (a variable's initial value, an option's value).
    static func ofLiteral(_ node: Node) -> ExpressionType {
        switch node.kind {
        case .scalar:
            switch node.scalarKind {
            case .int?: return .int
            case .float?: return .double
            case .bool?: return .bool
            case .string?: return .string
            // A variable that starts as null may later hold anything.
            case .null?, nil: return .dyn
            }
        case .sequence:
            let elements = node.sequence.map { $0.map(ofLiteral) } ?? []
            return .list(elements.dropFirst().reduce(elements.first ?? .dyn) { $0.joined(with: $1) })
        case .mapping:
            let values = node.mapping.map { $0.map { ofLiteral($0.value) } } ?? []
            return .map(values.dropFirst().reduce(values.first ?? .dyn) { $0.joined(with: $1) })
        }
    }
}
