/// Answers given before a run (`--answers FILE`, `--set ID=VALUE`), keyed by `fieldid`
/// or `flowid.fieldid` (cli.md). Every key must name exactly one field: an unknown or
/// ambiguous key is refused before the run starts, with the nearest field as a suggestion.
/// Each answer is used once, the first time its field is asked, and checked like a typed
/// line; a screen shown again asks the person.
public struct PresetAnswers: Sendable {
    /// Answer text by flow index and field id.
    private var answers: [Int: [String: String]] = [:]

    public init() {}

    /// Why a key names no field, or several.
    public struct KeyError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Adds answers in the order given; a later answer for the same field wins. Returns
    /// the field each key names (its flow's index and its id), in the same order.
    @discardableResult
    public mutating func add(_ entries: [(key: String, text: String)], tree: ResponderTree) throws(KeyError) -> [(flow: Int, field: String)] {
        var fields: [(flow: Int, field: String)] = []
        for (key, text) in entries {
            let (flow, field) = try resolve(key, in: tree)
            answers[flow, default: [:]][field] = text
            fields.append((flow, field))
        }
        return fields
    }

    /// The preset answer for a field, removed so it is used only once.
    public mutating func take(flow: Int, field: String) -> String? {
        answers[flow]?.removeValue(forKey: field)
    }

    private func resolve(_ key: String, in tree: ResponderTree) throws(KeyError) -> (flow: Int, field: String) {
        let fields = tree.screens.flatMap { screen in screen.fields.map { (flow: screen.flow, field: $0.id) } }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        let matches: [(flow: Int, field: String)]
        if parts.count == 2 {
            matches = fields.filter { tree.flows[$0.flow].id == parts[0] && $0.field == parts[1] }
        } else {
            matches = fields.filter { $0.field == key }
        }
        let unique = Dictionary(matches.map { ("\($0.flow).\($0.field)", $0) }) { first, _ in first }.values
        if unique.count == 1, let match = unique.first { return match }
        if unique.isEmpty {
            let names = fields.map(\.field) + fields.map { "\(tree.flows[$0.flow].id).\($0.field)" }
            let hint = NearestName.suggest(key, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw KeyError(description: "'\(key)' names no field of the flow\(hint)")
        }
        let qualified = unique.map { "\(tree.flows[$0.flow].id).\($0.field)" }.sorted()
        throw KeyError(description: "'\(key)' names fields in several flows; write one of \(qualified.joined(separator: ", "))")
    }

    /// The entries of an answers file: a YAML or JSON mapping of keys to values. Lists
    /// (for multichoice fields) become comma-separated text.
    public static func entries(ofFile bytes: [UInt8], file: String) throws(KeyError) -> [(key: String, text: String)] {
        let parsed = YAMLParser().parse(bytes, file: file)
        if let problem = parsed.diagnostics.first(where: { $0.severity == .error }) {
            throw KeyError(description: "\(file):\(problem.start): \(problem.message)")
        }
        // An empty file (or one only of comments) answers nothing.
        guard let root = parsed.tree.documents.first else { return [] }
        if root.scalarKind == .null { return [] }
        guard let pairs = root.mapping else {
            throw KeyError(description: "\(file): an answers file is a mapping of field ids to answers")
        }
        return try pairs.map { pair throws(KeyError) in
            guard let key = pair.key.string else { throw KeyError(description: "\(file):\(pair.key.start): keys are field ids") }
            guard let text = answerText(pair.value) else {
                throw KeyError(description: "\(file):\(pair.value.start): the answer for '\(key)' must be a value or a list of values")
            }
            return (key, text)
        }
    }

    /// An answer as written in an answers file or a flow test's `answers`: a value, as a
    /// line would give it (`null` is no answer), or a list of values (for a multichoice
    /// field) as comma-separated text. Nil for anything else.
    public static func answerText(_ node: Node) -> String? {
        if let list = node.sequence {
            guard list.allSatisfy({ $0.kind == .scalar }) else { return nil }
            return list.compactMap(\.string).joined(separator: ",")
        }
        guard node.kind == .scalar else { return nil }
        return node.scalarKind == .null ? "" : node.string ?? ""
    }
}
