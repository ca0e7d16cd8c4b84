import FlowKit
import FlowExpressions

/// Names for expression tests: variables, flows with their members, and environment
/// variables, all from dictionaries. Serves as both the checker's scope (types) and the
/// evaluator's (values).
public struct ExpressionTestScope: ExpressionScope, ValueScope, Sendable {
    /// Variables in scope; a variable's type is `types[name]`, or else its value's type.
    public var values: [String: Value]
    public var types: [String: ExpressionType]
    /// Flows by id, with the values of the names each exposes.
    public var flows: [String: [String: Value]]
    /// Environment variables listed in some enclosing flow's `env`, with their values
    /// (nil: listed but unset).
    public var environment: [String: String?]

    public init(
        values: [String: Value] = [:],
        types: [String: ExpressionType] = [:],
        flows: [String: [String: Value]] = [:],
        environment: [String: String?] = [:]
    ) {
        self.values = values
        self.types = types
        self.flows = flows
        self.environment = environment
    }

    public func variableType(_ name: String) -> ExpressionType? {
        types[name] ?? values[name].map(ExpressionType.init(of:))
    }

    public func isFlow(_ name: String) -> Bool {
        flows[name] != nil
    }

    public func flowMemberType(flow: String, member: String) -> ExpressionType? {
        flows[flow]?[member].map(ExpressionType.init(of:))
    }

    public func flowMemberNames(flow: String) -> [String] {
        (flows[flow] ?? [:]).keys.sorted()
    }

    public func isVisibleEnvironmentVariable(_ name: String) -> Bool {
        environment.keys.contains(name)
    }

    public var variableNames: [String] {
        Set(values.keys).union(types.keys).sorted()
    }

    public func variable(_ name: String) -> Value? {
        values[name]
    }

    public func flowMember(flow: String, member: String) -> Value? {
        flows[flow]?[member]
    }

    public func environmentVariable(_ name: String) -> String? {
        environment[name] ?? nil
    }
}

/// An expression with the token a test expects an issue at, marked on a second line:
/// `^` under the token's first scalar, followed by one `~` for each further scalar, or
/// `|` for an empty span at that offset (the end of the source, say).
///
///     MarkedExpression("""
///     count + "a"
///           ^
///     """)
public struct MarkedExpression: CustomStringConvertible {
    public let source: String
    public let offset: Int
    public let length: Int

    public init(_ marked: String) {
        let lines = marked.split(separator: "\n", omittingEmptySubsequences: false)
        source = String(lines.first ?? "")
        let marker = lines.count > 1 ? Array(lines[1].unicodeScalars) : []
        if let bar = marker.firstIndex(of: "|") {
            offset = bar
            length = 0
        } else if let caret = marker.firstIndex(of: "^") {
            offset = caret
            length = 1 + marker[(caret + 1)...].prefix { $0 == "~" }.count
        } else {
            offset = -1
            length = 0
        }
    }

    public var description: String { "\(source) @\(offset)+\(length)" }
}
