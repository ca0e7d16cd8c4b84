import FlowYAML

/// Type-checks an expression against the names in scope (spec §9), as CEL's checker
/// does: `expression-type` for operands that do not fit, `unknown-name` for names and
/// functions that do not exist, `bad-pattern` for a `matches` regex literal that does not
/// compile.
public enum ExpressionChecker {
    /// The expression's type (`dyn` when it is in error) and every problem found.
    public static func check(
        _ expression: Expression, in scope: ExpressionScope
    ) -> (type: ExpressionType, issues: [ExpressionIssue]) {
        var checker = TypeChecker(scope: scope)
        let type = checker.type(of: expression.root)
        return (type ?? .dyn, checker.issues)
    }
}

/// The walk behind `ExpressionChecker`. A sub-expression's type is nil once an issue has
/// been reported in it: whatever uses it is then not checked further, so one mistake
/// gives one issue, not a cascade. (Recovering as `dyn` would not do: `dyn * 2` is an
/// int, and `(count + 'a') * 2 == 'x'` would report twice.)
package struct TypeChecker {
    let scope: ExpressionScope
    package private(set) var issues: [ExpressionIssue] = []

    package init(scope: ExpressionScope) {
        self.scope = scope
    }

    mutating func type(of node: ExpressionNode) -> ExpressionType? {
        switch node.kind {
        case .literal(let value):
            return ExpressionType(of: value)
        case .list(let elements):
            var element: ExpressionType?
            var failed = false
            for item in elements {
                guard let itemType = type(of: item) else {
                    failed = true
                    continue
                }
                element = element.map { $0.joined(with: itemType) } ?? itemType
            }
            return failed ? nil : .list(element ?? .dyn)
        case .map(let entries):
            var valueType: ExpressionType?
            var failed = false
            for entry in entries {
                if let keyType = type(of: entry.key), keyType != .string, keyType != .dyn {
                    report(.expressionType, "map keys are strings in flow expressions, not \(keyType)", at: entry.key.span)
                    failed = true
                }
                guard let itemType = type(of: entry.value) else {
                    failed = true
                    continue
                }
                valueType = valueType.map { $0.joined(with: itemType) } ?? itemType
            }
            return failed ? nil : .map(valueType ?? .dyn)
        case .identifier(let name):
            return identifierType(name, at: node.token)
        case .select(let operand, let field):
            return selectType(operand, field: field, at: node.token)
        case .index(let operand, let index):
            return indexType(operand, index, at: node.token)
        case .call(let function, let receiver, let arguments):
            return callType(function, receiver: receiver, arguments: arguments, at: node.token)
        case .unary(let op, let operand):
            return unaryType(op, operand, at: node.token)
        case .binary(let op, let lhs, let rhs):
            if let id = Self.dashedName(node), scope.variableType(id) != nil {
                let renamed = id.replacing("-", with: "_")
                report(.unknownName, "'\(id)' is an id, but in an expression '-' is minus, so this subtracts names that do not exist",
                       at: node.span, fix: Diagnostic.Fix("rename the id to '\(renamed)': ids read in expressions cannot hold '-'"))
                return nil
            }
            return binaryType(op, lhs, rhs, at: node.token)
        case .conditional(let condition, let then, let otherwise):
            if let conditionType = type(of: condition), conditionType != .bool, conditionType != .dyn {
                report(.expressionType, "the condition before '?' must be a bool, not \(conditionType)", at: node.token)
            }
            let thenType = type(of: then)
            let otherwiseType = type(of: otherwise)
            guard let thenType, let otherwiseType else { return nil }
            return thenType.joined(with: otherwiseType)
        }
    }

    // MARK: - Names

    private mutating func identifierType(_ name: String, at span: ExpressionSpan) -> ExpressionType? {
        if let type = scope.variableType(name) { return type }
        if scope.isFlow(name) {
            report(.unknownName, "'\(name)' is a flow, not a value; read one of its names as \(name).NAME", at: span)
        } else if name == "env" {
            report(.unknownName, "'env' is not a value; read an environment variable as env.NAME", at: span)
        } else {
            reportUnknown(name, message: "unknown name '\(name)'", among: scope.variableNames, at: span)
        }
        return nil
    }

    /// `a.b`: a flow's member or an environment variable when `a` is a bare name that is
    /// not a variable, otherwise a map's key.
    private mutating func selectType(
        _ operand: ExpressionNode, field: String, at span: ExpressionSpan
    ) -> ExpressionType? {
        if case .identifier(let base) = operand.kind, scope.variableType(base) == nil {
            if scope.isFlow(base) {
                if let type = scope.flowMemberType(flow: base, member: field) { return type }
                let why = PrivateName.isPrivate(field) ? ": a name that starts with '_' is private to its flow" : ""
                reportUnknown(field, message: "flow '\(base)' exposes no name '\(field)'\(why)",
                              among: scope.flowMemberNames(flow: base), at: span)
                return nil
            }
            if base == "env" {
                if scope.isVisibleEnvironmentVariable(field) { return .string }
                report(.unknownName,
                       "environment variable '\(field)' is not listed in any enclosing flow's env",
                       at: span,
                       fix: Diagnostic.Fix("add \(field) to the env list of the flow that reads it"))
                return nil
            }
            reportUnknown(base, message: "unknown name '\(base)'", among: scope.variableNames, at: operand.token)
            return nil
        }
        guard let container = type(of: operand) else { return nil }
        return memberType(of: container, field: field, at: span)
    }

    /// The type of a member `.field` of a value of type `container` (a map's key), or nil
    /// with an issue at `span` (the field) when it has none; the one rule for reading and
    /// for `set` (spec §7 1.2).
    package mutating func memberType(of container: ExpressionType, field: String, at span: ExpressionSpan) -> ExpressionType? {
        switch container {
        case .map(let value): return value
        case .dyn: return .dyn
        default:
            report(.expressionType, "a value of type \(container) has no field '\(field)'", at: span)
            return nil
        }
    }

    private mutating func indexType(
        _ operand: ExpressionNode, _ index: ExpressionNode, at span: ExpressionSpan
    ) -> ExpressionType? {
        let container = type(of: operand)
        let key = type(of: index)
        guard let container else { return nil }
        return indexedType(of: container, key: key, keySpan: index.span, at: span)
    }

    /// The type of `container[key]`: a list's element (the key an int) or a map's value
    /// (the key a string), with an issue at `keySpan` for a key of another type, or nil
    /// with an issue at `span` (the `[`) for a value that cannot be indexed; the one rule
    /// for reading and for `set` (spec §7 1.2).
    package mutating func indexedType(of container: ExpressionType, key: ExpressionType?, keySpan: ExpressionSpan,
                              at span: ExpressionSpan) -> ExpressionType? {
        switch container {
        case .list(let element):
            if let key, key != .int, key != .dyn {
                report(.expressionType, "a list index must be an int, not \(key)", at: keySpan)
            }
            return element
        case .map(let value):
            if let key, key != .string, key != .dyn {
                report(.expressionType, "map keys are strings; this index is \(key)", at: keySpan)
            }
            return value
        case .dyn:
            return .dyn
        case let other:
            report(.expressionType, "a value of type \(other) cannot be indexed; only lists and maps can", at: span)
            return nil
        }
    }

    // MARK: - Functions

    /// `a-b` (or `a-b-c`) written without spaces: the id those names spell, which an
    /// expression reads as a subtraction.
    private static func dashedName(_ node: ExpressionNode) -> String? {
        switch node.kind {
        case .identifier(let name):
            return name
        case .binary(.subtract, let lhs, let rhs):
            guard case .identifier(let right) = rhs.kind, lhs.span.offset + lhs.span.length == node.token.offset,
                  node.token.offset + node.token.length == rhs.span.offset, let left = dashedName(lhs) else { return nil }
            return left + "-" + right
        default:
            return nil
        }
    }

    private mutating func callType(_ name: String, receiver written: ExpressionNode?, arguments writtenArguments: [ExpressionNode],
                                   at span: ExpressionSpan) -> ExpressionType? {
        let (receiver, arguments) = BuiltinFunction.unnamespaced(name, receiver: written, arguments: writtenArguments) { scope.variableType($0) != nil }
        if let macro = Macro(call: name, receiver: receiver, arguments: arguments) {
            return macroType(macro, receiver: receiver, arguments: arguments, at: span)
        }
        // An unknown function is one mistake: its arguments (perhaps a macro's bound names) are not checked.
        guard let function = BuiltinFunction(rawValue: name) else {
            reportUnknown(name, message: "unknown function '\(name)'",
                          among: BuiltinFunction.callableNames, at: span)
            return nil
        }
        let all = (receiver.map { [$0] } ?? []) + arguments
        let types = all.map { type(of: $0) }
        if let problem = function.styleProblem(hasReceiver: receiver != nil) {
            report(.unknownName, problem, at: span)
            return function.resultType
        }
        guard function.parameterCounts.contains(all.count) else {
            let expected = Self.count(function.parameterCounts, receiver: receiver != nil)
            let given = Self.count(all.count...all.count, receiver: receiver != nil)
            report(.expressionType, "\(name)() takes \(expected), not \(given): call it as \(function.usage)", at: span)
            return function.resultType
        }
        for (position, (argument, type)) in zip(all, types).enumerated() {
            if let type, !function.accepts(type, at: position) {
                let parse = type == .string && function.accepts(.semver, at: position)
                    ? Diagnostic.Fix("make a version of the string first: semver(s), or semver(s, true) for a tag such as v1.2") : nil
                report(.expressionType, "\(function.expectation), not \(type)", at: argument.span, fix: parse)
            }
        }
        if function == .matches, case .literal(.string(let pattern)) = all[1].kind, let problem = RegexPattern.syntaxProblem(pattern) {
            report(.badPattern, "this regular expression does not compile: \(problem)", at: all[1].span)
        }
        return function.resultType
    }

    /// A macro's type: `has` a bool; over a collection, its conditions must be bools and
    /// its bound name has the element's type (a map's keys are strings).
    private mutating func macroType(_ macro: Macro, receiver: ExpressionNode?, arguments: [ExpressionNode],
                                    at span: ExpressionSpan) -> ExpressionType? {
        guard macro != .has else { return hasType(arguments[0]) }
        guard macro != .bind else { return bindType(arguments, at: span) }
        guard let receiver, let name = arguments[0].boundName, let collection = type(of: receiver) else { return nil }
        let element: ExpressionType
        switch collection {
        case .list(let item): element = item
        case .map: element = .string
        case .dyn: element = .dyn
        default:
            report(.expressionType, "\(macro.rawValue)() ranges over a list or a map's keys, not \(collection)", at: receiver.span)
            return nil
        }
        var inner = TypeChecker(scope: BoundTypes(base: scope, name: name, type: element))
        let bodies = Array(arguments.dropFirst())
        let types = bodies.map { inner.type(of: $0) }
        issues += inner.issues
        let checked = types.compactMap { $0 }
        guard checked.count == types.count else { return nil }
        // Every body but `map`'s last is a condition.
        let conditions = macro == .map ? checked.count - 1 : checked.count
        for (body, type) in zip(bodies, checked).prefix(conditions) where type != .bool && type != .dyn {
            report(.expressionType, "the condition of \(macro.rawValue)() must be a bool, not \(type)", at: body.span)
            return nil
        }
        switch macro {
        case .map: return .list(checked.last ?? .dyn)
        case .filter: return .list(element)
        default: return .bool
        }
    }

    /// `cel.bind(name, init, expr)`: `expr`'s type, with `name` in scope there with
    /// `init`'s type (shadowing any variable of that name, as in cel-go).
    private mutating func bindType(_ arguments: [ExpressionNode], at span: ExpressionSpan) -> ExpressionType? {
        let name: String
        switch Macro.boundName(ofBind: arguments) {
        case .success(let bound): name = bound
        case .failure(let problem):
            // The body would read a name that is not bound: not checked, one mistake.
            report(problem.code, problem.message, at: problem.span ?? span)
            return nil
        }
        let initial = type(of: arguments[1])
        var inner = TypeChecker(scope: BoundTypes(base: scope, name: name, type: initial ?? .dyn))
        let result = inner.type(of: arguments[2])
        issues += inner.issues
        return initial == nil ? nil : result
    }

    /// `has(m.key)`: whether a map has a key, or a flow exposes a name.
    private mutating func hasType(_ argument: ExpressionNode) -> ExpressionType? {
        guard case .select(let operand, _) = argument.kind else {
            report(.expressionType, "has() takes a selection, as in has(m.key)", at: argument.span)
            return nil
        }
        if case .identifier(let base) = operand.kind, scope.variableType(base) == nil, scope.isFlow(base) { return .bool }
        guard let operandType = type(of: operand) else { return nil }
        switch operandType {
        case .map, .dyn: return .bool
        default:
            report(.expressionType, "has() tests a map's key, and this is \(operandType)", at: operand.span)
            return nil
        }
    }

    /// "1 argument", or for receiver style, "a receiver and 1 argument".
    private static func count(_ parameters: ClosedRange<Int>, receiver: Bool) -> String {
        guard receiver else { return BuiltinFunction.arguments(parameters) }
        return "a receiver and " + BuiltinFunction.arguments((parameters.lowerBound - 1)...(parameters.upperBound - 1))
    }

    // MARK: - Operators

    private mutating func unaryType(
        _ op: UnaryOperator, _ operand: ExpressionNode, at span: ExpressionSpan
    ) -> ExpressionType? {
        let operandType = type(of: operand)
        switch (op, operandType) {
        case (.not, _):
            if let operandType, operandType != .bool, operandType != .dyn {
                report(.expressionType, "'!' needs a bool, not \(operandType)", at: span)
            }
            return .bool
        case (.negate, nil):
            return nil
        case (.negate, .int?), (.negate, .double?), (.negate, .dyn?):
            return operandType
        case (.negate, let other?):
            report(.expressionType, "'-' needs an int or a double, not \(other)", at: span)
            return nil
        }
    }

    private mutating func binaryType(_ op: BinaryOperator, _ lhs: ExpressionNode, _ rhs: ExpressionNode,
                                     at span: ExpressionSpan) -> ExpressionType? {
        let leftType = type(of: lhs)
        let rightType = type(of: rhs)
        if op == .and || op == .or {
            if let wrong = [leftType, rightType].compactMap({ $0 }).first(where: { $0 != .bool && $0 != .dyn }) {
                report(.expressionType, "'\(op.rawValue)' needs bool operands, not \(wrong)", at: span)
            }
            return .bool
        }
        // Comparisons are bools whatever their operands; arithmetic on a failed operand fails.
        guard let left = leftType, let right = rightType else { return op.isArithmetic ? nil : .bool }
        switch op {
        case .equal, .notEqual:
            if !left.canEqual(right) {
                report(.expressionType, "'\(op.rawValue)' compares \(left) with \(right); "
                       + "values of different types are never equal", at: span)
            }
            return .bool
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if !Self.orderable(left, right) {
                report(.expressionType, "'\(op.rawValue)' cannot order \(left) and \(right); "
                       + "it compares numbers, strings or bools", at: span)
            }
            return .bool
        case .in:
            checkMembership(left, in: right, at: span)
            return .bool
        default:
            return arithmeticType(op, left, right, lhs: lhs, rhs: rhs, at: span)
        }
    }

    private static func orderable(_ left: ExpressionType, _ right: ExpressionType) -> Bool {
        switch (left, right) {
        case (.dyn, .dyn): return true
        case (.dyn, let other), (let other, .dyn): return hasOrder(other)
        default: return left == right ? hasOrder(left) : (left.isNumeric && right.isNumeric)
        }
    }

    private static func hasOrder(_ type: ExpressionType) -> Bool {
        switch type {
        case .int, .double, .string, .bool: true
        default: false
        }
    }

    private mutating func checkMembership(
        _ element: ExpressionType, in container: ExpressionType, at span: ExpressionSpan
    ) {
        switch container {
        case .dyn:
            return
        case .list(let item):
            if !element.canEqual(item) {
                report(.expressionType, "'in' looks for \(element) in a \(container); it can never be found", at: span)
            }
        case .map:
            if !element.canEqual(.string) {
                report(.expressionType, "'in' looks for \(element) among a map's keys, which are strings", at: span)
            }
        case .string:
            report(.expressionType, "'in' needs a list or a map on its right, not string; "
                   + "to look for text in a string, use contains()", at: span)
        default:
            report(.expressionType, "'in' needs a list or a map on its right, not \(container)", at: span)
        }
    }

    private mutating func arithmeticType(
        _ op: BinaryOperator, _ left: ExpressionType, _ right: ExpressionType,
        lhs: ExpressionNode, rhs: ExpressionNode, at span: ExpressionSpan
    ) -> ExpressionType? {
        switch (left, right) {
        case (.dyn, .dyn):
            return .dyn
        case (.dyn, let known), (let known, .dyn):
            // The only overload that could succeed at run time takes two of `known`.
            if Self.supports(op, known) { return known }
        case (.int, .int):
            return .int
        case (.double, .double):
            if op != .remainder { return .double }
            report(.expressionType, "'%' works on ints only; CEL has no remainder for doubles", at: span)
            return nil
        case (.string, .string) where op == .add:
            return .string
        case (.list(let a), .list(let b)) where op == .add:
            return .list(a.joined(with: b))
        case (.int, .double), (.double, .int):
            let literal = [lhs, rhs].lazy.compactMap { node -> Int? in
                if case .literal(.int(let value)) = node.kind { return value }
                return nil
            }.first
            let suggestion = literal.map { "write \($0).0, or convert with double()" }
                ?? "convert the int with double()"
            report(.expressionType, "'\(op.rawValue)' mixes int and double; CEL does not convert between them",
                   at: span, fix: Diagnostic.Fix(suggestion))
            return nil
        default:
            break
        }
        report(.expressionType, "'\(op.rawValue)' cannot combine \(left) and \(right)", at: span)
        return nil
    }

    /// Whether `op` has an overload whose operands are both of type `type`.
    private static func supports(_ op: BinaryOperator, _ type: ExpressionType) -> Bool {
        switch type {
        case .int: true
        case .double: op != .remainder
        case .string, .list: op == .add
        default: false
        }
    }

    // MARK: - Reporting

    private mutating func report(
        _ code: DiagnosticCode, _ message: String, at span: ExpressionSpan, fix: Diagnostic.Fix? = nil
    ) {
        issues.append(ExpressionIssue(code, message, at: span, fix: fix))
    }

    /// `unknown-name`, suggesting the candidate nearest to the name at `span`.
    private mutating func reportUnknown(
        _ name: String, message: String, among candidates: [String], at span: ExpressionSpan
    ) {
        report(.unknownName, message, at: span, fix: .nearest(to: name, among: candidates))
    }
}
