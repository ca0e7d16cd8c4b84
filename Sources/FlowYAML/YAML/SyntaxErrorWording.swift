/// Turns libyaml's terse problem and context strings into a diagnostic a flow
/// author can act on, keeping libyaml's position.
enum SyntaxErrorWording {
    static func diagnostic(for error: LibYAMLError, in source: SourceText, file: String) -> Diagnostic {
        let start = error.mark ?? source.mark(atByteOffset: error.readerOffset)
        var notes: [Diagnostic.Note] = []
        let structure = error.context.map { structureName($0.description) }
        if let context = error.context, context.mark != start {
            notes.append(Diagnostic.Note("the \(structure ?? "structure") starts here", file: file, at: context.mark))
        }
        if error.problem == "found character that cannot start any token", error.mark.flatMap(source.character(at:)) == "\t" {
            return Diagnostic(.yamlSyntax, "a tab cannot start a YAML token here: YAML indents with spaces, not tabs", file: file, at: start,
                              notes: notes, fix: Diagnostic.Fix("indent with spaces"))
        }
        let message = self.message(for: error, structure: structure, source: source)
        return Diagnostic(.yamlSyntax, message, file: file, at: start, notes: notes, fix: fix(for: error.problem))
    }

    private static func message(for error: LibYAMLError, structure: String?, source: SourceText) -> String {
        let byte = error.value >= 0 ? " (byte 0x\(hex(error.value)))" : ""
        switch error.problem {
        case "invalid leading UTF-8 octet":
            return "the file is not valid UTF-8: this byte cannot start a character\(byte)"
        case "invalid trailing UTF-8 octet":
            return "the file is not valid UTF-8: this byte cannot continue the character before it\(byte)"
        case "invalid length of a UTF-8 sequence":
            return "the file is not valid UTF-8: an over-long encoding of a character\(byte)"
        case "incomplete UTF-8 octet sequence":
            return "the file is not valid UTF-8: it ends in the middle of a character"
        case "invalid Unicode character":
            return "the file contains an invalid Unicode character (\(TerminalText.visibleEscape(UInt32(clamping: error.value))))"
        case "control characters are not allowed":
            return "control character \(TerminalText.visibleEscape(UInt32(clamping: error.value))) is not allowed in YAML"
        case "input is too long":
            return "the file is too long for the YAML reader"
        case "mapping values are not allowed in this context":
            return "a ':' here would start a mapping value, which is not allowed in this position"
        case "block sequence entries are not allowed in this context":
            return "a '-' list item is not allowed in this position"
        case "mapping keys are not allowed in this context":
            return "a '?' mapping key is not allowed in this position"
        case "could not find expected ':'":
            return "expected ':' after this key"
        case "did not find expected key":
            return "expected a key of the \(structure ?? "mapping") here; the indentation may be off"
        case "did not find expected '-' indicator":
            return "expected a '-' item of the \(structure ?? "list") here; the indentation may be off"
        case "did not find expected ',' or ']'":
            return "expected ',' or ']' to continue or close the \(structure ?? "flow sequence")"
        case "did not find expected ',' or '}'":
            return "expected ',' or '}' to continue or close the \(structure ?? "flow mapping")"
        case "did not find expected node content":
            return "expected a value here"
        case "found character that cannot start any token":
            let character = error.mark.flatMap(source.character(at:)).map { " " + MessageText.quoted(String($0)) } ?? ""
            return "the character\(character) cannot start a YAML token here"
        case "found unexpected end of stream":
            return "the file ends inside the \(structure ?? "scalar")"
        case "found unexpected document indicator":
            return "a document marker ('---' or '...') appears inside the \(structure ?? "scalar")"
        case "found unknown escape character":
            return "unknown escape sequence in a double-quoted string"
        case "found a tab character that violates indentation", "found a tab character where an indentation space is expected":
            return "a tab is used for indentation; YAML allows only spaces there"
        case "did not find expected <document start>":
            return "expected the start of a document ('---') here"
        default:
            guard let context = error.context else { return error.problem }
            return "\(error.problem) \(context.description)"
        }
    }

    private static func fix(for problem: String) -> Diagnostic.Fix? {
        switch problem {
        case "mapping values are not allowed in this context", "found character that cannot start any token":
            Diagnostic.Fix("if this is text, put it in quotes")
        case "found a tab character that violates indentation", "found a tab character where an indentation space is expected":
            Diagnostic.Fix("indent with spaces")
        default:
            nil
        }
    }

    /// "while parsing a block mapping" → "block mapping".
    private static func structureName(_ context: String) -> String {
        var name = Substring(context)
        for prefix in ["while parsing ", "while scanning ", "while "] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        for article in ["a ", "an ", "the "] where name.hasPrefix(article) {
            name = name.dropFirst(article.count)
            break
        }
        return String(name)
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (value > 0xFF ? 4 : 2) - digits.count)) + digits
    }
}
