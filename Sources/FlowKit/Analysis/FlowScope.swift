import FlowYAML
import FlowExpressions

/// The names an expression written in one flow can use (spec §9): the variables
/// and fields of that flow and its ancestors, other flows' exposed names as
/// `flowid.name`, and `env.NAME` for names an enclosing flow lists in `env`.
struct FlowScope: ExpressionScope {
    let index: FlowIndex
    let tables: ScopeTables
    /// The flow the expression belongs to (for a screen's expressions, its owning flow).
    let flow: Int

    func variableType(_ name: String) -> ExpressionType? {
        var current: Int? = flow
        while let ancestor = current {
            if let type = tables.variables(of: ancestor)[name] { return type }
            current = index.flows[ancestor].parent
        }
        return nil
    }

    func isFlow(_ name: String) -> Bool {
        index.flow(named: name) != nil
    }

    func flowMemberType(flow name: String, member: String) -> ExpressionType? {
        guard let target = index.flow(named: name) else { return nil }
        // A flow whose include failed stands in empty: any name of it reads as unknown-typed.
        if index.flows[target].flow.isPlaceholder { return .dyn }
        // `result` limits reads from outside the flow; the flow and its descendants read its variables.
        // After a `for_each`, `c.results` lists each run's result (spec §7 1.1).
        if member == "results", tables.isRepeated(target) { return .list(.map(.dyn)) }
        let outside = !index.subtree(of: target).contains(flow)
        if let result = index.flows[target].flow.result, outside {
            return result.contains { $0.name.value == member } ? .dyn : nil
        }
        // Without `result`, a private name is read only inside the flow (spec §4 1.2).
        if outside, PrivateName.isPrivate(member) { return nil }
        return tables.variables(of: target)[member]
    }

    func flowMemberNames(flow name: String) -> [String] {
        guard let target = index.flow(named: name) else { return [] }
        if let result = index.flows[target].flow.result { return result.map(\.name.value) }
        let names = tables.variables(of: target).keys.sorted()
        return index.subtree(of: target).contains(flow) ? names : names.filter { !PrivateName.isPrivate($0) }
    }

    func isVisibleEnvironmentVariable(_ name: String) -> Bool {
        index.ancestry(of: flow).contains { index.flows[$0].flow.environment.contains { $0.value == name } }
    }

    var variableNames: [String] {
        index.ancestry(of: flow).flatMap { tables.variables(of: $0).keys.sorted() }
    }

    /// The listed text options of the choice or multichoice field a name or
    /// `flowid.name` reads, resolved as `variableType` resolves it; nil for anything else.
    func fieldOptions(read node: ExpressionNode) -> (field: String, options: [String])? {
        switch node.kind {
        case .identifier(let name):
            var current: Int? = flow
            while let owner = current, tables.variables(of: owner)[name] == nil { current = index.flows[owner].parent }
            return current.flatMap { tables.fieldOptions(of: $0)[name] }.map { (name, $0) }
        case .select(let operand, let member):
            guard case .identifier(let flowID) = operand.kind, variableType(flowID) == nil, let target = index.flow(named: flowID) else { return nil }
            return tables.fieldOptions(of: target)[member].map { ("\(flowID).\(member)", $0) }
        default:
            return nil
        }
    }
}

/// The types of every flow's own variables and fields, which the `FlowScope`s of one
/// check look names up in.
final class ScopeTables: Sendable {
    private let typedVariables: [[String: ExpressionType]]
    private let listedOptions: [[String: [String]]]

    /// Whether some flow has a choice field with listed text options.
    let hasListedOptions: Bool
    /// The flows some branch starts with `for_each`.
    private let repeatedFlows: Set<Int>

    init(_ index: FlowIndex) {
        typedVariables = index.flows.indices.map { Self.ownVariables(of: index.flows[$0].flow) }
        listedOptions = index.flows.indices.map { Self.ownFieldOptions(of: index.flows[$0].flow) }
        hasListedOptions = listedOptions.contains { !$0.isEmpty }
        repeatedFlows = index.repeatedFlows()
    }

    /// Whether some branch starts the flow with `for_each`, so that `flowid.results` reads its runs' results.
    func isRepeated(_ flow: Int) -> Bool { repeatedFlows.contains(flow) }

    /// The flow's own variables and fields with their types.
    func variables(of flow: Int) -> [String: ExpressionType] { typedVariables[flow] }

    /// The flow's choice and multichoice fields whose options are listed text, with
    /// those options, by the name they set (where no variable of the name wins).
    func fieldOptions(of flow: Int) -> [String: [String]] { listedOptions[flow] }

    private static func ownFieldOptions(of flow: Flow) -> [String: [String]] {
        let variables = Set(flow.variables.map(\.name.value))
        var options: [String: [String]] = [:]
        for screen in flow.screens.indices {
            let fields = flow.screens[screen].fields
            for field in fields.indices where fields[field].type.value.kind.hasOptions {
                let id = fields[field].id.value
                guard !variables.contains(id), options[id] == nil, case .list(let list, _)? = fields[field].options else { continue }
                let texts = list.compactMap { $0.value.scalarKind == .string ? $0.value.string : nil }
                if texts.count == list.count { options[id] = texts }
            }
        }
        return options
    }

    /// A flow's own variables and fields with their types.
    /// A variable wins over a field of the same name, and the first of such fields over later ones.
    static func ownVariables(of flow: Flow) -> [String: ExpressionType] {
        var types: [String: ExpressionType] = [:]
        for variable in flow.variables { types[variable.name.value] = ExpressionType.ofLiteral(variable.value) }
        for param in flow.params where types[param.name.value] == nil { types[param.name.value] = ExpressionType.ofLiteral(param.value) }
        // A computed value's type is its expression's, known only once it is checked.
        for entry in flow.computed where types[entry.name.value] == nil { types[entry.name.value] = .dyn }
        // Fields are read in place, by index: copying each was 1% of `validate`'s time.
        for screen in flow.screens.indices {
            let fields = flow.screens[screen].fields
            for field in fields.indices where types[fields[field].id.value] == nil { types[fields[field].id.value] = fields[field].valueType }
        }
        return types
    }
}

extension Field {
    /// The type of the value the field sets (spec §6); `null` while unanswered is
    /// allowed with every type, as the checker allows `null` everywhere.
    var valueType: ExpressionType { type.value.kind.valueType(of: self) }

    /// The type of the listed options' values, joined; `dyn` for computed options.
    var optionType: ExpressionType {
        guard case .list(let options, _)? = options else { return .dyn }
        return .joined(options.lazy.map { .ofLiteral($0.value) })
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
            return .list(.joined(node.sequence.map { $0.map(ofLiteral) } ?? []))
        case .mapping:
            return .map(.joined(node.mapping.map { $0.map { ofLiteral($0.value) } } ?? []))
        }
    }
}
