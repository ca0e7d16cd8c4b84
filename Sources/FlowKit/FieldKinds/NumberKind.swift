import FlowYAML
import FlowExpressions

/// `number`: a decimal literal that keeps its value as a double (spec §6 1.2),
/// `min`/`max` on its value.
struct NumberKind: FieldKind {
    var bounds: FieldBounds.Measure? { .value }
    var answerNoun: String { "a number" }

    func valueType(of field: Field) -> ExpressionType { .double }

    /// Hexadecimal, `inf` and `nan` are refused, and so is a value that would round to 0
    /// or to infinity, rather than silently becoming another number.
    func read(_ line: String, shown: String, for field: ResponderTree.FieldNode,
              options: [FieldPrompt.Option]) -> Result<Value?, AnswerRefusal> {
        let text = line.trimmed
        guard Self.isDecimalLiteral(text), let value = Double(text) else {
            return .failure(AnswerRefusal("\(shown) is not a number (write it in decimal, as 12, -0.5 or 1.5e3)."))
        }
        guard value.isFinite else { return .failure(AnswerRefusal("\(shown) is too large for a number.")) }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        if value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) {
            return .failure(AnswerRefusal("\(shown) is too small for a number: it would round to 0."))
        }
        return .success(.double(value))
    }

    func violation(of value: Value, for field: ResponderTree.FieldNode, options: [FieldPrompt.Option], hidden: Bool) -> String? {
        switch value {
        case .double(let number): FieldBounds.violation(number, .value, field)
        case .int(let number): FieldBounds.violation(Double(number), .value, field)
        default: mismatch
        }
    }

    func defaultProblem(_ node: Node, for field: Field, pattern: RegexPattern?, options: [ScalarValue]?) -> String? {
        switch node.scalarValue {
        case .int(let value)?: FieldBounds.defaultProblem(Double(value), .value, of: field)
        case .float(let value)?: FieldBounds.defaultProblem(value, .value, of: field)
        default: "must be a number"
        }
    }

    /// The numbers the flow compares with, the bounds, 0 and 1.
    func candidates(at prompt: FieldPrompt, from pool: InputCandidates) -> [String] {
        pool.numbers + [prompt.field.min, prompt.field.max].compactMap { $0 }.map { String($0) } + ["0", "1"]
    }

    /// `[+-]digits[.digits][e[+-]digits]`, with digits on at least one side of the point.
    private static func isDecimalLiteral(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Int {
            let count = rest.prefix { ("0"..."9").contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        var mantissa = digits()
        if rest.first == "." {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
