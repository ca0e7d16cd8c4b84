import FlowYAML
import FlowExpressions

/// The run's result (cli.md): status, exit code, message, last screen, path, and
/// every flow's variables, as JSON, YAML or `eval`-able shell lines.
public struct ResultDocument: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case json, yaml, env, none
    }

    public let outcome: RunOutcome
    public let path: [String]
    public let values: [String: [String: Value]]

    /// The session's result; `outcome` replaces the session's own where the front end
    /// stopped the run (a signal, or `--defaults` with no answer to give). With
    /// `maskingSecrets` (the document goes to a terminal, where a person reads it), each
    /// secret, or secret member of a list or map, shows as the mask (`Session.shown`).
    public init(session: Session, outcome: RunOutcome? = nil, maskingSecrets: Bool = false) {
        self.outcome = outcome ?? session.outcome ?? RunOutcome(.incomplete, exitCode: 3)
        path = session.path
        let values = session.values
        self.values = maskingSecrets ? Dictionary(uniqueKeysWithValues: values.map { flow, variables in
            (flow, Dictionary(uniqueKeysWithValues: variables.map { name, value in (name, session.shown(value, of: flow, name: name)) }))
        }) : values
    }

    /// The last screen shown (its id), or nil before any.
    public var screen: String? { path.last.map { String($0.split(separator: "/").last ?? "") } }

    public func render(as format: Format) -> String {
        switch format {
        case .json: json
        case .yaml: yaml
        case .env: env
        case .none: ""
        }
    }

    /// The document's keys and values, in the order the YAML document writes them.
    private var fields: [(key: String, value: Value)] {
        [
            ("status", .string(outcome.status.rawValue)), ("exit_code", .int(outcome.exitCode)),
            ("message", outcome.message.map(Value.string) ?? .null), ("screen", screen.map(Value.string) ?? .null),
            ("path", .list(path.map(Value.string))), ("values", .map(values.mapValues(Value.map))),
        ]
    }

    /// Keys sorted, two-space indentation, one document.
    var json: String {
        JSONValue.object(Dictionary(uniqueKeysWithValues: fields.map { ($0.key, JSONValue($0.value)) })).document
    }

    /// The JSON document as idiomatic block YAML (cli.md 1.1): the same keys in the same
    /// order, scalars plain wherever they read back as the same value.
    var yaml: String { YAMLWriter.block(fields) }

    /// Shell lines for `eval "$(flowrun run --output env f.yaml)"` (cli.md): first
    /// `FLOWRUN_STATUS`, `FLOWRUN_EXIT_CODE`, `FLOWRUN_SCREEN` and `FLOWRUN_MESSAGE`, then
    /// one `FLOWID_NAME='value'` line per variable (`EnvOutputName`).
    /// Lists and maps are JSON text, `null` is empty, other values render as templates render them.
    var env: String {
        let outcomeValues: [Value] = [.string(outcome.status.rawValue), .int(outcome.exitCode),
                                      screen.map(Value.string) ?? .null, outcome.message.map(Value.string) ?? .null]
        let lines = (zip(EnvOutputName.outcome, outcomeValues).map { ($0, $1) } + envVariables.map { ($0.name, $0.value) }).map { variable, value in
            "\(variable)=\(ShellQuoting.quoted(Self.envText(value)))"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func envText(_ value: Value) -> String {
        switch value {
        case .list, .map:
            return JSONValue(value).line
        default:
            return ValueFormatting.render(value)
        }
    }

    /// Every written variable's shell name and value, in a stable order.
    private var envVariables: [(name: String, value: Value)] {
        Self.envNames(values.mapValues { Array($0.keys) }).map { ($0.name, values[$0.flow]?[$0.variable] ?? .null) }
    }

    /// Variables whose shell names would clash under `--output env` (`foo` and `FOO`,
    /// `x-y` and `x_y`, flow `a` variable `b_c` and flow `a_b` variable `c`, flow
    /// `flowrun` variable `status` and `FLOWRUN_STATUS`), as pairs of `flowid.name`; an env
    /// document with a clash would lose a value silently.
    public var envClashes: [(String, String)] {
        Self.envClashes(among: values.mapValues { Array($0.keys) })
    }

    /// `envClashes` among the names of each flow, by flow id (`Session.valueNames`): known
    /// before the run, as no value is needed.
    public static func envClashes(among names: [String: [String]]) -> [(String, String)] {
        var first = Dictionary(uniqueKeysWithValues: EnvOutputName.outcome.map { ($0, $0) })
        var clashes: [(String, String)] = []
        for (name, flow, variable) in envNames(names) {
            let source = "\(flow).\(variable)"
            if let earlier = first[name] { clashes.append((earlier, source)) } else { first[name] = source }
        }
        return clashes
    }

    /// Each variable's shell name, with the flow and variable it stands for, in a stable order.
    private static func envNames(_ names: [String: [String]]) -> [(name: String, flow: String, variable: String)] {
        names.keys.sorted().flatMap { flow in
            (names[flow] ?? []).sorted().map { (EnvOutputName.of(flow: flow, variable: $0), flow, $0) }
        }
    }
}
