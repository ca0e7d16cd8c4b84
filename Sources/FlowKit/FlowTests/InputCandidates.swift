/// The lines a test generator tries at a prompt: one answer per class of answers the
/// flow can tell apart (`LiveValues`). A field is tried with no answer, its options, the
/// literals the flow's decisions compare with and the text its live variables hold, its
/// placeholder, and a filler that fits its bounds, then the screen's actions that need no
/// answers (`/ID`); the action prompt with every action offered and the built-ins.
struct InputCandidates {
    /// The texts the flow's decisions compare with or hold.
    let strings: [String]
    /// The numbers the flow's decisions compare with.
    let numbers: [String]
    /// Every name a later decision can read: a field outside it does not decide where
    /// the run goes, so one accepted answer to it is enough. A field whose value only
    /// travels to a screen's text is such a field: trying each candidate in it would
    /// multiply the states searched by the candidates' number.
    private let names: Set<String>

    /// At most this many lines per field.
    static let perField = 12

    init(tree: ResponderTree) {
        self.init(live: LiveValues(tree: tree))
    }

    init(live: LiveValues) {
        strings = live.strings
        numbers = live.numbers
        names = live.names
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
