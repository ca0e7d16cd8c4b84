/// Text with `{{ expression }}` parts (spec §9), as in titles, labels and messages.
///
/// A literal `{{` is written `{{ '{{' }}`. A part ends at the first `}}` outside a
/// string literal, so `{{ '}}' }}` shows `}}`. A `}}` in the text outside any part is
/// plain text. Offsets in issues and errors count Unicode scalars from the start of the
/// template's text.
public struct Template: Sendable {
    public enum Part: Sendable {
        case text(String)
        /// An expression, and the offset of its source within the template's text.
        case expression(Expression, offset: Int)
    }

    public let text: String
    public let parts: [Part]

    package init(text: String, parts: [Part]) {
        self.text = text
        self.parts = parts
    }

    /// Whether the template has no `{{ … }}` parts, so rendering always gives `text`.
    public var isLiteral: Bool {
        !parts.contains { if case .expression = $0 { true } else { false } }
    }

    /// The template's parts, or the first problem: an unclosed `{{` or an expression
    /// that does not parse (`expression-syntax`, `expression-too-complex`).
    public static func parse(_ text: String) -> Result<Template, ExpressionIssue> {
        parse(text, parsingWith: ExpressionParser.parse)
    }

    /// `parse(_:)`, each `{{ … }}` parsed by `parseExpression` (a checker parses each
    /// distinct text once).
    package static func parse(_ text: String, parsingWith parseExpression: (String) -> Result<Expression, ExpressionIssue>)
        -> Result<Template, ExpressionIssue> {
        // Most titles and labels have no parts: a byte scan settles them without decoding.
        guard hasOpeningBraces(text) else { return .success(Template(text: text, parts: text.isEmpty ? [] : [.text(text)])) }
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var literalStart = 0
        var position = 0
        while position < scalars.count {
            guard scalars[position] == "{", position + 1 < scalars.count, scalars[position + 1] == "{" else {
                position += 1
                continue
            }
            let start = position + 2
            let closing: Int?
            do {
                closing = try closingBraces(in: scalars, from: start)
            } catch {
                return .failure(error)
            }
            guard let end = closing else {
                return .failure(ExpressionIssue(
                    .expressionSyntax,
                    "'{{' is not closed; end the expression with '}}', or write a literal '{{' as {{ '{{' }}",
                    offset: position, length: 2))
            }
            let source = scalars[start..<end]
            if source.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
                return .failure(ExpressionIssue(.expressionSyntax, "there is no expression between '{{' and '}}'",
                                                offset: position, length: end + 2 - position))
            }
            switch parseExpression(String(scalars: source)) {
            case .success(let expression):
                if literalStart < position { parts.append(.text(String(scalars: scalars[literalStart..<position]))) }
                parts.append(.expression(expression, offset: start))
            case .failure(let issue):
                return .failure(issue.shifted(by: start))
            }
            position = end + 2
            literalStart = position
        }
        if literalStart < scalars.count { parts.append(.text(String(scalars: scalars[literalStart...]))) }
        return .success(Template(text: text, parts: parts))
    }

    package static func hasOpeningBraces(_ text: String) -> Bool {
        var text = text
        // The bytes in place: faster than the `utf8` view's iterator over every label and text.
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") { return true }
                previous = byte
            }
            return false
        }
    }

    /// Problems in every part's expression; any type renders, so only the parts
    /// themselves are checked.
    public func check(in scope: ExpressionScope) -> [ExpressionIssue] {
        parts.flatMap { part -> [ExpressionIssue] in
            guard case .expression(let expression, let offset) = part else { return [] }
            return ExpressionChecker.check(expression, in: scope).issues.map { $0.shifted(by: offset) }
        }
    }

    /// The text with every `{{ … }}` replaced by its value, or the first part that fails;
    /// a part for which `hiding` gives a replacement shows that instead, and is not
    /// evaluated. Values render as `ValueFormatting.render` describes: strings as they
    /// are, numbers as `string()` writes them, `null` as nothing, lists joined by `, `.
    public func render(in scope: ValueScope, hiding: (Expression) -> String? = { _ in nil }) -> Result<String, EvaluationError> {
        var output = ""
        for part in parts {
            switch part {
            case .text(let text):
                output += text
            case .expression(let expression, let offset):
                if let replacement = hiding(expression) {
                    output += replacement
                    continue
                }
                switch Evaluator.evaluate(expression, in: scope) {
                case .success(let value): output += ValueFormatting.render(value)
                case .failure(let error): return .failure(error.shifted(by: offset))
                }
            }
        }
        return .success(output)
    }

    /// The offset of the `}}` that closes a part starting at `start`, found with the lexer
    /// so that braces inside string literals do not count; nil when the text ends first.
    /// Throws where the lexer stops at something that cannot be part of an expression.
    private static func closingBraces(in scalars: [Unicode.Scalar], from start: Int) throws(ExpressionIssue) -> Int? {
        var lexer = Lexer(scalars, from: start)
        var previous: Token?
        while true {
            let token = try lexer.next()
            if token.kind == .end { return nil }
            if token.kind == .symbol(.closeBrace), let previous, previous.kind == .symbol(.closeBrace),
               previous.span.end == token.span.offset {
                return previous.span.offset
            }
            // A part longer than an expression may be is refused without scanning on.
            if token.span.end - start > ExpressionLimits.maxSourceBytes {
                throw ExpressionIssue(.expressionTooComplex, "the expression in this '{{ }}' is longer than 64 KiB",
                                      offset: start - 2, length: 2)
            }
            previous = token
        }
    }
}
