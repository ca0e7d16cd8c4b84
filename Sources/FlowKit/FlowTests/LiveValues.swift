import FoundationEssentials
import FlowExpressions
import FlowYAML

/// What of a session's values a later decision can still read: a liveness analysis over
/// the compiled tree, so that `test --generate` merges states that differ only in what
/// no guard, rule, `when` or `for_each` will ever look at (a counter shown on a screen,
/// a display name) and explores classes of answers rather than answers.
///
/// A name is live when a decision reads it, or when it is assigned, computed, given as
/// a param, returned as a result or defaulted from an expression that reads a live name.
/// Names are matched by their last part (`login.username` reads `username`), which
/// over-approximates: two flows' variables of one name are live together.
struct LiveValues {
    /// Every variable name a later decision can read.
    let names: Set<String>
    /// The string and number literals of the expressions that decide or feed a decision,
    /// in tree order (map keys aside), a text each `matches` accepts, and the numbers on
    /// either side of each integer: the answers the flow can tell apart.
    let strings: [String]
    let numbers: [String]
    /// The ways a program can fail that a decision can tell apart: a non-zero exit, and
    /// a time-out where some decision reads `timed_out` (killed: 137, as by SIGKILL).
    var failures: [CommandResult] {
        [CommandResult(exitCode: 1)] + (names.contains("timed_out") ? [CommandResult(exitCode: 137, timedOut: true)] : [])
    }
    /// The `run`s, by position, whose `into` has its `stdout` read by a decision or by what
    /// feeds one (`_last: tags.stdout…`): the search tries them writing `InputCandidates.outputs`.
    let outputRead: Set<SourceLocation>
    /// For each name, the names a decision compares it with for equality (`pin ==
    /// pin_again`), in tree order: a field is offered what they hold, and something else.
    let compared: [String: [String]]
    /// Whether a decision reads a semantic version (`semver(…)`, `isSemver(…)`): a text
    /// answer that is a version is then tried with the next version too, the other side
    /// of a comparison; a field offered no version is offered one.
    let comparesVersions: Bool
    /// The names set from a program's `stdout`, directly or through other names
    /// (`_last: tags.stdout.split(...)[0]`): a guard that reads one waits for an output,
    /// which the search may not have tried.
    private let fromProgramOutput: Set<String>
    /// The flows whose members (`signup.username`) something reads other than their own
    /// `done` handler: they matter after they end. Any other flow, once off every stack,
    /// matters no more: it starts afresh if it starts again.
    private let readAfterEnd: Set<Int>

    init(tree: ResponderTree) {
        var flow = Flowing()
        flow.collect(tree)
        let doneOf = Dictionary(tree.flows.indices.map { (tree.flows[$0].doneAction, $0) }) { first, _ in first }
        var readAfterEnd = Set<Int>()
        for (expression, action) in flow.decisions + flow.feeds.map({ ($0.expression, $0.action) }) {
            expression.root.forEachNode { node in
                guard case .select(let operand, _) = node.kind, case .identifier(let name) = operand.kind,
                      let read = tree.flow(named: name), action.flatMap({ doneOf[$0] }) != read else { return }
                readAfterEnd.insert(read)
            }
        }
        self.readAfterEnd = readAfterEnd
        var live = Set<String>()
        for decision in flow.decisions { live.formUnion(Self.reads(of: decision.expression.root)) }
        var changed = true
        while changed {
            changed = false
            for (target, expression, _) in flow.feeds where live.contains(target) {
                let before = live.count
                live.formUnion(Self.reads(of: expression.root))
                changed = changed || live.count != before
            }
        }
        var strings: [String] = []
        var numbers: [String] = []
        var compared: [String: [String]] = [:]
        var comparesVersions = false
        var stdoutOf = Set<String>()
        let read = flow.decisions.map(\.expression) + flow.feeds.filter { live.contains($0.target) }.map(\.expression)
        for expression in read {
            expression.root.forEachNode { node in
                switch node.kind {
                // A text that a `matches` of the condition accepts.
                case .call("matches", _, let arguments):
                    guard case .literal(.string(let pattern))? = arguments.last?.kind, let example = PatternExample.matching(pattern),
                          !strings.contains(example) else { return }
                    strings.append(example)
                case .call("semver", _, _), .call("isSemver", _, _): comparesVersions = true
                case .binary(.equal, let lhs, let rhs), .binary(.notEqual, let lhs, let rhs):
                    let left = Self.reads(of: lhs).sorted(), right = Self.reads(of: rhs).sorted()
                    for (names, partners) in [(left, right), (right, left)] {
                        for name in names {
                            for partner in partners where partner != name && !compared[name, default: []].contains(partner) {
                                compared[name, default: []].append(partner)
                            }
                        }
                    }
                case .select(let operand, "stdout"):
                    switch operand.kind {
                    case .identifier(let name), .select(_, let name): stdoutOf.insert(name)
                    default: break
                    }
                default: break
                }
            }
            Self.literals(of: expression.root) { value in
                switch value {
                case .string(let text) where !strings.contains(text): strings.append(text)
                // Each side of a comparison's boundary: `n < 3` holds for 2, not for 3; `n > 3` for 4.
                case .int(let number):
                    for side in [number, number &+ 1, number &- 1] where !numbers.contains(String(side)) { numbers.append(String(side)) }
                case .double(let number) where !numbers.contains(String(number)): numbers.append(String(number))
                default: break
                }
            }
        }
        // The text a flow holds in its live variables (an accounts map, say) is what answers
        // are compared with too; it comes first, as it reads best in a generated case.
        var heldStrings: [String] = []
        var held = tree.flows.flatMap { $0.initialVariables.filter { live.contains($0.name) }.map(\.value) }
        held.reverse()
        while let value = held.popLast() {
            switch value {
            case .string(let text) where !text.isEmpty && !heldStrings.contains(text): heldStrings.append(text)
            case .list(let elements): held += elements.reversed()
            case .map(let entries):
                let keys = entries.keys.sorted()
                held += (keys.map(Value.string) + keys.compactMap { entries[$0] }).reversed()
            default: break
            }
        }
        names = live
        var fromOutput = Set<String>()
        changed = true
        while changed {
            changed = false
            for (target, expression, _) in flow.feeds where !fromOutput.contains(target)
                && Self.readsProgramOutput(expression, through: fromOutput) {
                fromOutput.insert(target)
                changed = true
            }
        }
        fromProgramOutput = fromOutput
        self.compared = compared
        self.comparesVersions = comparesVersions
        outputRead = Set(flow.runs.filter { stdoutOf.contains($0.into) }.map(\.location))
        self.strings = heldStrings + strings.filter { !heldStrings.contains($0) }
        self.numbers = numbers
    }

    /// The bytes that tell two moments of a run apart for the search: every flow's stack,
    /// its live variables and results, and what is asked; not the path that led there,
    /// nor values no later decision reads.
    func key(of session: Session) -> [UInt8] {
        let active = Set(session.runningFlows)
        let flows = session.state.flows.indices.map { index in
            let flow = session.state.flows[index]
            guard active.contains(index) || readAfterEnd.contains(index) else { return SessionState.FlowState(variables: [:]) }
            var kept = flow
            kept.variables = flow.variables.filter { names.contains($0.key) }
            kept.result = flow.result?.filter { names.contains($0.key) }
            return kept
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? Array(encoder.encode(Key(flows: flows, phase: session.state.phase)))) ?? []
    }

    /// Where a form goes on after asking a field again (`SessionState.notYetAsked`,
    /// `coveredForms`) is left out: keeping it took the sign-in example from 39,000 states
    /// to 68,000, past the bound, for no item more. Merging is safe for the cases written:
    /// each is the input of the session the search kept, replayed as it ran.
    private struct Key: Encodable {
        var flows: [SessionState.FlowState]
        var phase: SessionState.Phase
    }

    /// Whether an expression reads a program's `stdout`, directly or through a name set from one.
    func readsProgramOutput(_ expression: Expression) -> Bool {
        Self.readsProgramOutput(expression, through: fromProgramOutput)
    }

    private static func readsProgramOutput(_ expression: Expression, through names: Set<String>) -> Bool {
        var reads = false
        expression.root.forEachNode { node in
            switch node.kind {
            case .select(_, "stdout"): reads = true
            case .identifier(let name), .select(_, let name): reads = reads || names.contains(name)
            default: break
            }
        }
        return reads
    }

    /// The names an expression reads: bare names and members (`flow.name` reads both).
    private static func reads(of root: ExpressionNode) -> Set<String> {
        var names = Set<String>()
        root.forEachNode { node in
            switch node.kind {
            case .identifier(let name), .select(_, let name): names.insert(name)
            default: break
            }
        }
        return names
    }

    /// The literals of an expression, in source order, keys of map literals aside.
    private static func literals(of node: ExpressionNode, _ body: (Value) -> Void) {
        switch node.kind {
        case .literal(let value): body(value)
        case .map(let entries): for entry in entries { literals(of: entry.value, body) }
        case .identifier: break
        case .list(let elements): for element in elements { literals(of: element, body) }
        case .select(let operand, _), .unary(_, let operand): literals(of: operand, body)
        case .index(let operand, let index):
            literals(of: operand, body)
            literals(of: index, body)
        case .call(_, let receiver, let arguments):
            if let receiver { literals(of: receiver, body) }
            for argument in arguments { literals(of: argument, body) }
        case .binary(_, let lhs, let rhs):
            literals(of: lhs, body)
            literals(of: rhs, body)
        case .conditional(let condition, let then, let otherwise):
            literals(of: condition, body)
            literals(of: then, body)
            literals(of: otherwise, body)
        }
    }

    /// The tree's expressions that decide where a run goes, and those that feed a name;
    /// each with the action whose handler holds it, if any.
    private struct Flowing {
        var decisions: [(expression: Expression, action: Int?)] = []
        var feeds: [(target: String, expression: Expression, action: Int?)] = []
        /// Every `run` that stores its outcome, with the name it stores it in.
        var runs: [(into: String, location: SourceLocation)] = []

        mutating func collect(_ tree: ResponderTree) {
            for flow in tree.flows {
                for name in flow.computed.keys.sorted() { feed(name, flow.computed[name]) }
                for (name, expression) in flow.result ?? [] { feed(name, expression) }
                for (name, expression) in flow.arguments { feed(name, expression) }
                for action in flow.handlers.keys.sorted() { route(flow.handlers[action], action: action) }
                for name in flow.observers.keys.sorted() { route(flow.observers[name], action: nil) }
            }
            for screen in tree.screens {
                for action in screen.handlers.keys.sorted() { route(screen.handlers[action], action: action) }
                route(screen.enter, action: nil)
                for action in screen.actions { decide(action.when) }
                for field in screen.fields {
                    decide(field.when)
                    // A check by a program decides by its exit, which the search stubs, not by what it reads.
                    for rule in field.rules { if case .holds(let expression) = rule.test { decide(expression) } }
                    if case .expression(let options)? = field.options { decide(options) }
                    if case .template(let template)? = field.defaultValue {
                        for case .expression(let expression, _) in template.parsed.parts { feeds.append((field.id, expression, nil)) }
                    }
                }
            }
        }

        private mutating func route(_ handler: ResponderTree.HandlerNode?, action: Int?) {
            for branch in handler?.branches ?? [] {
                decide(branch.when, action: action)
                decide(branch.launch?.forEach, action: action)
                for assignment in branch.assignments {
                    feed(assignment.name, assignment.expression, action: action)
                    // Into a map or list (spec §7 1.2): the indexes decide which member takes the value.
                    for case .index(let key) in assignment.path { feed(assignment.name, key, action: action) }
                }
                for command in branch.commands { if let into = command.into { runs.append((into, command.location)) } }
                for (name, expression) in branch.launch?.arguments ?? [] { feed(name, expression, action: action) }
            }
        }

        private mutating func decide(_ expression: Compiled<Expression>?, action: Int? = nil) {
            if let expression { decisions.append((expression.parsed, action)) }
        }

        private mutating func feed(_ name: String, _ expression: Compiled<Expression>?, action: Int? = nil) {
            if let expression { feeds.append((name, expression.parsed, action)) }
        }
    }
}
