import FlowYAML
import FlowExpressions

/// Where a cursor is in a flow file's text, for completion (`flowrun lsp`): read from the
/// lines and their indentation, since a file being typed is seldom valid YAML.
public struct EditingContext: Sendable {
    /// The keys from the document's root to the mapping the cursor is in; `-` stands for
    /// an element of a list.
    public let path: [String]
    /// The key whose value the cursor is in (`push: |`), if any.
    public let valueKey: String?
    /// Whether the cursor is in an expression: inside `{{ … }}`, or in the value of a key
    /// that holds one (`when`, `rule`, a `set` entry…), or in a `set` key (a target).
    public let inExpression: Bool

    /// - Parameters: `line` and `column` 1-based, the column in Unicode scalars.
    public init(text: SourceText, line: Int, column: Int) {
        let current = text.line(line).map { Array($0.unicodeScalars) } ?? []
        let before = String(String.UnicodeScalarView(current.prefix(max(column - 1, 0))))
        let indent = before.prefix { $0 == " " }.count
        var trimmed = before.drop { $0 == " " }
        var path: [String] = []
        var keyColumn = indent
        // `- key` on the cursor's line: the cursor is in a list element.
        if trimmed.hasPrefix("- ") {
            path.append("-")
            trimmed = trimmed.dropFirst(2)
            keyColumn = indent + 2
        }
        // What the cursor's line opens before it, in either YAML style (`go: { push: |`).
        let written = FlowStyleLine(trimmed)
        let valueKey = written.valueKey
        let templateOpen = before.components(separatedBy: "{{").count - 1 > before.components(separatedBy: "}}").count - 1
        var need = keyColumn
        var number = line - 1
        while number >= 1, need > 0 {
            defer { number -= 1 }
            guard let content = text.line(number) else { continue }
            let lineIndent = content.prefix { $0 == " " }.count
            let body = content.dropFirst(lineIndent)
            guard !body.isEmpty, !body.hasPrefix("#"), lineIndent < need else { continue }
            if body.hasPrefix("- ") || body == "-" {
                // A list element: its own key, if written on the dash's line, is a sibling
                // of the cursor's mapping when the cursor is deeper than the dash.
                let item = body.dropFirst(2)
                if lineIndent + 2 < need, let key = Self.key(item) { path.insert(key, at: 0) }
                path.insert("-", at: 0)
                need = lineIndent
            } else if let key = Self.key(body) {
                path.insert(key, at: 0)
                need = lineIndent
            }
        }
        path += written.path
        self.path = path
        self.valueKey = valueKey
        // A `set` key being typed is a target, an expression too where it indexes (spec §7 1.2: `'accounts[user]'`).
        inExpression = templateOpen || valueKey.map { Self.expressionKeys.contains($0) || path.last == "set" || path.last == "with"
            || path.last == "computed" || path.last == "result" } ?? (path.last == "set")
    }

    /// The key a line starts with (`key:` or `key: value`).
    private static func key(_ body: Substring) -> String? {
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let after = body.index(after: colon)
        guard after == body.endIndex || body[after] == " " else { return nil }
        let key = body[..<colon].trimmingQuotes
        return key.isEmpty || key.contains(" ") && !key.hasPrefix("\"") ? nil : String(key)
    }

    static let expressionKeys: Set<String> = ["when", "rule", "for_each", "options"]

    /// The keys the format allows in the mapping at `path` (spec §3–§8); empty where the
    /// keys are names of the author's choosing (`variables`, `screens`, `set`…).
    public var keys: [String] {
        let keys = path.filter { $0 != "-" }
        let last = path.last, parent = path.dropLast().last
        switch (parent, last) {
        case (_, nil): return (FlowKey.allCases.map(\.rawValue))
        case ("flows"?, _?): return FlowKey.childFlow.map(\.rawValue) + ["include", "use", "with"]
        case ("screens"?, _?): return ScreenKey.allCases.map(\.rawValue)
        case ("fields"?, "-"?): return FieldKey.allCases.map(\.rawValue)
        case ("actions"?, "-"?): return ActionKey.allCases.map(\.rawValue)
        case ("options"?, "-"?): return OptionKey.allCases.map(\.rawValue)
        case ("validate"?, "-"?): return RuleKey.allCases.map(\.rawValue)
        case ("on"?, _?): return BranchKey.allCases.map(\.rawValue)
        case ("-"?, _?) where keys.dropLast().last == "on": return BranchKey.allCases.map(\.rawValue)
        // A screen's `enter` (spec §5 1.2): one branch, or a list of them.
        case (_, "enter"?) where keys.dropLast(2).last == "screens": return BranchKey.allCases.map(\.rawValue)
        case ("enter"?, "-"?) where keys.dropLast(2).last == "screens": return BranchKey.allCases.map(\.rawValue)
        case ("observe"?, _?): return BranchKey.observer.map(\.rawValue)
        case ("-"?, _?) where keys.dropLast().last == "observe": return BranchKey.observer.map(\.rawValue)
        case ("run"?, "-"?): return CommandKey.allCases.map(\.rawValue)
        // A field's check by a program (`validate: [{ run: … }]`) has no `into`.
        case (_, "run"?): return (path.suffix(4).elementsEqual(["-", "validate", "-", "run"]) ? CommandKey.check : CommandKey.allCases).map(\.rawValue)
        case (_, "push"?), (_, "replace"?): return LaunchKey.allCases.map(\.rawValue)
        case (_, "exit"?): return ExitKey.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// The ids of the flows from the root down to the one the cursor is in, as `flows:`
    /// keys name them (the root is not named).
    public var flowPath: [String] {
        path.indices.dropLast().filter { path[$0] == "flows" }.map { path[$0 + 1] }
    }

    /// The functions and macros expressions may call (spec §9), as they are written.
    public static var functions: [String] { BuiltinFunction.callableNames }
}
