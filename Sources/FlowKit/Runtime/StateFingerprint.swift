import FlowYAML
import FlowExpressions

/// What a saved state depends on in its flow: every flow (by place), every screen (by
/// place), each screen's fields in order with their types and listed options, every
/// variable and param with its type, and every `result` name. A state saved by one
/// version of a flow file is resumed only by a version with the same fingerprint: a
/// state refers to screens by index, and its values were checked against these types.
///
/// Each entry is a subject ("field 2 of screen 'login/credentials'") and what it is
/// ("'password', secret"), so a difference can be named in words.
struct StateFingerprint: Sendable, Equatable, Codable {
    private(set) var entries: [String: String] = [:]

    init(_ tree: ResponderTree) {
        for (index, flow) in tree.flows.enumerated() {
            let place = flow.parent.map { "child of '\(tree.flows[$0].id)'" } ?? "the root"
            entries["flow '\(flow.id)'"] = "flow \(index + 1), \(place)"
            let fieldNames = Set(flow.screens.flatMap { tree.screens[$0].fields.map(\.id) })
            let params = Set(flow.params)
            // Fields have entries of their own (a field and a variable of one flow never share an id).
            for (name, _) in flow.initialVariables where !fieldNames.contains(name) {
                let kind = params.contains(name) ? "param" : "variable"
                entries["\(kind) '\(flow.id).\(name)'"] = (flow.variableTypes[name] ?? .dyn).description
            }
            for (name, type) in flow.resultTypes { entries["result '\(flow.id).\(name)'"] = type.description }
            for (position, screen) in flow.screens.enumerated() {
                let node = tree.screens[screen]
                entries["screen '\(node.pathName)'"] = "screen \(position + 1) of '\(flow.id)'"
                for (index, field) in node.fields.enumerated() {
                    entries["field \(index + 1) of screen '\(node.pathName)'"] = "'\(field.id)', \(field.type.rawValue)"
                    if let options = Self.describe(field.options) { entries["options of '\(node.pathName).\(field.id)'"] = options }
                }
            }
        }
    }

    private static func describe(_ options: ResponderTree.OptionsNode?) -> String? {
        switch options {
        case .list(let list)?: list.map { ValueFormatting.render($0.value) }.joined(separator: ", ")
        case .expression(let expression)?: "computed by '\(expression.source)'"
        case nil: nil
        }
    }

    /// What differs from `saved`, in words, sorted: "field 1 of screen 'a/b' was
    /// 'username', text; is now 'password', secret". Text read from the saved state is
    /// sanitized (the file may have been edited).
    func changes(since saved: StateFingerprint) -> [String] {
        var changes: [String] = []
        for subject in Set(entries.keys).union(saved.entries.keys).sorted() {
            let shown = MessageText.sanitized(subject)
            switch (saved.entries[subject], entries[subject]) {
            case (let before?, let now?) where before != now:
                changes.append("\(shown) was \(MessageText.sanitized(before)); is now \(now)")
            case (_?, nil): changes.append("\(shown) is gone")
            case (nil, let now?): changes.append("\(shown) is new (\(now))")
            default: break
            }
        }
        return changes
    }
}
