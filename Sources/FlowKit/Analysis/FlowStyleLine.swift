/// The text of a line before the cursor, after its indentation and `- `, read as YAML
/// reads it in either style: the keys of the flow collections it leaves open (`on: { go: {`)
/// and the key whose value the cursor is in, so that completion treats
/// `go: { push: |` as it treats the block style's `push: |`.
struct FlowStyleLine {
    /// The keys of the collections open at the cursor, outermost first; `-` for an element
    /// of a flow sequence (`[`).
    private(set) var path: [String] = []
    /// The key whose value the cursor is in: the current entry's key, or, in a flow
    /// sequence, the key that holds the sequence. Nil where a key is expected.
    private(set) var valueKey: String?

    init(_ text: Substring) {
        /// Each open collection: whether it is a sequence, and how many keys it put on `path`.
        var open: [(isSequence: Bool, pushed: Int)] = []
        var key: String?
        var token = ""
        var quote: Character?
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            if let open = quote {
                if character == open { quote = nil }
                token.append(character)
                continue
            }
            switch character {
            case "\"" where token.isEmpty, "'" where token.isEmpty:
                quote = character
                token.append(character)
            case "{" where token.isEmpty, "[" where token.isEmpty:
                // A collection as the entry's value: its key (or, as a sequence's element,
                // none) leads into it.
                var pushed = key.map { [$0] } ?? []
                if character == "[" { pushed.append("-") }
                path += pushed
                open.append((character == "[", pushed.count))
                key = nil
            case "}" where !open.isEmpty, "]" where !open.isEmpty:
                path.removeLast(open.removeLast().pushed)
                key = nil
                token = ""
            case "," where !open.isEmpty:
                key = nil
                token = ""
            case ":" where next == " ":
                key = String(token.trimmingSpaces.trimmingQuotes)
                token = ""
            case "#" where token.isEmpty || token.last == " ":
                // A comment: the rest of the line is not YAML.
                next = nil
            case " " where token.isEmpty:
                break
            default:
                token.append(character)
            }
        }
        if let key {
            valueKey = key
        } else if open.last?.isSequence == true {
            // An element of a flow sequence: the value of the key that holds it.
            valueKey = path.dropLast().last
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension StringProtocol {
    /// The text inside one pair of matching quotes around it (`"go"`, `'go'`), as a
    /// quoted key is written; the text itself when it has none.
    var trimmingQuotes: SubSequence {
        if count >= 2, let first, first == last, first == "\"" || first == "'" { return dropFirst().dropLast() }
        return self[...]
    }
}
