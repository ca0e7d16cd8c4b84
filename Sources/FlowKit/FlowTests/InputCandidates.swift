/// The lines a test generator tries at a prompt: a finite set that reaches what a flow
/// can do with typical flows. A field is tried with no answer, its options, the
/// literals the flow's expressions compare with and the text its variables hold, its placeholder, and a filler that
/// fits its bounds, then the screen's actions that need no answers (`/ID`); the action
/// prompt with every action offered and the built-ins.
struct InputCandidates {
    /// The texts the flow compares with or holds.
    let strings: [String]
    /// The numbers the flow compares with.
    let numbers: [String]
    /// Every name the flow's conditions (and computed values) read: a field none of them
    /// reads does not decide where the run goes, so one accepted answer to it is enough.
    /// A field whose value only travels (`set`, `result`) is such a field: trying each
    /// candidate in it would multiply the states searched by the candidates' number.
    private let names: Set<String>

    /// At most this many lines per field.
    static let perField = 12

    init(tree: ResponderTree) {
        var strings: [String] = []
        var numbers: [String] = []
        var names: Set<String> = []
        for (source, decides) in tree.expressionSources {
            var lexer = Lexer(Array(source.unicodeScalars))
            while let token = try? lexer.next(), token.kind != .end {
                switch token.kind {
                case .string(let text) where !strings.contains(text): strings.append(text)
                case .int(let magnitude) where !numbers.contains(String(magnitude)): numbers.append(String(magnitude))
                case .double(let value) where !numbers.contains(String(value)): numbers.append(String(value))
                case .identifier(let name) where decides: names.insert(name)
                default: break
                }
            }
        }
        // The text a flow holds in its variables (an accounts map, say) is what answers are compared with too.
        var held = tree.flows.flatMap { $0.initialVariables.map(\.value) }
        while let value = held.popLast() {
            switch value {
            case .string(let text) where !text.isEmpty && !strings.contains(text): strings.append(text)
            case .list(let elements): held += elements
            case .map(let entries): held += entries.keys.sorted().map(Value.string) + entries.keys.sorted().compactMap { entries[$0] }
            default: break
            }
        }
        self.strings = strings
        self.numbers = numbers
        self.names = names
    }

    /// Whether any accepted answer will do at this prompt: a field no expression reads.
    func oneAnswerSuffices(at prompt: Prompt) -> Bool {
        if case .field(let field) = prompt { return !names.contains(field.field.id) }
        return false
    }

    func lines(for prompt: Prompt) -> [String] {
        switch prompt {
        case .field(let field): lines(for: field)
        case .action(let actions):
            unique(actions.actions.map(\.id) + ActionEntry.builtIns)
        case .ended: []
        }
    }

    /// At a field: the screen's own actions that need no answers, as `/ID` lines.
    func earlyActions(at prompt: Prompt) -> [String] {
        guard case .field(let field) = prompt else { return [] }
        return field.actions.filter { !ActionEntry.builtIns.contains($0.id) }.map { "/\($0.id)" }
    }

    private func lines(for prompt: FieldPrompt) -> [String] {
        let lines = [""] + prompt.field.type.kind.candidates(at: prompt, from: self)
        return Array(unique(lines).prefix(Self.perField))
    }

    /// "test", repeated or cut to fit a length between `min` and `max`.
    static func filler(min: Double?, max: Double?) -> String {
        let low = Int(min ?? 0), high = Int(max ?? 40)
        let length = Swift.max(low, Swift.min(4, high))
        return String(String(repeating: "test", count: length / 4 + 1).prefix(length))
    }

    private func unique(_ lines: [String]) -> [String] {
        var seen: Set<String> = []
        return lines.filter { seen.insert($0).inserted }
    }
}

extension ResponderTree {
    /// The source of every expression the tree evaluates, and whether it decides where the
    /// run goes: guards, rules and computed values do; assignments and results carry values.
    var expressionSources: [(source: String, decides: Bool)] {
        var sources: [(source: String, decides: Bool)] = []
        for flow in flows {
            sources += (flow.result ?? []).map { ($0.expression.source, false) } + flow.computed.values.map { ($0.source, true) }
            sources += (Array(flow.handlers.values) + Array(flow.observers.values)).flatMap(\.expressionSources)
        }
        for screen in screens {
            sources += screen.handlers.values.flatMap(\.expressionSources)
            sources += screen.actions.compactMap { $0.when.map { ($0.source, true) } }
            for field in screen.fields {
                sources += ([field.when?.source].compactMap { $0 } + field.rules.compactMap(\.test.source)).map { ($0, true) }
            }
        }
        return sources
    }
}

extension ResponderTree.HandlerNode {
    var expressionSources: [(source: String, decides: Bool)] {
        branches.flatMap { branch in
            [branch.when.map { ($0.source, true) }].compactMap { $0 } + branch.assignments.map { ($0.expression.source, false) }
        }
    }
}
