import FlowYAML
import FlowExpressions

/// Typed reads of YAML nodes for the model builder: each read either returns a
/// value with its location or records why it cannot, as a diagnostic.
struct NodeReader {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func report(_ code: DiagnosticCode, _ message: String, at node: Node, fix: Diagnostic.Fix? = nil) {
        report(code, message, at: SourceLocation(node), fix: fix)
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                         notes: [Diagnostic.Note] = [], fix: Diagnostic.Fix? = nil) {
        diagnostics.append(Diagnostic(code, message, at: location, notes: notes, fix: fix))
    }

    /// A mapping's pairs by key, reporting keys outside `allowed` (with the nearest
    /// valid key) and keys that are not strings.
    mutating func mapping<Key: MappingKey>(_ node: Node, allowed: [Key], what: String) -> KeyedPairs<Key>? {
        guard let pairs = node.mapping else {
            report(.typeMismatch, "\(what) must be a mapping, but this is \(describe(node))", at: node)
            return nil
        }
        var keyed = KeyedPairs<Key>(pairs)
        for position in pairs.indices {
            let key = pairs[position].key
            switch key.scalarBytes.map({ Key.named($0, among: allowed) }) {
            case nil:
                report(.typeMismatch, "keys in \(what) must be strings", at: key)
            case nil?:
                let name = key.string ?? ""
                // A key the mapping has already is no fix: it would make a duplicate key.
                let written = Set(pairs.compactMap { $0.key.string })
                report(.unknownKey, "'\(name)' is not a key of \(what)", at: key,
                       fix: .nearest(to: name, among: allowed.map(\.rawValue).filter { !written.contains($0) }))
            case let allowedKey??:
                keyed.append(allowedKey, at: position)
            }
        }
        return keyed
    }

    /// The pairs of a mapping whose keys are ids (screens, flows, variables, handlers).
    mutating func idMapping(_ node: Node, what: String) -> [(key: Located<String>, keyNode: Node, value: Node)] {
        guard let pairs = node.mapping else {
            report(.typeMismatch, "\(what) must be a mapping, but this is \(describe(node))", at: node)
            return []
        }
        // A repeated key is already a `duplicate-key` of the YAML layer: the first one counts.
        var seen: Set<String> = []
        return pairs.compactMap { key, value in
            guard key.kind == .scalar, let name = key.string else {
                report(.typeMismatch, "keys in \(what) must be strings", at: key)
                return nil
            }
            guard seen.insert(name).inserted else { return nil }
            return (Located(name, at: SourceLocation(key)), key, value)
        }
    }

    /// A string scalar (quoted or plain: numbers and booleans are not strings here).
    mutating func string(_ node: Node, what: String) -> Located<String>? {
        guard node.kind == .scalar, node.scalarKind == .string, let text = node.string else {
            report(.typeMismatch, "\(what) must be a string, but this is \(describe(node))", at: node)
            return nil
        }
        return Located(text, at: SourceLocation(node))
    }

    /// Text shown to people (a template): any scalar but null; `title: 42` reads as "42".
    mutating func template(_ node: Node, what: String) -> Located<String>? {
        text(node, what: what, mustBe: "text")
    }

    /// An expression: any non-null scalar, read as CEL source (`0`, `true`, `a + 1`). A
    /// list or map written in YAML's flow style (`set: { l: [1, 2] }`) is YAML's, not an
    /// expression: its fix quotes the expression it was meant as (`'[1,2]'`).
    mutating func expression(_ node: Node, what: String) -> Located<String>? {
        guard node.kind != .scalar, node.collectionStyle == .flow else { return text(node, what: what, mustBe: "an expression") }
        let quoted = "'" + JSONValue(Value(literal: node)).line.replacing("'", with: "''") + "'"
        report(.typeMismatch, "\(what) must be an expression, but this is \(describe(node))", at: node,
               fix: Diagnostic.Fix("quote the whole expression: \(quoted)", replacement: quoted))
        return nil
    }

    /// Any scalar but null, as written.
    private mutating func text(_ node: Node, what: String, mustBe kind: String) -> Located<String>? {
        guard node.kind == .scalar, node.scalarKind != .null, let text = node.string else {
            report(.typeMismatch, "\(what) must be \(kind), but this is \(describe(node))", at: node)
            return nil
        }
        return Located(text, at: SourceLocation(node))
    }

    /// An id: a string matching `[A-Za-z_][A-Za-z0-9_-]*`.
    mutating func id(_ node: Node, what: String) -> Located<String>? {
        guard let text = string(node, what: what) else { return nil }
        checkID(text, what: what)
        return text
    }

    mutating func checkID(_ id: Located<String>, what: String) {
        guard !Identifier.isValid(id.value) else { return }
        report(.invalidID, "'\(id.value)' is not a valid \(what): ids start with a letter or '_' and hold only letters, digits, '_' and '-'",
               at: id.location)
    }

    mutating func bool(_ node: Node, what: String) -> Located<Bool>? {
        guard case .bool(let value)? = node.scalarValue else {
            report(.typeMismatch, "\(what) must be true or false, but this is \(describe(node))", at: node)
            return nil
        }
        return Located(value, at: SourceLocation(node))
    }

    mutating func number(_ node: Node, what: String) -> Located<Double>? {
        switch node.scalarValue {
        case .int(let value)?: return Located(Double(value), at: SourceLocation(node))
        case .float(let value)?: return Located(value, at: SourceLocation(node))
        default:
            report(.typeMismatch, "\(what) must be a number, but this is \(describe(node))", at: node)
            return nil
        }
    }

    mutating func integer(_ node: Node, what: String) -> Located<Int>? {
        guard case .int(let value)? = node.scalarValue else {
            report(.typeMismatch, "\(what) must be a whole number, but this is \(describe(node))", at: node)
            return nil
        }
        return Located(value, at: SourceLocation(node))
    }

    /// "a list", "a mapping", "the number 3", "an empty value", for messages.
    func describe(_ node: Node) -> String {
        switch node.kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch node.scalarKind {
            case .null?: return "an empty value"
            case .bool?: return "the boolean \(node.string ?? "")"
            case .int?, .float?: return "the number \(node.string ?? "")"
            default: return "the string '\(node.string ?? "")'"
            }
        }
    }
}
