/// What a line typed at a field prompt means in plain mode (cli.md 1.1): `/ID` chooses
/// action `ID` (one that needs no answers), a line holding only `/` clears an optional
/// field to `null`, `//text` answers `/text`, and anything else is the answer.
public enum FieldLine: Equatable, Sendable {
    case answer(String)
    case action(String)
    case clear

    public init(_ line: String) {
        if line.trimmed == "/" {
            self = .clear
        } else if line.hasPrefix("//") {
            self = .answer(String(line.dropFirst()))
        } else if line.hasPrefix("/") {
            self = .action(String(line.dropFirst()).trimmed)
        } else {
            self = .answer(line)
        }
    }
}

extension Session {
    /// Takes what a line typed at the field prompt means, as plain mode and flow tests read it.
    public mutating func enter(_ line: FieldLine) -> [SessionEvent] {
        switch line {
        case .answer(let text): answer(text)
        case .action(let action): perform(action)
        case .clear: clearAnswer()
        }
    }
}
