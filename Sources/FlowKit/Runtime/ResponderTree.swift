import FlowYAML
import FlowExpressions

/// The flows of a validated document compiled for running: flows and screens by
/// index, handlers by action, targets resolved, every expression and template parsed
/// once. The responders of spec §1 are its flows and screens, linked by `next`.
///
/// A class: every input's run holds the tree, and routing reads it on every step, for a
/// retain rather than a copy of each of its tables.
public final class ResponderTree: Sendable {
    /// Nodes are immutable classes: reading one on every routing step costs a retain,
    /// not a copy of all its fields.
    public final class FlowNode: Sendable {
        public let id: String
        public let parent: Int?
        /// Shown when the flow starts, above the first screen shown after it (spec §5).
        let title: Compiled<Template>?
        /// Nil only in a tree compiled for analysis, where the `start` names nothing.
        public let start: Target?
        /// Declared variables in order, then each field's variable (null until answered).
        let initialVariables: [(name: String, value: Value)]
        /// The environment variables the flow lists in `env`: its flows and screens may
        /// read them as `env.NAME`.
        public let environment: Set<String>
        let result: [(name: String, expression: Compiled<Expression>)]?
        /// The declared params' names (spec §4 1.1), which `initialVariables` also holds.
        let params: [String]
        /// Each own variable's and field's type, as the checker types them: what a saved
        /// state's values are checked against on resume.
        let variableTypes: [String: ExpressionType]
        /// Each `result` name's type, as the checker types its expression.
        let resultTypes: [String: ExpressionType]
        /// Derived values, evaluated whenever read (spec §4 1.1).
        let computed: [String: Compiled<Expression>]
        /// Params without a default: a start must give each a value (spec §4 1.1).
        let requiredParams: [String]
        /// An instance's `with`: values for its params, evaluated in its parent as it starts.
        let arguments: [(name: String, expression: Compiled<Expression>)]
        /// Handlers by action number (`ResponderTree.actionNames`).
        let handlers: [Int: HandlerNode]
        /// The notifications the flow observes, each with its handler (spec §7 1.1).
        let observers: [String: HandlerNode]
        /// Indices into `ResponderTree.screens`.
        public let screens: [Int]
        /// "flow 'id'", as events and `flowrun chain` name the responder.
        let responderName: String
        /// The number of `flowid.done`, which the flow's parent is sent when it finishes.
        let doneAction: Int

        init(id: String, parent: Int?, title: Compiled<Template>?, start: Target?, initialVariables: [(name: String, value: Value)], environment: Set<String>,
             result: [(name: String, expression: Compiled<Expression>)]?, params: [String], variableTypes: [String: ExpressionType],
             resultTypes: [String: ExpressionType], computed: [String: Compiled<Expression>],
             requiredParams: [String], arguments: [(name: String, expression: Compiled<Expression>)],
             handlers: [Int: HandlerNode], observers: [String: HandlerNode], screens: [Int], responderName: String, doneAction: Int) {
            self.id = id
            self.parent = parent
            self.title = title
            self.start = start
            self.initialVariables = initialVariables
            self.environment = environment
            self.result = result
            self.params = params
            self.variableTypes = variableTypes
            self.resultTypes = resultTypes
            self.computed = computed
            self.requiredParams = requiredParams
            self.arguments = arguments
            self.handlers = handlers
            self.observers = observers
            self.screens = screens
            self.responderName = responderName
            self.doneAction = doneAction
        }
    }

    public final class ScreenNode: Sendable {
        public let id: String
        public let flow: Int
        let title: Compiled<Template>?
        let text: Compiled<Template>?
        public let fields: [FieldNode]
        public let actions: [ActionNode]
        /// Handlers by action number (`ResponderTree.actionNames`).
        let handlers: [Int: HandlerNode]
        /// Its `enter` (spec §5 1.2), run each time a transition makes it the one shown.
        let enter: HandlerNode?
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
             actions: [ActionNode], handlers: [Int: HandlerNode], enter: HandlerNode?, isTerminal: Bool, responderName: String, pathName: String,
             flowPath: [String], location: SourceLocation) {
            self.id = id
            self.flow = flow
            self.title = title
            self.text = text
            self.fields = fields
            self.actions = actions
            self.handlers = handlers
            self.enter = enter
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
        /// The pattern's source; compiled when an answer is checked (`RegexPattern` is not `Sendable`).
        let pattern: String?
        public let min: Double?
        public let max: Double?
        let options: OptionsNode?
        let when: Compiled<Expression>?
        let message: Compiled<Template>?
        let rules: [(test: RuleTest, message: Compiled<Template>?)]
        public let remember: Bool
    }

    /// What a field's `validate` entry checks: a rule that must hold, or a program that
    /// must exit 0 (spec §6 1.2).
    enum RuleTest: Sendable {
        case holds(Compiled<Expression>)
        case program(CommandNode)
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
        /// The action's number (`ResponderTree.actionNames`).
        let number: Int
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

    /// One assignment of a branch's `set` (spec §7): the variable, the steps into it
    /// (1.2), and the value.
    struct AssignmentNode: Sendable {
        /// One step into the variable's value: a map's key, or an index evaluated when the
        /// branch runs (in the handling flow).
        enum Step: Sendable {
            case member(String)
            case index(Compiled<Expression>)
        }

        let flow: Int
        let name: String
        let path: [Step]
        /// The key as written, for the warnings of an assignment not made.
        let target: String
        let location: SourceLocation
        let expression: Compiled<Expression>
    }

    /// The one derived model of a branch: what the Session runs, and what the checks,
    /// `chain`, `graph` and the language server read through the chain walk (`route`).
    /// A class, like the other nodes: every walk over the tree's branches reads them in
    /// place, for a retain rather than a copy of each of its fields.
    final class BranchNode: Sendable {
        let when: Compiled<Expression>?
        let assignments: [AssignmentNode]
        let say: Compiled<Template>?
        let transition: CompiledTransition?
        /// How a `push` or `replace` of a child flow starts it.
        let launch: LaunchNode?
        /// Its `run`: the programs, run in order until one fails (spec §7 1.2).
        let commands: [CommandNode]
        /// A notification to deliver to its observers.
        let post: String?
        /// Where the branch is written, for coverage reports.
        let location: SourceLocation

        init(when: Compiled<Expression>?, assignments: [AssignmentNode], say: Compiled<Template>?,
             transition: CompiledTransition?, launch: LaunchNode?, commands: [CommandNode], post: String?, location: SourceLocation) {
            self.when = when
            self.assignments = assignments
            self.say = say
            self.transition = transition
            self.launch = launch
            self.commands = commands
            self.post = post
            self.location = location
        }

        /// A description for transcripts and `flowrun chain`: "when attempts < 3".
        var guardText: String? { when.map { "when \($0.source)" } }
    }

    /// `with`, `for_each` and `as` of a transition that starts a child flow (spec §7 1.1).
    struct LaunchNode: Sendable {
        let arguments: [(name: String, expression: Compiled<Expression>)]
        let forEach: Compiled<Expression>?
        /// The param each element is given in.
        let element: String?
        /// The param each run's 0-based position is given in.
        let index: String?
    }

    /// A branch's `run` (spec §7 1.1), one of its list (1.2), or a field's check by a program (spec §6 1.2).
    struct CommandNode: Sendable {
        let arguments: [Compiled<Template>]
        let into: String?
        let environment: [(name: String, value: Compiled<Template>)]
        let timeout: Double
        let label: Compiled<Template>?
        let location: SourceLocation
    }

    /// A branch's transition, compiled: a `push` or `replace` target resolved in the
    /// handling flow (nil only in a tree compiled for analysis, for a name that is neither
    /// a screen nor a child flow there: `unknown-target` reports it), a `send`'s action
    /// numbered, an `exit`'s message parsed.
    typealias CompiledTransition = BranchTransition<Target?, Int, Compiled<Template>?>

    /// A screen of a flow, or one of its child flows.
    public typealias Target = FlowKit.Target

    public let flows: [FlowNode]
    public let screens: [ScreenNode]
    let flowsByID: [String: Int]
    /// Each action's name, by number: the built-ins first (`back`, `quit`), then every
    /// other action a screen offers, a branch sends or handles, and each flow's `done`.
    let actionNames: [String]
    private let actionNumbers: [String: Int]
    /// Per action number: the flows that handle it, in tree order, each linked to the
    /// nearest one above it, so that the chain walk visits only responders with a handler,
    /// whatever the chain's depth.
    let handlingFlows: [[HandlingFlow]]
    /// For each notification, the flows that observe it, root first, in file order (spec §7 1.1).
    let observingFlows: [String: [Int]]
    /// The notifications some branch posts.
    let postedNotifications: Set<String>
    /// The flows some branch starts with `for_each`, in tree order.
    public let repeatedFlows: [Int]

    init(flows: [FlowNode], screens: [ScreenNode], flowsByID: [String: Int], actionNames: [String], actionNumbers: [String: Int],
         subtreeEnds: [Int], postedNotifications: Set<String>, repeatedFlows: [Int]) {
        self.flows = flows
        self.screens = screens
        self.flowsByID = flowsByID
        self.actionNames = actionNames
        self.actionNumbers = actionNumbers
        var observing: [String: [Int]] = [:]
        // Flows are in preorder: parents before children, siblings in file order.
        for (index, flow) in flows.enumerated() {
            for name in flow.observers.keys { observing[name, default: []].append(index) }
        }
        observingFlows = observing
        self.postedNotifications = postedNotifications
        self.repeatedFlows = repeatedFlows
        handlingFlows = HandlingFlow.lists(of: flows, subtreeEnds: subtreeEnds, actionCount: actionNames.count)
    }

    public func flow(named id: String) -> Int? { flowsByID[id] }

    /// The number of an action some screen offers, some branch sends or handles, a
    /// flow's `done`, or a built-in.
    func actionNumber(_ name: String) -> Int? { actionNumbers[name] }

    /// The global index of the screen `id` of the flow `flow`.
    public func screen(flow: String, id: String) -> Int? {
        flowsByID[flow].flatMap { flow in flows[flow].screens.first { screens[$0].id == id } }
    }
}

/// A parsed expression or template with where it was written, for run-time warnings.
///
/// A class: a node holds a reference, not about 100 bytes for each expression or
/// template it may have, and most it leaves out (an action's `when`, a screen's title, all
/// of them in a tree compiled for analysis). On a 10 MB flow the tree held inline ones
/// was a tenth of the file's size in memory again.
final class Compiled<Parsed: Sendable>: Sendable {
    let parsed: Parsed
    let source: String
    let location: SourceLocation

    init(parsed: Parsed, source: String, location: SourceLocation) {
        self.parsed = parsed
        self.source = source
        self.location = location
    }
}
