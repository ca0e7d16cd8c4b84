import FlowExpressions

/// Everything a session remembers between inputs: a plain value, so it can be saved,
/// restored, compared and replayed.
struct SessionState: Sendable, Equatable, Codable {
    enum Phase: Sendable, Equatable, Codable {
        case notStarted
        /// Asking the current screen's field at this index.
        case field(Int)
        /// Offering the current screen's actions.
        case action
        case ended(RunOutcome)
    }

    /// One entry of a flow's navigation stack: one of its screens, or a child flow.
    enum StackEntry: Sendable, Equatable, Codable {
        /// A global screen index.
        case screen(Int)
        /// A child flow: at the bottom, the flow's active child; above a screen, presented.
        case flow(Int)

        // Saved as one number (a screen `n` as n, a flow `n` as -1 - n), not as the keyed
        // container Codable would make: `--state` writes every stack after every step.
        init(from decoder: any Decoder) throws {
            let number = try decoder.singleValueContainer().decode(Int.self)
            self = number >= 0 ? .screen(number) : .flow(-1 - number)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .screen(let screen): try container.encode(screen)
            case .flow(let flow): try container.encode(-1 - flow)
            }
        }
    }

    struct FlowState: Sendable, Equatable, Codable {
        var variables: [String: Value]
        var stack: [StackEntry] = []
        /// The flow's `result` values, once it has finished.
        var result: [String: Value]?
        /// The secret parts of variables holding a secret answer, or a value computed from
        /// one (cli.md), or (1.2) a list or map with such members; absent for a variable
        /// with none. Shown masked wherever a template shows them. Never saved:
        /// `savedState` leaves their values out instead.
        var secrets: [String: Secrecy] = [:]
        /// The same for the names of `result` (1.2: per member), and `results` after a
        /// `for_each` (per run: where its `result` is secret, or without one, its variables).
        var secretResult: [String: Secrecy] = [:]
        /// Set while the flow runs once per element of a list (spec §7 1.1).
        var repetition: Repetition?
        /// After a `for_each`: each run's result, in order (`flowid.results`).
        var results: [Value]?

        private enum CodingKeys: String, CodingKey { case variables, stack, result, repetition, results }

        /// A flow as it starts afresh: its initial variables, nothing on its stack.
        static func initial(_ node: ResponderTree.FlowNode) -> FlowState {
            FlowState(variables: Dictionary(node.initialVariables.map { ($0.name, $0.value) }) { first, _ in first })
        }

        /// Which parts of variable `name` are secret: the one question every reader asks.
        func secrecy(of name: String) -> Secrecy { secrets[name] ?? .none }

        /// Notes which parts of variable `name` are secret now.
        mutating func mark(_ name: String, _ secrecy: Secrecy) {
            secrets[name] = secrecy == .none ? nil : secrecy
        }
    }

    /// A member of a list or map left out of a saved state as a secret (cli.md 1.2):
    /// the variable (`flowid.name`), or the result as read from outside the flow, and
    /// the way to the member.
    struct ForgottenMember: Sendable, Equatable, Codable {
        var variable: String
        var path: [Secrecy.Member]
        /// Whether `variable` names a result; optional, so that a state saved before it existed still reads.
        var result: Bool?

        /// The value the member is in, in `flows`.
        private func container(in flows: [FlowState], tree: ResponderTree) -> (flow: Int, name: String, value: Value)? {
            guard let (flow, name) = SessionState.split(variable, in: tree),
                  let value = result == true ? flows[flow].result?[name] : flows[flow].variables[name] else { return nil }
            return (flow, name, value)
        }

        /// As a resume names it: `app.accounts["ada"]`.
        var written: String { variable + path.map(\.written).joined() }

        /// `flows` with the member back as it was when saved, a secret, held as `null`:
        /// what reads its value reads a secret, and what reads only its map's keys or its
        /// list's size reads them as they were.
        func restoredAsSecret(in flows: inout [SessionState.FlowState], tree: ResponderTree) {
            guard let (flow, name, value) = container(in: flows, tree: tree),
                  case .success(let restored) = SessionRun.replacing(path[...], in: value, of: .none, with: .null, hidingIndex: false) else { return }
            if result == true {
                flows[flow].result?[name] = restored
                flows[flow].secretResult[name] = (flows[flow].secretResult[name] ?? .none).setting(.whole, at: path[...])
            } else {
                flows[flow].variables[name] = restored
                flows[flow].mark(name, flows[flow].secrecy(of: name).setting(.whole, at: path[...]))
            }
        }

        /// Whether the member is still missing from `state`: its map has no such key, or
        /// its list holds `null` there.
        func isMissing(in state: SessionState, tree: ResponderTree) -> Bool {
            guard var value = container(in: state.flows, tree: tree)?.value, let last = path.last else { return false }
            for member in path.dropLast() {
                switch (value, member) {
                case (.map(let entries), .key(let key)) where entries[key] != nil: value = entries[key] ?? .null
                case (.list(let elements), .position(let position)) where elements.indices.contains(position): value = elements[position]
                default: return false
                }
            }
            switch (value, last) {
            case (.map(let entries), .key(let key)): return entries[key] == nil
            case (.list(let elements), .position(let position)): return elements.indices.contains(position) && elements[position] == .null
            default: return false
            }
        }
    }

    /// Values given to a flow's params as it starts (`with`, and a `for_each` element),
    /// with the secret parts of those computed from a secret (cli.md 1.2: per member).
    struct ParamValues: Sendable, Equatable, Codable {
        var values: [String: Value] = [:]
        var secrecy: [String: Secrecy] = [:]

        init() {}

        mutating func set(_ name: String, to value: Value, secrecy: Secrecy) {
            values[name] = value
            self.secrecy[name] = secrecy == .none ? nil : secrecy
        }

        mutating func merge(_ other: ParamValues) {
            for (name, value) in other.values { set(name, to: value, secrecy: other.secrecy[name] ?? .none) }
        }

        /// The values with every secret part left out (`Secrecy.withoutSecrets`), for a saved state.
        var withoutSecrets: Self {
            var scrubbed = self
            for (name, secrecy) in secrecy { scrubbed.values[name] = secrecy.withoutSecrets(values[name] ?? .null).value ?? .null }
            return scrubbed
        }

        // Saved as the values and, as `secret`, the names secret whole (left out as `null`):
        // a secret member is left out of its value, so nothing of it is saved.
        private enum CodingKeys: String, CodingKey { case values, secret }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            values = try container.decode([String: Value].self, forKey: .values)
            secrecy = Dictionary(try container.decode([String].self, forKey: .secret).map { ($0, Secrecy.whole) }) { first, _ in first }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(values, forKey: .values)
            try container.encode(secrecy.filter { $0.value == .whole }.keys.sorted(), forKey: .secret)
        }
    }

    /// A flow run once per element of a list (spec §7 1.1): the elements, which run is
    /// on, and the runs finished so far.
    struct Repetition: Sendable, Equatable, Codable {
        var elements: [Value]
        var elementsAreSecret: Bool
        /// The run on now, from 0.
        var position: Int
        /// What every run is given (`with`), and the param that receives the element.
        var arguments: ParamValues
        var elementParam: String
        /// The param that receives the run's position (`index`, spec §7 1.2), if any;
        /// optional, so that a state saved before it existed still reads.
        var indexParam: String?
        /// Each finished run's result, in order.
        var results: [Value] = []
        /// Each finished run as it ended, so that `back` can return into it.
        var finishedRuns: [FlowState] = []

        /// What the run at `position` starts with: `with`, the element, and its position.
        func given(to element: Value) -> ParamValues {
            var given = arguments
            given.set(elementParam, to: element, secrecy: elementsAreSecret ? .whole : .none)
            if let indexParam { given.set(indexParam, to: .int(position), secrecy: .none) }
            return given
        }
    }

    var flows: [FlowState]

    /// The screen on display: the top of the root's stack, through presented and active
    /// children. Nil when a flow on the way has nothing shown.
    ///
    /// - Complexity: O(depth of the displayed flows).
    var currentScreen: Int? {
        flows.withUnsafeBufferPointer { flows in
            var flow = 0
            while flow < flows.count, let top = flows[flow].stack.last {
                switch top {
                case .screen(let screen): return screen
                case .flow(let child): flow = child
                }
            }
            return nil
        }
    }
    var phase: Phase = .notStarted
    /// While the form of the screen on display asks an earlier field again (spec §5 1.2):
    /// the first of its fields not asked yet (its field count when all were). Nil when
    /// the phase says it all: at `.field(n)` the fields from n on are not asked yet, at
    /// `.action` none is. Set and followed by the form's one rule,
    /// `SessionRun.askField(from:screen:)`.
    var notYetAsked: Int?
    /// Screens covered by a child flow started by an action chosen at one of their fields
    /// (global index → the first field not asked yet): once uncovered, they ask the fields
    /// from there too, not only those left without a valid answer (spec §5 1.2). Nil when
    /// there are none, as in a state saved before it existed.
    var coveredForms: [Int: Int]?
    /// Every screen shown, as `flowid/screenid`.
    var path: [String] = []
    /// Variables (`flowid.name`) left out of a saved state: answers to secret fields, and
    /// values computed from them.
    var forgottenSecrets: [String] = []
    /// Members of lists and maps left out of a saved state (cli.md 1.2), while they are
    /// still missing; optional, so that a state saved before it existed still reads.
    var forgottenMembers: [ForgottenMember]?
    /// The same for `result` names (`flowid.name`, as read from outside the flow).
    var forgottenResults: [String] = []
    /// The last answer of each field answered, keyed as `--answers` reads it
    /// (`AnswerKey`), for `--save-answers`: secret and private fields never enter it.
    /// Optional, so that a state saved before it existed still reads.
    var lastAnswers: [String: Value]?

    /// The fields of the screen on display that its form has asked, as the positions
    /// before this one: all of them at the action prompt (`Int.max`), none before the
    /// run starts or once it has ended.
    var askedFieldsEnd: Int {
        switch phase {
        case .field(let position): notYetAsked ?? position
        case .action: Int.max
        case .notStarted, .ended: 0
        }
    }

    /// Whether the form of the screen on display is still to ask the field at `position`:
    /// the one it asks now, and those not asked yet.
    func asksInTurn(_ position: Int) -> Bool {
        guard case .field(let current) = phase else { return false }
        return position == current || position >= askedFieldsEnd
    }

    /// Whether the variable `flowid.name` exists and holds `null`.
    func variableIsEmpty(_ qualified: String, in tree: ResponderTree) -> Bool {
        guard let (flow, name) = Self.split(qualified, in: tree) else { return false }
        return flows[flow].variables[name] == .null
    }

    /// Whether the result `flowid.name` exists and holds `null`; for `flowid.results` (of
    /// a `for_each`, during or after it), whether every run's result does.
    func resultIsEmpty(_ qualified: String, in tree: ResponderTree) -> Bool {
        guard let (flow, name) = Self.split(qualified, in: tree) else { return false }
        if name == "results", tree.repeatedFlows.contains(flow) {
            return (flows[flow].results ?? flows[flow].repetition?.results ?? []).allSatisfy { $0 == .null }
        }
        return flows[flow].result?[name] == .null
    }

    private static func split(_ qualified: String, in tree: ResponderTree) -> (flow: Int, name: String)? {
        let parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let flow = tree.flow(named: parts[0]) else { return nil }
        return (flow, parts[1])
    }
}
