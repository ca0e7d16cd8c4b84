import FlowYAML
import FlowExpressions

/// One answer given before the run (`--answers`, `--set`, a flow test's `answers`), as
/// written: text is read as a typed line would be; a list (from YAML) answers a
/// multichoice field item by item, so an option holding a comma is one item.
public enum PresetAnswer: Sendable, Equatable {
    case line(String)
    case list([String])
    /// `null`: the field answered with no value, as a line holding only `/` clears an
    /// optional field (what `--save-answers` writes of a field cleared so).
    case clear

    /// An answer as an answers file writes it: a scalar (`null` clears the field), or a
    /// list of scalars. Nil for anything else.
    public init?(_ node: Node) {
        if let list = node.sequence {
            let items = list.compactMap { $0.kind == .scalar && $0.scalarKind != .null ? $0.string : nil }
            guard items.count == list.count else { return nil }
            self = .list(items)
        } else if node.kind == .scalar {
            self = node.scalarKind == .null ? .clear : .line(node.string ?? "")
        } else {
            return nil
        }
    }

    /// The answer as one line of text, for logs and transcripts: a list in YAML flow
    /// style, `null` for a cleared field.
    public var written: String {
        switch self {
        case .line(let text): text
        case .list(let items): YAMLWriter.flow(.list(items.map(Value.string)))
        case .clear: "null"
        }
    }
}

extension Session {
    /// Answers the current field with a preset: text as a typed line (cli.md), a list as
    /// a multichoice field's chosen options.
    public mutating func answer(_ preset: PresetAnswer) -> [SessionEvent] {
        switch preset {
        case .line(let text):
            return answer(text)
        case .clear:
            return clearAnswer()
        case .list(let items):
            // With no question open, `answer(value:)` refuses.
            guard case .field(let position) = state.phase, let screen = currentScreen else { return answer(value: nil) }
            let field = tree.screens[screen].fields[position]
            switch AnswerReader.read(items: items, for: field, options: options(of: field, screen: screen)) {
            case .failure(let refusal): return [.refused(refusal.message)]
            case .success(let value): return answer(value: value)
            }
        }
    }
}
