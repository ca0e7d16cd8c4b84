import FlowYAML
import FlowExpressions

/// The lines a test generator tries at a prompt: one answer per class of answers the
/// flow can tell apart (`LiveValues`). A field is tried with no answer, what the fields
/// a decision compares it with hold and something else, its options, the literals the
/// flow's decisions compare with and the text its live variables hold, its placeholder,
/// and a filler that fits its bounds, then the screen's actions that need no answers
/// (`/ID`); the action prompt with every action offered and the built-ins. A program is
/// tried failing, and giving each of `outputs` where a decision reads what it writes.
struct InputCandidates {
    /// What the flow's decisions read: the texts and numbers they compare with, the
    /// names they read (a field outside them does not decide where the run goes, so one
    /// accepted answer to it is enough: trying each candidate in a field whose value only
    /// travels to a screen's text would multiply the states searched), the fields they
    /// compare, and the programs whose output they read.
    private let live: LiveValues
    /// What a program is tried writing where a decision reads its `stdout`: the flow's
    /// texts, its fields' placeholders (`1.4.0`: a tag a version is compared with) and a
    /// filler; each is kept only where it leads somewhere new. Searched for, not derived
    /// by inverting the expression that reads it.
    let outputs: [String]

    /// The texts the flow's decisions compare with or hold, which a field kind offers.
    var strings: [String] { live.strings }
    /// The numbers the flow's decisions compare with.
    var numbers: [String] { live.numbers }

    /// At most this many lines per field.
    static let perField = 12

    init(tree: ResponderTree, live: LiveValues) {
        self.live = live
        let placeholders = tree.screens.flatMap(\.fields).compactMap { $0.placeholder?.parsed }.filter(\.isLiteral).map(\.text)
        outputs = Self.unique((live.strings + placeholders + [Self.filler(min: nil, max: nil)]).filter { !$0.isEmpty })
    }

    /// Whether any accepted answer will do at this prompt: a field no expression reads.
    func oneAnswerSuffices(at prompt: Prompt) -> Bool {
        if case .field(let field) = prompt { return !live.names.contains(field.field.id) }
        return false
    }

    func lines(for prompt: Prompt, in session: Session) -> [String] {
        switch prompt {
        case .field(let field): lines(for: field, in: session)
        case .action(let actions):
            Self.unique(actions.actions.map(\.id) + ActionEntry.builtIns)
        case .ended: []
        }
    }

    /// At a field: the screen's own actions that need no answers, as `/ID` lines. With
    /// `builtIns` (no answer tried was taken, so the action prompt, which offers them, is
    /// out of reach), also `back` and `quit` where the screen lists them.
    func earlyActions(at prompt: Prompt, builtIns: Bool) -> [String] {
        guard case .field(let field) = prompt else { return [] }
        return field.actions.filter { builtIns || !ActionEntry.builtIns.contains($0.id) }.map { "/\($0.id)" }
    }

    /// The results a program that succeeded is tried with instead: each way of failing a
    /// decision tells apart, and each of `outputs` where a decision reads its stdout.
    func otherResults(of request: CommandRequest) -> [CommandResult] {
        live.failures + (live.outputRead.contains(request.location) ? outputs.map { CommandResult(exitCode: 0, stdout: $0) } : [])
    }

    private func lines(for prompt: FieldPrompt, in session: Session) -> [String] {
        var lines = [""] + prompt.field.type.kind.candidates(at: prompt, from: self)
        if live.comparesVersions {
            let versions = lines.compactMap { SemanticVersion($0) }
            lines += versions.isEmpty ? [Self.version] : versions.map { "\($0.major).\($0.minor).\($0.patch &+ 1)" }
        }
        lines = Array(Self.unique(lines).prefix(Self.perField))
        return Self.unique(lines + comparedLines(for: prompt, in: session, besides: lines))
    }

    /// For a field a decision compares with another field of its flow (`pin_again ==
    /// pin`) that holds an answer, where no text both are offered reaches the equal side
    /// already (a text each field's own constraints take): the answer it holds, as typed,
    /// and, when none of `others` that the field takes differs from it, a text that does.
    /// Both sides of the comparison are then reached, whatever texts the two fields are
    /// otherwise offered. Not for a field of options, which tries each already.
    private func comparedLines(for prompt: FieldPrompt, in session: Session, besides others: [String]) -> [String] {
        guard prompt.options.isEmpty, let partners = live.compared[prompt.field.id], let screen = session.currentScreen else { return [] }
        let flow = session.tree.screens[screen].flow
        let fields = session.tree.screens.filter { $0.flow == flow }.flatMap(\.fields)
        let taken = others.filter { Self.takes(prompt.field, $0) }
        let offeredToBoth = Set(live.strings + live.numbers)
        return partners.flatMap { partner -> [String] in
            guard let field = fields.first(where: { $0.id == partner && $0.options == nil }),
                  !taken.contains(where: { offeredToBoth.contains($0) && Self.takes(field, $0) }) else { return [] }
            let text: String
            switch session.state.flows[flow].variables[partner] {
            case .string(let string)? where !string.isEmpty: text = string
            case .int(let number)?: text = String(number)
            case .double(let number)?: text = String(number)
            default: return []
            }
            return taken.contains { $0 != text } ? [text] : [text, Self.differing(from: text)]
        }
    }

    /// Whether a field's own constraints (its type, `pattern`, bounds) take a line.
    private static func takes(_ field: ResponderTree.FieldNode, _ line: String) -> Bool {
        guard case .success(let value?) = AnswerReader.read(line, for: field, options: []) else { return false }
        return AnswerConstraints.violation(of: value, for: field, options: []) == nil
    }

    /// `text` with its last character moved on (a digit to the next, a letter to the next
    /// of its case), else with `x` added: as near to `text` as a different answer gets.
    private static func differing(from text: String) -> String {
        guard let last = text.unicodeScalars.last else { return "x" }
        let ranges: [ClosedRange<Unicode.Scalar>] = ["0"..."9", "a"..."z", "A"..."Z"]
        guard let range = ranges.first(where: { $0.contains(last) }) else { return text + "x" }
        let next = last == range.upperBound ? range.lowerBound : Unicode.Scalar(last.value + 1) ?? last
        return String(String.UnicodeScalarView(text.unicodeScalars.dropLast())) + String(next)
    }

    /// The version a field is offered where a decision reads versions and none of the
    /// field's other candidates is one.
    private static let version = "1.0.0"

    /// "test", repeated or cut to fit a length between `min` and `max`.
    static func filler(min: Double?, max: Double?) -> String {
        let low = Int(min ?? 0), high = Int(max ?? 40)
        let length = Swift.max(low, Swift.min(4, high))
        return String(String(repeating: "test", count: length / 4 + 1).prefix(length))
    }

    private static func unique(_ lines: [String]) -> [String] {
        var seen: Set<String> = []
        return lines.filter { seen.insert($0).inserted }
    }
}
