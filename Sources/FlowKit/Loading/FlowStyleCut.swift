/// An unquoted expression that YAML's flow style cut at a `,` (spec §12 1.2):
/// `{ set: { r: l.map(x, x + 1) } }` reads as `r: l.map(x` and a key `x + 1)`.
///
/// It is one mistake: the loader reports it once, at the cut, with the whole expression
/// quoted in the fix, and every other diagnostic about its pieces is left out (`hides`).
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

    /// The cuts in a document: plain scalars inside flow collections that leave a bracket
    /// open and are followed by a `,`, where the collection goes on to close it.
    static func find(in root: Node, source: SourceText) -> [FlowStyleCut] {
        var cuts: [FlowStyleCut] = []
        // Each node with the flow collection it is an entry of, if any.
        var pending: [(node: Node, parent: Node?)] = [(root, nil)]
        while let (node, parent) = pending.popLast() {
            let flow = node.collectionStyle == .flow ? node : nil
            if let pairs = node.mapping {
                for pair in pairs.reversed() { pending.append((pair.value, flow)) }
            } else if let elements = node.sequence {
                for element in elements.reversed() { pending.append((element, flow)) }
            } else if let parent, node.aliasRange == nil, node.scalarStyle == .plain, let cut = cut(node, in: parent, source: source) {
                cuts.append(cut)
            }
        }
        return cuts
    }

    private static func cut(_ node: Node, in collection: Node, source: SourceText) -> FlowStyleCut? {
        // A test of the scalar's value first (its brackets are as written), since finding
        // byte offsets reads the whole line, and flow lists can be long.
        // Read in place: most scalars hold no bracket, and a `String` of each cost 2% of validating.
        let opensBracket = node.withScalarBytes { bytes in
            var value = BracketScanner()
            return bytes.allSatisfy { value.read($0) } && value.hasOpenBracket
        }
        guard opensBracket == true else { return nil }
        let bytes = source.bytes
        guard let start = source.byteOffset(of: node.start), let end = source.byteOffset(of: node.end),
              let limit = source.byteOffset(of: collection.end), start < end, end <= limit, limit <= bytes.count
        else { return nil }
        var scanner = BracketScanner()
        for byte in bytes[start..<end] {
            guard scanner.read(byte) else { return nil }
        }
        guard scanner.hasOpenBracket else { return nil }
        var comma = end
        while comma < limit, bytes[comma] == UInt8(ascii: " ") || bytes[comma] == UInt8(ascii: "\t") { comma += 1 }
        guard comma < limit, bytes[comma] == UInt8(ascii: ",") else { return nil }
        // The expression goes on, past the cut, until its brackets close and a `,`, `}` or
        // `]` ends the flow collection's entry.
        var stop = end
        while stop < limit {
            if !scanner.isOpen, [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[stop]) { break }
            guard scanner.read(bytes[stop]) else { return nil }
            stop += 1
        }
        guard stop < limit else { return nil }
        let written = String(decoding: bytes[start..<stop], as: UTF8.self)
        let expression = written.split(whereSeparator: \.isNewline).map { String($0).trimmed }.joined(separator: " ")
        let quoted = "'" + expression.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        let at = source.mark(atByteOffset: comma)
        let diagnostic = Diagnostic(
            .expressionSyntax,
            "the flow \(collection.kind == .mapping ? "mapping" : "sequence") split the expression '\(expression)' here: in YAML's flow style a ',' ends an entry, so its pieces read as separate entries",
            file: node.file, at: at, end: source.mark(atByteOffset: comma + 1),
            fix: Diagnostic.Fix("quote the whole expression: \(quoted)"))
        return FlowStyleCut(diagnostic: diagnostic, span: SourceRange(start: node.start, end: source.mark(atByteOffset: stop)))
    }
}

/// Brackets and quotes open so far in an expression's text, byte by byte.
private struct BracketScanner {
    private var closers: [UInt8] = []
    private var quote: UInt8?
    private var escaped = false

    var isOpen: Bool { hasOpenBracket || quote != nil }
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
