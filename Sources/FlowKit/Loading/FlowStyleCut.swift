import FlowYAML

/// An unquoted expression that YAML's flow style cut apart (spec §12 1.2): at a `,`
/// (`{ set: { r: l.map(x, x + 1) } }` reads as `r: l.map(x` and a key `x + 1)`), or at a
/// bracket, which cannot be part of a plain value there (`{ set: { r: l[0] } }` is not YAML).
///
/// It is one mistake: it is reported once, at the cut, with a fix that quotes the whole
/// expression, and every other diagnostic about its pieces is left out (`hides`). It is
/// looked for only where there is an error to explain, so a valid file costs nothing:
/// a YAML error inside a flow collection (`explaining(_:in:file:)`, while loading), or
/// an error in a file that did parse (`find(explaining:sources:limits:)`, after the checks).
struct FlowStyleCut: Sendable {
    /// The `expression-syntax` diagnostic at the cut.
    let diagnostic: Diagnostic
    /// The whole expression as written, from its first piece to where it really ends (the
    /// `,`, `}` or `]` there, where YAML puts the empty value of its last piece).
    let span: SourceRange

    /// Whether `other` is about a piece of the cut expression (and not the cut itself).
    func hides(_ other: Diagnostic) -> Bool {
        other != diagnostic && other.file == diagnostic.file && span.start <= other.start && other.start <= span.end
    }

    /// The cut that made libyaml stop inside a flow collection, if the value it stopped
    /// in is an expression with a bracket in it.
    static func explaining(_ error: YAMLParseResult.FlowCollectionError, in source: SourceText, file: String) -> FlowStyleCut? {
        let bytes = source.bytes
        guard let open = source.byteOffset(of: error.collection), let stop = source.byteOffset(of: error.at),
              open < stop, stop <= bytes.count, [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(bytes[open]),
              let value = FlowEntries(bytes, opening: open).plainValue(holding: stop)
        else { return nil }
        return cut(from: value, limit: bytes.count, isMapping: bytes[open] == UInt8(ascii: "{"), in: source, file: file)
    }

    /// The cuts in the files that have an error: plain scalars inside flow collections
    /// that leave a bracket open and are followed by a `,`, where the collection goes on to
    /// close it. Each such file is read again; a file without an error is not read.
    static func find(explaining diagnostics: [Diagnostic], sources: [String: SourceText], limits: YAMLLimits) -> [FlowStyleCut] {
        let files = Set(diagnostics.lazy.filter { $0.severity == .error && $0.code != .yamlSyntax }.map(\.file))
        return files.sorted().flatMap { file -> [FlowStyleCut] in
            guard let source = sources[file], let root = YAMLParser(limits: limits).parse(source.bytes, file: file).tree.documents.first
            else { return [] }
            return find(in: root, source: source)
        }
    }

    private static func find(in root: Node, source: SourceText) -> [FlowStyleCut] {
        var cuts: [FlowStyleCut] = []
        // Each node with the flow collection it is an entry of, if any.
        var pending: [(node: Node, parent: Node?)] = [(root, nil)]
        while let (node, parent) = pending.popLast() {
            let flow = node.collectionStyle == .flow ? node : nil
            if let pairs = node.mapping {
                for pair in pairs.reversed() { pending.append((pair.value, flow)) }
            } else if let elements = node.sequence {
                for element in elements.reversed() { pending.append((element, flow)) }
            } else if let parent, node.aliasRange == nil, node.scalarStyle == .plain,
                      // The scalar's value first, read in place: most hold no bracket.
                      node.scalarBytes.map({ bytes in
                          var value = BracketScanner()
                          return bytes.allSatisfy { value.read($0) } && value.hasOpenBracket
                      }) == true,
                      let start = source.byteOffset(of: node.start), let limit = source.byteOffset(of: parent.end),
                      let cut = cut(from: start, limit: min(limit, source.bytes.count), isMapping: parent.kind == .mapping,
                                    in: source, file: node.file) {
                cuts.append(cut)
            }
        }
        return cuts
    }

    /// The cut of the plain value that starts at byte `start`: the first `[` or `{` in it, or
    /// `,`, `]` or `}` inside a bracket it opened (where YAML ended the value), when the
    /// expression goes on, brackets balanced, to a `,`, `}` or `]` before `limit`.
    private static func cut(from start: Int, limit: Int, isMapping: Bool, in source: SourceText, file: String) -> FlowStyleCut? {
        let bytes = source.bytes
        var scanner = BracketScanner()
        var cut: Int?
        var stop = start
        while stop < limit {
            let byte = bytes[stop]
            if !scanner.isOpen, Self.entryEnds.contains(byte) { break }
            if cut == nil, !scanner.isQuoted, byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || scanner.hasOpenBracket && Self.entryEnds.contains(byte) {
                cut = stop
            }
            guard scanner.read(byte) else { return nil }
            stop += 1
        }
        guard let cut, stop < limit else { return nil }
        let text = String(decoding: bytes[start..<stop], as: UTF8.self)
        let expression = text.split(whereSeparator: \.isNewline).map { String($0).trimmed }.joined(separator: " ")
        let quoted = "'" + expression.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        let at = source.mark(atByteOffset: cut)
        let why = bytes[cut] == UInt8(ascii: ",")
            ? "a ',' ends an entry, so its pieces read as separate entries"
            : "a '\(Character(UnicodeScalar(bytes[cut])))' cannot be part of an unquoted value"
        // The fix replaces the expression as written, without the spaces before its end.
        var end = stop
        while end > start, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end - 1]) { end -= 1 }
        let written = SourceRange(start: source.mark(atByteOffset: start), end: source.mark(atByteOffset: end))
        let diagnostic = Diagnostic(
            .expressionSyntax,
            "the flow \(isMapping ? "mapping" : "sequence") split the expression '\(expression)' here: in YAML's flow style \(why)",
            file: file, at: at, end: source.mark(atByteOffset: cut + 1),
            fix: Diagnostic.Fix("quote the whole expression: \(quoted)", replacement: quoted, range: written))
        return FlowStyleCut(diagnostic: diagnostic, span: SourceRange(start: written.start, end: source.mark(atByteOffset: stop)))
    }

    /// The bytes that end an entry of a flow collection, outside brackets and quotes.
    fileprivate static let entryEnds: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")]
}

/// The entries of a flow collection as written, read from its opening bracket while the
/// YAML around them may be broken: enough to find the plain value that holds a byte.
private struct FlowEntries {
    let bytes: [UInt8]
    let open: Int

    init(_ bytes: [UInt8], opening open: Int) {
        self.bytes = bytes
        self.open = open
    }

    /// The start of the plain (unquoted) value of an entry, or of a key's value, whose
    /// expression (brackets balanced) runs past `offset`; nil if `offset` is elsewhere.
    func plainValue(holding offset: Int) -> Int? {
        let isMapping = bytes[open] == UInt8(ascii: "{")
        var position = open + 1
        while position < offset {
            position = skipSpace(from: position)
            guard position < offset, !isClosing(position) else { return nil }
            if isMapping {
                // The key, then `:` and the value; an entry without `:` is a key alone.
                guard !isOpening(position), let colon = keyEnd(from: position) else { return nil }
                position = skipSpace(from: colon)
                if position < bytes.count, bytes[position] == UInt8(ascii: ":") { position = skipSpace(from: position + 1) }
            }
            guard position < bytes.count else { return nil }
            let start = position
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isOpening(position) {
                // A quoted or nested value: skipped whole.
                position = end(from: position)
            } else if byte != UInt8(ascii: ",") {
                position = end(from: position)
                if start <= offset, offset < position { return start }
            }
            position = skipSpace(from: position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position += 1
        }
        return nil
    }

    /// Where the value starting at `start` ends: at a `,`, `}` or `]` with its brackets
    /// and quotes closed (or the end of the text).
    private func end(from start: Int) -> Int {
        var scanner = BracketScanner()
        var position = start
        while position < bytes.count {
            if !scanner.isOpen, FlowStyleCut.entryEnds.contains(bytes[position]) { break }
            guard scanner.read(bytes[position]) else { break }
            position += 1
        }
        return position
    }

    /// The end of a key: a plain or quoted scalar before `: `, `,` or the collection's end.
    private func keyEnd(from start: Int) -> Int? {
        var position = start
        if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
            var scanner = BracketScanner()
            repeat {
                _ = scanner.read(bytes[position])
                position += 1
            } while position < bytes.count && scanner.isQuoted
            return position
        }
        while position < bytes.count {
            let byte = bytes[position]
            if FlowStyleCut.entryEnds.contains(byte) { return position }
            if byte == UInt8(ascii: ":"), position + 1 >= bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(bytes[position + 1]) {
                return position
            }
            position += 1
        }
        return nil
    }

    private func skipSpace(from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            case UInt8(ascii: "#"):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            default: return position
            }
        }
        return position
    }

    private func isOpening(_ position: Int) -> Bool { bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") }
    private func isClosing(_ position: Int) -> Bool { bytes[position] == UInt8(ascii: "}") || bytes[position] == UInt8(ascii: "]") }
}

/// Brackets and quotes open so far in an expression's text, byte by byte.
private struct BracketScanner {
    private var closers: [UInt8] = []
    private var quote: UInt8?
    private var escaped = false

    var isOpen: Bool { hasOpenBracket || quote != nil }
    var isQuoted: Bool { quote != nil }
    var hasOpenBracket: Bool { !closers.isEmpty }

    /// Reads one byte; false at a closing bracket that nothing opened, or the wrong one.
    mutating func read(_ byte: UInt8) -> Bool {
        if let open = quote {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == open { quote = nil }
            return true
        }
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = byte
        case UInt8(ascii: "("): closers.append(UInt8(ascii: ")"))
        case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
        case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            guard closers.last == byte else { return false }
            closers.removeLast()
        default: break
        }
        return true
    }
}
