/// The flows of a validated document compiled for running: flows and screens by
/// index, handlers by action, targets resolved, every expression and template parsed
/// once. The responders of spec §1 are its flows and screens, linked by `next`.
public struct ResponderTree: Sendable {
    /// Nodes are immutable classes: reading one on every routing step costs a retain,
    /// not a copy of all its fields.
    public final class FlowNode: Sendable {
        public let id: String
        public let parent: Int?
        /// Shown when the flow starts, above the first screen shown after it (spec §5).
        let title: Compiled<Template>?
        public let start: Target
        /// Declared variables in order, then each field's variable (null until answered).
        let initialVariables: [(name: String, value: Value)]
        /// The environment variables the flow lists in `env`: its flows and screens may
        /// read them as `env.NAME`.
        public let environment: Set<String>
        let result: [(name: String, expression: Compiled<Expression>)]?
        /// Derived values, evaluated whenever read (spec §4 1.1).
        let computed: [String: Compiled<Expression>]
        let handlers: [String: HandlerNode]
        /// Indices into `ResponderTree.screens`.
        public let screens: [Int]
        /// "flow 'id'", as events and `flowrun chain` name the responder.
        let responderName: String

        init(id: String, parent: Int?, title: Compiled<Template>?, start: Target, initialVariables: [(name: String, value: Value)], environment: Set<String>,
             result: [(name: String, expression: Compiled<Expression>)]?, computed: [String: Compiled<Expression>],
             handlers: [String: HandlerNode], screens: [Int], responderName: String) {
            self.id = id
            self.parent = parent
            self.title = title
            self.start = start
            self.initialVariables = initialVariables
            self.environment = environment
            self.result = result
            self.computed = computed
            self.handlers = handlers
            self.screens = screens
            self.responderName = responderName
        }
    }

    public final class ScreenNode: Sendable {
        public let id: String
        public let flow: Int
        let title: Compiled<Template>?
        let text: Compiled<Template>?
        public let fields: [FieldNode]
        public let actions: [ActionNode]
        let handlers: [String: HandlerNode]
        public let isTerminal: Bool
        /// "screen 'id'", as events and `flowrun chain` name the responder.
        let responderName: String
        /// `flowid/screenid`, as the run's path lists it.
        public let pathName: String
        /// The ids of the flows from the root to the screen's own, for its breadcrumb:
        /// made once here, as every showing of the screen carries it.
        let flowPath: [String]
        /// Where the screen's id is written.
        public let location: SourceLocation

        init(id: String, flow: Int, title: Compiled<Template>?, text: Compiled<Template>?, fields: [FieldNode],
             actions: [ActionNode], handlers: [String: HandlerNode], isTerminal: Bool, responderName: String, pathName: String,
             flowPath: [String], location: SourceLocation) {
            self.id = id
            self.flow = flow
            self.title = title
            self.text = text
            self.fields = fields
            self.actions = actions
            self.handlers = handlers
            self.isTerminal = isTerminal
            self.responderName = responderName
            self.pathName = pathName
            self.flowPath = flowPath
            self.location = location
        }
    }

    public struct FieldNode: Sendable {
        public let id: String
        public let type: FieldType
        let label: Compiled<Template>?
        let help: Compiled<Template>?
        let placeholder: Compiled<Template>?
        let defaultValue: DefaultValue?
        public let isRequired: Bool
        /// The pattern's source; compiled when an answer is checked (`Regex` is not `Sendable`).
        let pattern: String?
        public let min: Double?
        public let max: Double?
        let options: OptionsNode?
        let when: Compiled<Expression>?
        let message: Compiled<Template>?
        let rules: [(rule: Compiled<Expression>, message: Compiled<Template>?)]
        public let remember: Bool
    }

    enum DefaultValue: Sendable {
        case literal(Value)
        case template(Compiled<Template>)
    }

    enum OptionsNode: Sendable {
        case list([(value: Value, label: Compiled<Template>?)])
        case expression(Compiled<Expression>)
    }

    public struct ActionNode: Sendable {
        public let id: String
        let label: Compiled<Template>?
        public let key: String?
        public let validatesFields: Bool
        /// Chosen by an empty line at the action prompt, and by `--defaults`.
        public let isDefault: Bool
        let when: Compiled<Expression>?
        public let location: SourceLocation
    }

    struct HandlerNode: Sendable {
        let branches: [BranchNode]
    }

    struct BranchNode: Sendable {
        let when: Compiled<Expression>?
        let assignments: [(flow: Int?, name: String, expression: Compiled<Expression>)]
        let say: Compiled<Template>?
        let transition: CompiledTransition?
        /// A description for transcripts and `flowrun chain`: "when attempts < 3".
        let guardText: String?
        /// Where the branch is written, for coverage reports.
        let location: SourceLocation
    }

    enum CompiledTransition: Sendable {
        case push(Target)
        case replace(Target)
        case back
        case send(String)
        case finish
        case exit(code: Int, message: Compiled<Template>?)
    }

    /// A screen of a flow, or one of its child flows.
    public typealias Target = FlowKit.Target

    public let flows: [FlowNode]
    public let screens: [ScreenNode]
    let flowsByID: [String: Int]
    /// For each flow: each action some flow of its chain handles, and those flows, nearest
    /// first. Routing visits only responders with a handler, whatever the chain's depth.
    let handlingFlows: [[String: [Int]]]

    init(flows: [FlowNode], screens: [ScreenNode], flowsByID: [String: Int]) {
        self.flows = flows
        self.screens = screens
        self.flowsByID = flowsByID
        var tables: [[String: [Int]]] = []
        // Parents come before their children (preorder), so a parent's table is ready.
        for (index, flow) in flows.enumerated() {
            var table = flow.parent.map { tables[$0] } ?? [:]
            for action in flow.handlers.keys { table[action, default: []].insert(index, at: 0) }
            tables.append(table)
        }
        handlingFlows = tables
    }

    public func flow(named id: String) -> Int? { flowsByID[id] }

    /// The global index of the screen `id` of the flow `flow`.
    public func screen(flow: String, id: String) -> Int? {
        flowsByID[flow].flatMap { flow in flows[flow].screens.first { screens[$0].id == id } }
    }
}

/// A parsed expression or template with where it was written, for run-time warnings.
struct Compiled<Parsed: Sendable>: Sendable {
    let parsed: Parsed
    let source: String
    let location: SourceLocation
}
