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
        enclosingFlows.first { flows[$0].variables[name] != nil || tree.flows[$0].computed[name] != nil }
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

    /// Whether the value the expression gives holds a secret, in part or whole.
    func readsSecret(_ expression: Expression) -> Bool {
        secrecy(of: expression).isSecret
    }

    /// Whether any `{{ … }}` of the template reads a secret.
    func readsSecret(_ template: Template) -> Bool {
        template.parts.contains { part in
            if case .expression(let expression, _) = part { readsSecret(expression) } else { false }
        }
    }

    /// Which parts of the value the expression gives are secret (cli.md 1.2): the one
    /// place that decides it. A name gives its variable's secrecy, a member or an index
    /// the secrecy of that member (an index computed from a secret, or from a name a
    /// macro or `cel.bind` binds, which no evaluation here can know: all of it); `size()`,
    /// `keys()`, `has()` and a key `in` a map read no secret member; a list or map built of values
    /// keeps theirs, `?:` either branch's; anything else made from a secret is secret whole.
    func secrecy(of expression: Expression) -> Secrecy {
        guard holdsSecrets else { return .none }
        return secrecy(expression.root, bound: [])
    }

    /// Every secret value the expression reads: each secret variable's (or result's)
    /// value, or its secret members, and for a value computed from secrets, that value and
    /// the secret values its own expression reads, however deep. A program given the
    /// expression's text may print any of them alone (`CommandRequest.secrets`).
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
            guard let (secrecy, value) = namedRead(node), secrecy.isSecret else { return }
            values += secrecy.secretParts(of: value)
            guard case .identifier(let name) = node.kind, let owner = owner(of: name),
                  let computed = tree.flows[owner].computed[name],
                  visited.insert(ComputedMemo.Key(flow: owner, name: name)).inserted else { return }
            var scope = self
            scope.flow = owner
            scope.collectSecretValues(readBy: computed.parsed, into: &values, visited: &visited)
        }
    }

    private var holdsSecrets: Bool {
        flows.contains { !$0.secrets.isEmpty || !$0.secretResult.isEmpty }
    }

    /// `bound`: the names the macros and `cel.bind`s around `node` bind.
    private func secrecy(_ node: ExpressionNode, bound: Set<String>) -> Secrecy {
        if let (secrecy, _) = namedRead(node) { return secrecy }
        let secrecy = { (node: ExpressionNode) in self.secrecy(node, bound: bound) }
        switch node.kind {
        case .select(let operand, let field):
            return secrecy(operand).member(.key(field))
        case .index(let operand, let index):
            let container = secrecy(operand)
            let key = secrecy(index)
            if container == .none || container == .whole || key.isSecret { return container.joined(with: key.isSecret ? .whole : .none) }
            // The member an index names, as the evaluator will find it; not known here
            // when the index reads a bound name (a variable of that name is not it).
            var readsBoundName = false
            index.forEachNode { if case .identifier(let name) = $0.kind, bound.contains(name) { readsBoundName = true } }
            guard !readsBoundName, case .success(let value) = Evaluator.evaluate(Expression(source: "", root: index), in: self),
                  let member = Secrecy.Member(value) else { return .whole }
            return container.member(member)
        case .call(let function, let receiver, let arguments):
            let operands = (receiver.map { [$0] } ?? []) + arguments
            // How many members, which keys, or whether a key is there, tells nothing of their values.
            if operands.count == 1, ["size", "keys", "has"].contains(function) {
                let operand = operands[0]
                if function == "has", case .select(let inner, _) = operand.kind {
                    return secrecy(inner) == .whole ? .whole : .none
                }
                return secrecy(operand) == .whole ? .whole : .none
            }
            // A macro's value is made of its operands: secret whole when any is, with its
            // bound name known as one in them.
            var inner = bound
            if Macro(call: function, receiver: receiver, arguments: arguments) != nil, case .identifier(let name)? = arguments.first?.kind {
                inner.insert(name)
                // Over a map whose secrets are some of its values, the name is bound to its
                // keys, which are not secret: the value is as secret as what the macro's
                // own expressions read (`accounts.filter(k, k != "admin")` is not;
                // `accounts.filter(k, accounts[k] == pin)` is).
                if let receiver, case .members(let members) = secrecy(receiver), members.keys.allSatisfy(\.isKey) {
                    return Self.wholeIfAny(arguments.dropFirst().map { self.secrecy($0, bound: inner) })
                }
            }
            return Self.wholeIfAny(operands.map { self.secrecy($0, bound: inner) })
        case .binary(.in, let element, let container):
            // A key `in` a map: its keys are not secret.
            if case .members(let members) = secrecy(container), secrecy(element) == .none, members.keys.allSatisfy(\.isKey) { return .none }
            return Self.wholeIfAny([secrecy(element), secrecy(container)])
        case .list(let elements):
            return Secrecy(members: Dictionary(uniqueKeysWithValues: elements.enumerated().map { (Secrecy.Member.position($0.offset), secrecy($0.element)) }))
        case .map(let entries):
            var members: [Secrecy.Member: Secrecy] = [:]
            for entry in entries {
                let value = secrecy(entry.value)
                guard case .literal(.string(let key)) = entry.key.kind else {
                    // A key computed from a secret, or one not known here, holding a secret: the whole map.
                    if secrecy(entry.key).isSecret || value.isSecret { return .whole }
                    continue
                }
                members[.key(key)] = value
            }
            return Secrecy(members: members)
        case .conditional(let condition, let then, let otherwise):
            if secrecy(condition).isSecret { return .whole }
            return secrecy(then).joined(with: secrecy(otherwise))
        case .unary(_, let operand):
            return Self.wholeIfAny([secrecy(operand)])
        case .binary(_, let lhs, let rhs):
            return Self.wholeIfAny([secrecy(lhs), secrecy(rhs)])
        case .literal, .identifier:
            return .none
        }
    }

    /// A value made from others: secret whole when any of them holds a secret.
    private static func wholeIfAny(_ parts: [Secrecy]) -> Secrecy {
        parts.contains { $0.isSecret } ? .whole : .none
    }

    /// The secrecy and value of what a node reads by name: a variable or computed value
    /// along the chain, or a flow's member; nil for any other node.
    private func namedRead(_ node: ExpressionNode) -> (Secrecy, Value)? {
        switch node.kind {
        case .identifier(let name):
            guard let owner = owner(of: name) else { return nil }
            if tree.flows[owner].computed[name] != nil { return computedRead(name, of: owner) }
            return (flows[owner].secrecy(of: name), flows[owner].variables[name] ?? .null)
        case .select(let operand, let member):
            guard case .identifier(let name) = operand.kind, variable(name) == nil, let target = tree.flow(named: name) else { return nil }
            if member == "results", tree.repeatedFlows.contains(target) {
                return (flows[target].secretResult["results"] ?? .none, .list(flows[target].results ?? []))
            }
            if tree.flows[target].result != nil, !enclosingFlows.contains(target) {
                return (flows[target].secretResult[member] ?? .none, flows[target].result?[member] ?? .null)
            }
            if tree.flows[target].computed[member] != nil { return computedRead(member, of: target) }
            return (flows[target].secrecy(of: member), flows[target].variables[member] ?? .null)
        default:
            return nil
        }
    }

    /// The secrecy of `flow`'s computed value `name`: its expression's (cli.md).
    func secrecy(ofComputed name: String, of flow: Int) -> Secrecy {
        computedRead(name, of: flow).0
    }

    /// A computed value's secrecy, its expression's (cli.md), and its value.
    private func computedRead(_ name: String, of owner: Int) -> (Secrecy, Value) {
        let key = ComputedMemo.Key(flow: owner, name: name)
        let secrecy = memo.secrecy[key] ?? {
            var scope = self
            scope.flow = owner
            let found = tree.flows[owner].computed[name].map { scope.secrecy(of: $0.parsed) } ?? .none
            memo.secrecy[key] = found
            return found
        }()
        return (secrecy, secrecy.isSecret ? computed(name, of: owner) ?? .null : .null)
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
        if let declared = tree.flows[target].result, !enclosingFlows.contains(target) {
            guard declared.contains(where: { $0.name == member }) else { return nil }
            return flows[target].result?[member] ?? .null
        }
        // Without `result`, a private name is read only inside the flow (spec §4 1.2).
        if PrivateName.isPrivate(member), !enclosingFlows.contains(target) { return nil }
        return flows[target].variables[member] ?? computed(member, of: target)
    }

    func environmentVariable(_ name: String) -> String? {
        enclosingFlows.contains { tree.flows[$0].environment.contains(name) } ? environment[name] : nil
    }

    /// The expression's flow, then each flow around it up to the root.
    private var enclosingFlows: UnfoldSequence<Int, (Int?, Bool)> {
        sequence(first: flow) { [tree] in tree.flows[$0].parent }
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
    var secrecy: [Key: Secrecy] = [:]
    /// A computed value that went past the limits of a value: it reads as null, and the
    /// run stops once the evaluation that read it ends.
    var pastLimits: EvaluationError?
}
