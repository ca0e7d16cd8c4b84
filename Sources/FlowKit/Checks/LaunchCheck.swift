import FlowYAML

/// How flows are started with params (spec §3, §4, §7 1.1): every name a `with` gives,
/// and the `as` and `index` of a `for_each`, is a param of the started flow
/// (`unknown-name`); `index` names an int param (`expression-type`, 1.2); a `with` or
/// `for_each` starts a child flow, not a screen (`type-mismatch`); and every start gives
/// each required param a value (`missing-param`), where the validator sees it.
enum LaunchCheck: Check {
    static let codes: [DiagnosticCode] = [.unknownName, .typeMismatch, .missingParam, .expressionType]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var diagnostics: [Diagnostic] = []
        for (position, entry) in index.flows.enumerated() {
            let flow = entry.flow
            diagnostics += unknownParams(flow.arguments.map(\.name), of: position, index)
            if let start = flow.start, case .flow(let child)? = index.target(start.value, in: position) {
                diagnostics += missingParams(of: child, givenHere: [], at: start, index)
            }
            flow.forEachBranch { branch in
                guard let transition = branch.transition else { return }
                let name: String
                switch transition.value {
                case .push(let target), .replace(let target): name = target
                default: return
                }
                switch index.target(name, in: position) {
                case .flow(let child)?:
                    let launch = branch.launch
                    let given = (launch?.arguments.map(\.name) ?? []) + [launch?.element, launch?.index].compactMap { $0 }
                    diagnostics += unknownParams(given, of: child, index)
                    // An `index` that `as` names too is reported once, where the model is built.
                    if let position = launch?.index, position.value != launch?.element?.value { diagnostics += nonIntIndex(position, of: child, index) }
                    diagnostics += missingParams(of: child, givenHere: given.map(\.value), at: Located(name, at: transition.location), index)
                case .screen?:
                    guard let launch = branch.launch, launch.forEach != nil || !launch.arguments.isEmpty else { return }
                    diagnostics.append(Diagnostic(.typeMismatch, "'\(name)' is a screen: 'with' and 'for_each' start a child flow",
                                                  at: transition.location))
                case nil:
                    return   // `unknown-target`
                }
            }
        }
        return diagnostics
    }

    /// Names given to a flow that are none of its params.
    private static func unknownParams(_ names: [Located<String>], of flow: Int, _ index: FlowIndex) -> [Diagnostic] {
        let target = index.flows[flow].flow
        guard !target.isPlaceholder else { return [] }
        let params = target.params.map(\.name.value)
        return names.filter { !params.contains($0.value) }.map { name in
            let has = params.isEmpty ? "has no params" : "has the params \(params.map { "'\($0)'" }.joined(separator: ", "))"
            return Diagnostic(.unknownName, "flow '\(target.id.value)' has no param '\(name.value)': it \(has)", at: name.location,
                              fix: .nearest(to: name.value, among: params))
        }
    }

    /// `index` naming a param of `flow` that is not declared as an int (spec §7 1.2).
    private static func nonIntIndex(_ name: Located<String>, of flow: Int, _ index: FlowIndex) -> [Diagnostic] {
        let target = index.flows[flow].flow
        guard let param = target.params.first(where: { $0.name.value == name.value }), param.value.scalarKind != .int else { return [] }
        let declared = param.value.kind == .scalar ? "the default '\(MessageText.sanitized(param.value.string ?? "null"))'" : "a \(param.value.kind) default"
        return [Diagnostic(.expressionType, "'index' gives each run's position, an int, but param '\(name.value)' of flow '\(target.id.value)' is declared with \(declared)",
                           at: name.location,
                           notes: [Diagnostic.Note("'\(name.value)' is declared here; give it an int default, such as 0", at: param.name.location)])]
    }

    /// One `missing-param` for a start of `flow` that leaves required params without a
    /// value: its instance's `with` and the names given here give values.
    private static func missingParams(of flow: Int, givenHere: [String], at start: Located<String>, _ index: FlowIndex) -> [Diagnostic] {
        let target = index.flows[flow].flow
        let given = Set(givenHere + target.arguments.map(\.name.value))
        let missing = target.requiredParams.filter { !given.contains($0.value) }
        guard let first = missing.first else { return [] }
        let names = missing.map { "'\($0.value)'" }.joined(separator: ", ")
        return [Diagnostic(.missingParam, "flow '\(target.id.value)' is started here without its required param\(missing.count == 1 ? "" : "s") \(names)",
                           at: start.location,
                           notes: missing.map { Diagnostic.Note("'\($0.value)' is required: its default is null", at: $0.location) },
                           fix: Diagnostic.Fix("give '\(first.value)' a value in a 'with', on the transition or on the flow's use entry"))]
    }
}
