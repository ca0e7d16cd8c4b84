import FlowKit
import FlowYAML

/// Positions between flowrun's marks (1-based lines, columns in Unicode scalars, as
/// libyaml counts) and the Language Server Protocol's (0-based lines, characters in
/// UTF-16 code units).
struct DocumentPositions {
    let text: SourceText?

    /// `{ line, character }` of a mark.
    func position(_ mark: Mark) -> JSONValue {
        let line = max(mark.line - 1, 0)
        guard let content = text?.line(mark.line) else { return ["line": .int(line), "character": .int(max(mark.column - 1, 0))] }
        let scalars = content.unicodeScalars.prefix(max(mark.column - 1, 0))
        let units = scalars.reduce(0) { $0 + UTF16.width($1) }
        return ["line": .int(line), "character": .int(units)]
    }

    /// `{ start, end }`; a missing end is the character after the start.
    func range(_ start: Mark, _ end: Mark?) -> JSONValue {
        ["start": position(start), "end": position(end ?? Mark(line: start.line, column: start.column + 1))]
    }

    /// Whether an LSP position is one: a line and a character, each a whole number from 0.
    static func isValid(_ position: JSONValue) -> Bool {
        guard let line = position["line"]?.int, let character = position["character"]?.int else { return false }
        return line >= 0 && character >= 0
    }

    /// The mark of an LSP position.
    func mark(_ position: JSONValue?) -> Mark? {
        guard let position, Self.isValid(position), let line = position["line"]?.int, let character = position["character"]?.int else { return nil }
        guard let content = text?.line(line + 1) else { return Mark(line: line + 1, column: character + 1) }
        var units = 0, column = 1
        for scalar in content.unicodeScalars {
            guard units < character else { break }
            units += UTF16.width(scalar)
            column += 1
        }
        return Mark(line: line + 1, column: column)
    }
}
