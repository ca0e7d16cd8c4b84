import FoundationEssentials
import FlowExpressions

/// The values an expression in one flow reads at run time (spec §9): variables
/// along the chain, `flowid.name`, and visible environment variables.
struct SessionScope: ValueScope {
    let tree: ResponderTree
    let flows: [SessionState.FlowState]
    /// The whole environment; only names an enclosing flow lists in `env` are read.
    let environment: [String: String]
    var flow: Int
    /// The time a flow test fixes; nil for the time of each `now()`.
    let fixedTime: Date?

    /// Whether a signal ends a long evaluation (`ValueScope`).
    var stopsOnInterruption = true

    /// What `now()` and `today()` read; the clock is asked only when they are called.
    var now: Date { fixedTime ?? Date() }
    /// How many computed values are being evaluated, one inside another: a bound against
    /// a circle the validator did not see, so that a run never recurses without end.
    var computing = 0
    /// Computed values already evaluated in this scope, shared by its copies: the scope's
    /// variables never change, so each computed value is evaluated at most once (spec §4
    /// 1.2), and forty that each read the previous one twice cost forty evaluations, not 2⁴⁰.
    private let memo = ComputedMemo()

    func variable(_ name: String) -> Value? {
        guard let owner = owner(of: name) else { return nil }
        return flows[owner].variables[name] ?? computed(name, of: owner)
    }

    /// The flow whose variable (or computed value) a bare `name` reads: the nearest along the chain.
    private func owner(of name: String) -> Int? {
        var current: Int? = flow
        while let ancestor = current {
            if flows[ancestor].variables[name] != nil || tree.flows[ancestor].computed[name] != nil { return ancestor }
            current = tree.flows[ancestor].parent
        }
        return nil
    }

    /// A computed value of `flow`, evaluated now in that flow (spec §4 1.1); `null` when
    /// its expression fails (the validator has refused circles).
    func computed(_ name: String, of flow: Int) -> Value? {
        guard let expression = tree.flows[flow].computed[name], computing < 64 else { return nil }
        let key = ComputedMemo.Key(flow: flow, name: name)
        if let known = memo.values[key] { return known }
        var scope = self
        scope.flow = flow
        scope.computing += 1
        let value: Value
        switch Evaluator.evaluate(expression.parsed, in: scope) {
        case .success(let result): value = result
        // An interrupted evaluation is not the value: it is not kept.
        case .failure(let error) where error.interrupted: return .null
        case .failure(let error):
            if error.stopsTheRun { memo.pastLimits = memo.pastLimits ?? error }
            value = .null
        }
        memo.values[key] = value
        return value
    }

    // MARK: Secrets

    /// Whether the expression reads a secret answer, or a value computed from one.
    func readsSecret(_ expression: Expression) -> Bool {
        guard holdsSecrets else { return false }
        var reads = false
        expression.root.forEachNode { node in
            if !reads, secretRead(node) != nil { reads = true }
        }
        return reads
    }

    /// Whether any `{{ … }}` of the template reads a secret.
    func readsSecret(_ template: Template) -> Bool {
        template.parts.contains { part in
            if case .expression(let expression, _) = part { readsSecret(expression) } else { false }
        }
    }

    /// Every secret value the expression reads: each secret variable's (or result's)
    /// value, and for a value computed from secrets, that value and the secret values its
    /// own expression reads, however deep. A program given the expression's text may print
    /// any of them alone (`CommandRequest.secrets`).
    func secretValues(readBy expression: Expression) -> [Value] {
        guard holdsSecrets else { return [] }
        var values: [Value] = []
        var visited: Set<ComputedMemo.Key> = []
        collectSecretValues(readBy: expression, into: &values, visited: &visited)
        return values
    }

    /// `secretValues`, each computed value's expression walked once: forty that each read
    /// the previous twice are forty walks, not 2⁴⁰.
    private func collectSecretValues(readBy expression: Expression, into values: inout [Value], visited: inout Set<ComputedMemo.Key>) {
        expression.root.forEachNode { node in
            guard let value = secretRead(node) else { return }
            values.append(value)
            guard case .identifier(let name) = node.kind, let owner = owner(of: name),
                  let computed = tree.flows[owner].computed[name],
                  visited.insert(ComputedMemo.Key(flow: owner, name: name)).inserted else { return }
            var scope = self
            scope.flow = owner
            scope.collectSecretValues(readBy: computed.parsed, into: &values, visited: &visited)
        }
    }

    private var holdsSecrets: Bool {
        flows.contains { !$0.secret.isEmpty || !$0.secretResult.isEmpty }
    }

    /// The value a node reads, when it reads a name that holds a secret.
    private func secretRead(_ node: ExpressionNode) -> Value? {
        switch node.kind {
        case .identifier(let name):
            guard let owner = owner(of: name) else { return nil }
            if let expression = tree.flows[owner].computed[name] {
                // A computed value is a secret when its expression reads one.
                let key = ComputedMemo.Key(flow: owner, name: name)
                let isSecret = memo.readsSecret[key] ?? {
                    var scope = self
                    scope.flow = owner
                    let reads = scope.readsSecret(expression.parsed)
                    memo.readsSecret[key] = reads
                    return reads
                }()
                return isSecret ? computed(name, of: owner) : nil
            }
            return flows[owner].secret.contains(name) ? flows[owner].variables[name] : nil
        case .select(let operand, let member):
            guard case .identifier(let name) = operand.kind, variable(name) == nil, let target = tree.flow(named: name) else { return nil }
            if member == "results", tree.repeatedFlows.contains(target) {
                return flows[target].secretResult.contains("results") ? .list(flows[target].results ?? []) : nil
            }
            if tree.flows[target].result != nil, !isWithin(target) {
                return flows[target].secretResult.contains(member) ? flows[target].result?[member] : nil
            }
            return flows[target].secret.contains(member) ? flows[target].variables[member] : nil
        default:
            return nil
        }
    }

    /// Why a computed value read in this scope failed past the limits of a value, if one did.
    var valuePastLimits: EvaluationError? { memo.pastLimits }

    func isFlow(_ name: String) -> Bool { tree.flow(named: name) != nil }

    func flowMember(flow name: String, member: String) -> Value? {
        guard let target = tree.flow(named: name) else { return nil }
        // After a `for_each`, each run's result (spec §7 1.1); an empty list before it.
        if member == "results", tree.repeatedFlows.contains(target) { return .list(flows[target].results ?? []) }
        // From outside a flow with a declared `result`, only its names are readable, and null
        // until the flow finishes; the flow itself and its descendants read its variables.
        if let declared = tree.flows[target].result, !isWithin(target) {
            guard declared.contains(where: { $0.name == member }) else { return nil }
            return flows[target].result?[member] ?? .null
        }
        // Without `result`, a private name is read only inside the flow (spec §4 1.2).
        if PrivateName.isPrivate(member), !isWithin(target) { return nil }
        return flows[target].variables[member] ?? computed(member, of: target)
    }

    /// Whether the expression's flow is `target` or lies inside it.
    private func isWithin(_ target: Int) -> Bool {
        var current: Int? = flow
        while let candidate = current {
            if candidate == target { return true }
            current = tree.flows[candidate].parent
        }
        return false
    }

    func environmentVariable(_ name: String) -> String? {
        var current: Int? = flow
        while let candidate = current {
            if tree.flows[candidate].environment.contains(name) { return environment[name] }
            current = tree.flows[candidate].parent
        }
        return nil
    }
}

/// What a scope learned of its computed values: each one's value, and whether it reads a
/// secret. A class, so that the copies a scope makes of itself (one per computed value
/// being evaluated, one per element of a macro) share what each of them learns.
private final class ComputedMemo {
    struct Key: Hashable {
        let flow: Int
        let name: String
    }

    var values: [Key: Value] = [:]
    var readsSecret: [Key: Bool] = [:]
    /// A computed value that went past the limits of a value: it reads as null, and the
    /// run stops once the evaluation that read it ends.
    var pastLimits: EvaluationError?
}
