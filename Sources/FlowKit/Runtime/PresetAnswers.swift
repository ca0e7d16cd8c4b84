import FlowYAML

/// Answers given before a run (`--answers FILE`, `--set ID=VALUE`), keyed by `fieldid`,
/// `flowid.fieldid` or `flowid[N].fieldid` (`AnswerKey`, cli.md). Every key must name
/// exactly one field, and each field (or run of one) is named at most once in one
/// source: an unknown or ambiguous key, a run number for a flow no `for_each` repeats, a
/// field named twice, or a list for a field that is not a multichoice is refused before
/// the run starts. Each answer is used once, the first time its field is asked, and
/// checked like a typed line; a screen shown again asks the person. In a repetition, a
/// key without `[N]` answers the field once in every run that has no `[N]` key of its
/// own (cli.md 1.2). Answers never used are listed at the end.
public struct PresetAnswers: Sendable {
    /// Answers not used yet, by flow index and field id, each as given (its place: where
    /// it is written, else its source).
    private var answers: [Int: [String: Entry]] = [:]
    /// Answers for one run of a repetition (`flowid[N].fieldid`), by flow, field and run.
    private var runAnswers: [Int: [String: [Int: Entry]]] = [:]
    /// The runs of a repetition that an answer without `[N]` has answered, by flow and field.
    private var runsAnswered: [Int: [String: Set<Int>]] = [:]

    public init() {}

    /// An answer as given: the key, the answer, and where it is written, for messages
    /// (`file:line:column`; nil where the source says it all, as `--set` does).
    public struct Entry: Sendable {
        public var key: String
        public var answer: PresetAnswer
        public var place: String?

        public init(key: String, answer: PresetAnswer, place: String? = nil) {
            self.key = key
            self.answer = answer
            self.place = place
        }
    }

    /// Why an entry cannot be taken: which one (its index in the entries given; 0 for a
    /// problem of an answers file as a whole), and why.
    public struct KeyError: Error, Sendable, CustomStringConvertible {
        public let entry: Int
        public let reason: String
        /// The reason after where the entry is written, if known.
        public let description: String
    }

    /// Adds the answers of one source (an answers file, the `--set` options, a test
    /// case), in order; an answer from a later source replaces an earlier one for the same
    /// field. `source` names the source in messages when an entry has no place of its own.
    /// Returns the field each entry names (its flow's index and its id), in the same order.
    @discardableResult
    public mutating func add(_ entries: [Entry], from source: String? = nil, tree: ResponderTree) throws(KeyError) -> [(flow: Int, field: String)] {
        // Every entry is resolved, and may be refused, before any is added.
        var named: [NamedField] = []
        for (index, entry) in entries.enumerated() {
            func refuse(_ reason: String) -> KeyError {
                let place = entry.place ?? source
                return KeyError(entry: index, reason: reason, description: (place.map { "\($0): " } ?? "") + reason)
            }
            let (flow, field): (Int, ResponderTree.FieldNode)
            do {
                (flow, field) = try resolve(entry.key, in: tree)
            } catch {
                throw refuse(error.reason)
            }
            let target = NamedField(flow: flow, field: field.id, run: AnswerKey(entry.key).run)
            if let earlier = named.firstIndex(of: target) {
                let written = AnswerKey(flow: tree.flows[flow].id, run: target.run, field: field.id).written
                throw refuse("\(MessageText.quoted(entry.key)) and \(MessageText.quoted(entries[earlier].key)) both answer the field '\(written)'; give each field one answer")
            }
            if case .list = entry.answer, !field.type.kind.takesList {
                throw refuse("the answer for \(MessageText.quoted(entry.key)) is a list, but only a multichoice field takes a list (\(MessageText.quoted(entry.key)) is of type \(field.type.rawValue))")
            }
            named.append(target)
        }
        for index in entries.indices {
            let (entry, target) = (entries[index], named[index])
            let given = Entry(key: entry.key, answer: entry.answer, place: entry.place ?? source)
            if let run = target.run {
                runAnswers[target.flow, default: [:]][target.field, default: [:]][run] = given
            } else {
                answers[target.flow, default: [:]][target.field] = given
            }
        }
        return named.map { ($0.flow, $0.field) }
    }

    /// The field an entry answers, and the run of a repetition its key names.
    private struct NamedField: Equatable {
        let flow: Int
        let field: String
        let run: Int?
    }

    /// The preset answer for the field `prompt` asks, used up, with the index of the
    /// field's flow: the one rule every front end (plain, terminal, flow tests) follows,
    /// in the run of a repetition under way (`take(flow:field:run:)`).
    public mutating func take(for prompt: FieldPrompt, in session: Session) -> (flow: Int, entry: Entry)? {
        let flow = session.tree.flow(named: prompt.screen.flow) ?? 0
        return take(flow: flow, field: prompt.field.id, run: session.repetitionRun(of: flow)).map { (flow, $0) }
    }

    /// The preset answer for a field as given, used up so it answers once; `run` is the
    /// flow's run in a repetition under way (`Session.repetitionRun(of:)`), whose own
    /// `[N]` answer comes first, and which an answer without `[N]` answers once.
    public mutating func take(flow: Int, field: String, run: Int? = nil) -> Entry? {
        guard let run else { return answers[flow]?.removeValue(forKey: field) }
        if let own = runAnswers[flow]?[field]?.removeValue(forKey: run) { return own }
        guard let shared = answers[flow]?[field], runsAnswered[flow, default: [:]][field, default: []].insert(run).inserted else { return nil }
        return shared
    }

    /// The answers not taken, each with why, for a warning: the message names the key
    /// (never the answer, which may be a secret) and, where the field has one, the
    /// `when` that decides whether it is asked. In the order of the flow's fields.
    public func unused(in tree: ResponderTree) -> [(flow: Int, field: String, message: String)] {
        tree.screens.flatMap { screen in
            screen.fields.flatMap { field -> [(flow: Int, field: String, message: String)] in
                let shared = answers[screen.flow]?[field.id].flatMap { runsAnswered[screen.flow]?[field.id] == nil ? $0 : nil }
                let left = (shared.map { [$0] } ?? []) + (runAnswers[screen.flow]?[field.id] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
                let condition = field.when.map { "; it is asked only when `\(MessageText.sanitized($0.source))` holds" } ?? ""
                return left.map { entry in
                    let run = AnswerKey(entry.key).run
                    let what = run.map { "the flow's run \($0) did not ask that field (runs are counted from 0)" } ?? "the run did not ask that field"
                    return (screen.flow, field.id, "the answer for \(MessageText.quoted(entry.key)) was not used: \(what)\(condition)")
                }
            }
        }
    }

    private struct Unresolved: Error {
        let reason: String
    }

    private func resolve(_ key: String, in tree: ResponderTree) throws(Unresolved) -> (flow: Int, field: ResponderTree.FieldNode) {
        let fields = tree.screens.flatMap { screen in screen.fields.map { (flow: screen.flow, field: $0) } }
        let parsed = AnswerKey(key)
        let matches: [(flow: Int, field: ResponderTree.FieldNode)]
        if let flow = parsed.flow {
            matches = fields.filter { tree.flows[$0.flow].id == flow && $0.field.id == parsed.field }
        } else {
            matches = fields.filter { $0.field.id == key }
        }
        let unique = Dictionary(matches.map { ("\($0.flow).\($0.field.id)", $0) }) { first, _ in first }.values
        if unique.count == 1, let match = unique.first {
            if parsed.run != nil, !tree.repeatedFlows.contains(match.flow) {
                let plain = AnswerKey(flow: parsed.flow, field: parsed.field).written
                throw Unresolved(reason: "\(MessageText.quoted(key)) numbers a run, but no for_each repeats flow '\(tree.flows[match.flow].id)'; write '\(plain)'")
            }
            return match
        }
        if unique.isEmpty {
            let names = fields.map(\.field.id) + fields.map { "\(tree.flows[$0.flow].id).\($0.field.id)" }
            throw Unresolved(reason: "\(MessageText.quoted(key)) names no field of the flow" + NearestName.hint(for: key, among: names))
        }
        let qualified = unique.map { "\(tree.flows[$0.flow].id).\($0.field.id)" }.sorted()
        throw Unresolved(reason: "\(MessageText.quoted(key)) names fields in several flows; write one of \(qualified.joined(separator: ", "))")
    }

    /// The largest answers file read (cli.md, `run --help`).
    public static let maxFileSize = 16 << 20

    /// The entries of an answers file: a YAML or JSON mapping of keys to values, each a
    /// scalar or a list of scalars. Problems are worded for an answers file.
    public static func entries(ofFile bytes: [UInt8], file: String) throws(KeyError) -> [Entry] {
        func refuse(_ reason: String) -> KeyError { KeyError(entry: 0, reason: reason, description: reason) }
        let parsed = YAMLParser().parse(bytes, file: file)
        if let problem = parsed.diagnostics.first(where: { $0.severity == .error }) {
            let message = problem.code == .yamlMultipleDocuments
                ? "an answers file holds one YAML document, but a second one starts here" : problem.message
            throw refuse("\(file):\(problem.start): \(message)")
        }
        // An empty file (or one only of comments) answers nothing.
        guard let root = parsed.tree.documents.first else { return [] }
        if root.scalarKind == .null { return [] }
        guard let pairs = root.mapping else {
            throw refuse("\(file): an answers file is a mapping of field ids to answers")
        }
        return try pairs.map { pair throws(KeyError) in
            guard let key = pair.key.string else { throw refuse("\(file):\(pair.key.start): keys are field ids") }
            guard let answer = PresetAnswer(pair.value) else {
                throw refuse("\(file):\(pair.value.start): the answer for \(MessageText.quoted(key)) must be a value or a list of values")
            }
            return Entry(key: key, answer: answer, place: "\(file):\(pair.key.start)")
        }
    }
}
