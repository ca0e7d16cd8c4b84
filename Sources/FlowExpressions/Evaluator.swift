import FlowYAML

/// Runs a parsed expression against values (spec §9, CEL's semantics for the subset).
///
/// It never traps: overflow, division by zero, a missing key, a value of the wrong kind
/// all become an `EvaluationError`. `&&` and `||` absorb an error when the other operand
/// decides the result, as CEL specifies; `?:` evaluates only the branch it takes.
public enum Evaluator {
    public static func evaluate(_ expression: Expression, in scope: ValueScope) -> Result<Value, EvaluationError> {
        Result { () throws(EvaluationError) in try Evaluation(scope: scope).value(of: expression.root) }
    }
}

/// One evaluation: the scope, and the walk over the tree (at most
/// `ExpressionLimits.maxDepth` deep, so the recursion is bounded).
struct Evaluation {
    let scope: ValueScope
    /// The patterns `matches()` compiled so far, shared with the evaluations of a macro's elements.
    var patterns = CompiledPatterns()

    func value(of node: ExpressionNode) throws(EvaluationError) -> Value {
        switch node.kind {
        case .literal(let value):
            return value
        case .list(let elements):
            let values = try elements.map { element throws(EvaluationError) in try value(of: element) }
            return try checked(.list(values), at: node)
        case .map(let entries):
            var map: [String: Value] = [:]
            for entry in entries {
                // Flow values key maps by strings (spec §9), as YAML mappings are.
                guard case .string(let key) = try value(of: entry.key) else {
                    throw EvaluationError("map keys are strings in flow expressions", at: entry.key.span)
                }
                guard map.updateValue(try value(of: entry.value), forKey: key) == nil else {
                    throw EvaluationError("the map repeats the key \(MessageText.quoted(key))", at: entry.key.span)
                }
            }
            return try checked(.map(map), at: node)
        case .identifier(let name):
            guard let value = scope.variable(name) else {
                throw EvaluationError("unknown name '\(name)'", at: node.span)
            }
            return value
        case .select(let operand, let field):
            return try select(field, from: operand, node: node)
        case .index(let operand, let index):
            return try self.index(try value(of: operand), by: try value(of: index), node: node)
        case .call(let function, let receiver, let arguments):
            return try checked(try call(function, receiver: receiver, arguments: arguments, node: node), at: node)
        case .unary(let op, let operand):
            return try Operations.unary(op, try value(of: operand), at: node.span)
        case .binary(.and, let lhs, let rhs):
            return try logical(absorbing: false, lhs, rhs, node: node)
        case .binary(.or, let lhs, let rhs):
            return try logical(absorbing: true, lhs, rhs, node: node)
        case .binary(let op, let lhs, let rhs):
            return try checked(try Operations.binary(op, try value(of: lhs), try value(of: rhs), at: node.span), at: node)
        case .conditional(let condition, let then, let otherwise):
            switch try value(of: condition) {
            case .bool(true): return try value(of: then)
            case .bool(false): return try value(of: otherwise)
            case let other:
                throw EvaluationError("the condition before '?' is \(other.kindName), not bool", at: condition.span)
            }
        }
    }

    /// A value just built, if it keeps the limits of a value built at run time; an int,
    /// a bool or a double is never past them, and is not walked.
    private func checked(_ built: Value, at node: ExpressionNode) throws(EvaluationError) -> Value {
        switch built {
        case .string, .list, .map: try ValueLimits.check(built, at: node.span)
        case .null, .bool, .int, .double, .semver: break
        }
        return built
    }

    // MARK: - Logic

    /// `&&` (`absorbing` false) or `||` (`absorbing` true). The absorbing value on either
    /// side decides the result even if the other side fails or is not a bool; otherwise
    /// the left side's error wins, then the right side's.
    private func logical(
        absorbing: Bool, _ lhs: ExpressionNode, _ rhs: ExpressionNode, node: ExpressionNode
    ) throws(EvaluationError) -> Value {
        let left = outcome(of: lhs)
        if case .success(.bool(absorbing)) = left { return .bool(absorbing) }
        let right = outcome(of: rhs)
        if case .success(.bool(absorbing)) = right { return .bool(absorbing) }
        for (result, operand) in [(left, lhs), (right, rhs)] {
            switch result {
            case .failure(let error): throw error
            case .success(.bool): continue
            case .success(let other):
                let symbol = absorbing ? "||" : "&&"
                throw EvaluationError("'\(symbol)' needs bool operands, not \(other.kindName)", at: operand.span)
            }
        }
        // Both are bools and neither is the absorbing value.
        return .bool(!absorbing)
    }

    private func outcome(of node: ExpressionNode) -> Result<Value, EvaluationError> {
        Result { () throws(EvaluationError) in try value(of: node) }
    }

    // MARK: - Names and access

    private func select(
        _ field: String, from operand: ExpressionNode, node: ExpressionNode
    ) throws(EvaluationError) -> Value {
        if case .identifier(let base) = operand.kind, scope.variable(base) == nil {
            if scope.isFlow(base) {
                guard let value = scope.flowMember(flow: base, member: field) else {
                    throw EvaluationError("flow '\(base)' exposes no name '\(field)'", at: node.span)
                }
                return value
            }
            if base == "env" {
                // An unset variable reads as null, like an unanswered optional field.
                return scope.environmentVariable(field).map(Value.string) ?? .null
            }
            throw EvaluationError("unknown name '\(base)'", at: operand.span)
        }
        switch try value(of: operand) {
        case .map(let entries):
            guard let value = MapLookup.value(for: field, in: entries) else {
                throw EvaluationError("the map has no key '\(field)'", at: node.span)
            }
            return value
        case let other:
            throw EvaluationError("cannot read '\(field)' from a value of type \(other.kindName)", at: node.span)
        }
    }

    private func index(_ container: Value, by key: Value, node: ExpressionNode) throws(EvaluationError) -> Value {
        switch (container, key) {
        case (.list(let elements), .int(let position)):
            guard elements.indices.contains(position) else {
                throw EvaluationError("index \(position) is out of range for a list of \(elements.count)",
                                      at: node.span)
            }
            return elements[position]
        case (.list, _):
            throw EvaluationError("a list index must be an int, not \(key.kindName)", at: node.span)
        case (.map(let entries), .string(let name)):
            guard let value = MapLookup.value(for: name, in: entries) else {
                throw EvaluationError("the map has no key \(MessageText.quoted(name))", at: node.span)
            }
            return value
        case (.map, _):
            throw EvaluationError("the map has no key of type \(key.kindName); its keys are strings", at: node.span)
        default:
            throw EvaluationError("a value of type \(container.kindName) cannot be indexed", at: node.span)
        }
    }

    // MARK: - Calls

    private func call(
        _ name: String, receiver written: ExpressionNode?, arguments writtenArguments: [ExpressionNode], node: ExpressionNode
    ) throws(EvaluationError) -> Value {
        let (receiver, arguments) = BuiltinFunction.unnamespaced(name, receiver: written, arguments: writtenArguments) { scope.variable($0) != nil }
        if let macro = Macro(call: name, receiver: receiver, arguments: arguments) {
            return try expand(macro, receiver: receiver, arguments: arguments, node: node)
        }
        guard let function = BuiltinFunction(rawValue: name) else {
            throw EvaluationError("unknown function '\(name)'", at: node.token)
        }
        if let problem = function.styleProblem(hasReceiver: receiver != nil) {
            throw EvaluationError(problem, at: node.token)
        }
        let all = (receiver.map { [$0] } ?? []) + arguments
        guard function.parameterCounts.contains(all.count) else {
            throw EvaluationError("\(name)() takes \(BuiltinFunction.arguments(function.parameterCounts)), not \(all.count)",
                                  at: node.span)
        }
        let values = try all.map { argument throws(EvaluationError) in try value(of: argument) }
        return try Functions.call(function, values, at: node.span, now: scope.now, patterns: patterns)
    }
}

extension Evaluation {
    /// A macro (spec §9 1.1; `cel.bind` 1.2), as CEL defines it: `all` is false if any
    /// condition is false (errors elsewhere absorbed), `exists` true if any is true,
    /// `exists_one` counts the true ones (any error is the result), `map` and `filter`
    /// collect. A map ranges over its keys, in sorted order.
    func expand(_ macro: Macro, receiver: ExpressionNode?, arguments: [ExpressionNode], node: ExpressionNode) throws(EvaluationError) -> Value {
        if macro == .has { return try has(arguments[0]) }
        if macro == .bind { return try bind(arguments, node: node) }
        guard let receiver, let name = arguments[0].boundName else { throw EvaluationError("\(macro.rawValue)() needs a name to bind", at: node.span) }
        let elements: [Value]
        switch try value(of: receiver) {
        case .list(let items): elements = items
        case .map(let entries): elements = entries.keys.sorted().map(Value.string)
        case let other: throw EvaluationError("\(macro.rawValue)() ranges over a list or a map, not \(other.kindName)", at: receiver.span)
        }
        let bodies = Array(arguments.dropFirst())
        func evaluate(_ body: ExpressionNode, with element: Value) throws(EvaluationError) -> Value {
            // A macro over a long list (or a macro inside one) can take long: a signal ends it.
            if scope.stopsOnInterruption, Interruption.isRequested {
                var interrupted = EvaluationError("\(macro.rawValue)() was interrupted", at: node.span)
                interrupted.interrupted = true
                throw interrupted
            }
            return try Evaluation(scope: BoundValues(base: scope, name: name, value: element), patterns: patterns).value(of: body)
        }
        func holds(_ body: ExpressionNode, with element: Value) throws(EvaluationError) -> Bool {
            guard case .bool(let holds) = try evaluate(body, with: element) else {
                throw EvaluationError("the condition of \(macro.rawValue)() is not a bool", at: body.span)
            }
            return holds
        }
        switch macro {
        case .all, .exists:
            // The deciding answer wins over errors met on other elements.
            let deciding = macro == .exists
            var failure: EvaluationError?
            for element in elements {
                do {
                    if try holds(bodies[0], with: element) == deciding { return .bool(deciding) }
                } catch where error.interrupted {
                    throw error
                } catch {
                    failure = failure ?? error
                }
            }
            if let failure { throw failure }
            return .bool(!deciding)
        case .existsOne:
            var count = 0
            for element in elements where try holds(bodies[0], with: element) { count += 1 }
            return .bool(count == 1)
        case .map:
            var mapped: [Value] = []
            for element in elements {
                // `map(x, p, e)` maps only the elements for which `p` holds.
                if bodies.count == 3, try !holds(bodies[0], with: element) { continue }
                mapped.append(try evaluate(bodies[bodies.count - 1], with: element))
            }
            return .list(mapped)
        case .filter:
            var kept: [Value] = []
            for element in elements where try holds(bodies[0], with: element) { kept.append(element) }
            return .list(kept)
        case .has:
            return try has(arguments[0])
        case .bind:
            return try bind(arguments, node: node)
        }
    }

    /// `cel.bind(name, init, expr)`: `init` is evaluated once, before `expr`.
    private func bind(_ arguments: [ExpressionNode], node: ExpressionNode) throws(EvaluationError) -> Value {
        let name: String
        switch Macro.boundName(ofBind: arguments) {
        case .success(let bound): name = bound
        case .failure(let problem): throw EvaluationError(problem.message, at: problem.span ?? node.span)
        }
        let initial = try value(of: arguments[1])
        return try Evaluation(scope: BoundValues(base: scope, name: name, value: initial), patterns: patterns).value(of: arguments[2])
    }

    /// `has(m.key)`, or `has(flowid.name)` for a name a flow exposes.
    private func has(_ argument: ExpressionNode) throws(EvaluationError) -> Value {
        guard case .select(let operand, let field) = argument.kind else {
            throw EvaluationError("has() takes a selection, as in has(m.key)", at: argument.span)
        }
        if case .identifier(let base) = operand.kind, scope.variable(base) == nil, scope.isFlow(base) {
            return .bool(scope.flowMember(flow: base, member: field) != nil)
        }
        guard case .map(let entries) = try value(of: operand) else {
            throw EvaluationError("has() tests a map's key", at: operand.span)
        }
        return .bool(MapLookup.value(for: field, in: entries) != nil)
    }
}

/// Map lookups by exact code points. A `[String: Value]` compares keys by Swift's
/// canonical equivalence, so a found key is checked again scalar by scalar: CEL does not
/// normalize strings.
package enum MapLookup {
    package static func value(for key: String, in entries: [String: Value]) -> Value? {
        guard let index = entries.index(forKey: key),
              entries[index].key.unicodeScalars.elementsEqual(key.unicodeScalars) else { return nil }
        return entries[index].value
    }
}
