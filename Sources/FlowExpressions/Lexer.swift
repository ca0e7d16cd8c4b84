import FlowYAML

/// Splits expression source into tokens, one at a time (CEL's lexis, spec §9).
///
/// It works on an array of Unicode scalars from a start index, so that `Template` can
/// run it over a template's text to find where a `{{ … }}` part ends; every token's span
/// is an offset into that same array.
package struct Lexer {
    private let scalars: [Unicode.Scalar]
    private(set) var position: Int

    init(_ scalars: [Unicode.Scalar], from start: Int = 0) {
        self.scalars = scalars
        self.position = start
    }

    /// The next token, or `.end` once the input is used up.
    mutating func next() throws(ExpressionIssue) -> Token {
        skipWhitespaceAndComments()
        let start = position
        guard let scalar = peek() else {
            return Token(kind: .end, span: ExpressionSpan(offset: start, length: 0))
        }
        if scalar == "\"" || scalar == "'" {
            return try stringLiteral(raw: false, start: start)
        }
        if Self.isDigit(scalar) || (scalar == "." && peek(1).map(Self.isDigit) == true) {
            return try number(start: start)
        }
        if Self.isIdentifierStart(scalar) {
            return try identifierOrPrefixedString(start: start)
        }
        return try symbol(start: start)
    }

    // MARK: - Whitespace

    private mutating func skipWhitespaceAndComments() {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                position += 1
            case "/" where peek(1) == "/":
                while let next = peek(), next != "\n", next != "\r" { position += 1 }
            default:
                return
            }
        }
    }

    // MARK: - Names

    private mutating func identifierOrPrefixedString(start: Int) throws(ExpressionIssue) -> Token {
        while let scalar = peek(), Self.isIdentifierStart(scalar) || Self.isDigit(scalar) {
            position += 1
        }
        let name = text(from: start)
        if let quote = peek(), quote == "\"" || quote == "'" {
            switch name {
            case "r", "R":
                return try stringLiteral(raw: true, start: start)
            case "b", "B", "rb", "rB", "Rb", "RB", "br", "bR", "Br", "BR":
                throw ExpressionIssue(.expressionSyntax, "bytes literals are not supported; write a string",
                                      at: span(from: start))
            default:
                break
            }
        }
        return Token(kind: .identifier(name), span: span(from: start))
    }

    // MARK: - Numbers

    private mutating func number(start: Int) throws(ExpressionIssue) -> Token {
        if peek() == "0", let x = peek(1), x == "x" || x == "X" {
            position += 2
            let digitsStart = position
            while let scalar = peek(), scalar.properties.isASCIIHexDigit { position += 1 }
            guard position > digitsStart else {
                throw ExpressionIssue(.expressionSyntax, "a hexadecimal literal needs digits after '0x'",
                                      at: span(from: start))
            }
            return try integer(text(from: digitsStart), radix: 16, start: start)
        }
        skipDigits()
        var isDouble = false
        if peek() == ".", peek(1).map(Self.isDigit) == true {
            isDouble = true
            position += 1
            skipDigits()
        }
        if let e = peek(), e == "e" || e == "E" {
            isDouble = true
            position += 1
            if let sign = peek(), sign == "+" || sign == "-" { position += 1 }
            guard peek().map(Self.isDigit) == true else {
                throw ExpressionIssue(.expressionSyntax, "an exponent needs digits, as in 1e6",
                                      at: span(from: start))
            }
            skipDigits()
        }
        if isDouble {
            guard let value = Double(text(from: start)), value.isFinite else {
                throw ExpressionIssue(.expressionSyntax, "this number is too large for a double",
                                      at: span(from: start))
            }
            return Token(kind: .double(value), span: span(from: start))
        }
        return try integer(text(from: start), radix: 10, start: start)
    }

    private mutating func integer(_ digits: String, radix: Int, start: Int) throws(ExpressionIssue) -> Token {
        if let suffix = peek(), suffix == "u" || suffix == "U" {
            position += 1
            throw ExpressionIssue(.expressionSyntax, "unsigned integers are not supported; drop the 'u'",
                                  at: span(from: start))
        }
        guard let magnitude = UInt64(digits, radix: radix) else {
            throw ExpressionIssue(.expressionSyntax, "this integer does not fit in 64 bits",
                                  at: span(from: start))
        }
        return Token(kind: .int(magnitude), span: span(from: start))
    }

    private mutating func skipDigits() {
        while let scalar = peek(), Self.isDigit(scalar) { position += 1 }
    }

    // MARK: - Strings

    /// A quoted string; `position` is at its opening quote (after any `r` prefix).
    private mutating func stringLiteral(raw: Bool, start: Int) throws(ExpressionIssue) -> Token {
        guard let quote = peek() else {
            throw ExpressionIssue(.expressionSyntax, "expected a string", at: span(from: start))
        }
        let tripled = peek(1) == quote && peek(2) == quote
        position += tripled ? 3 : 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                throw unterminated(start: start, quote: quote, tripled: tripled)
            }
            if scalar == quote && (!tripled || (peek(1) == quote && peek(2) == quote)) {
                position += tripled ? 3 : 1
                return Token(kind: .string(String(value)), span: span(from: start))
            }
            if !tripled && (scalar == "\n" || scalar == "\r") {
                throw unterminated(start: start, quote: quote, tripled: tripled)
            }
            if scalar == "\\" && !raw {
                value.append(try escape())
            } else {
                value.append(scalar)
                position += 1
            }
        }
    }

    private func unterminated(start: Int, quote: Unicode.Scalar, tripled: Bool) -> ExpressionIssue {
        let delimiter = String(repeating: String(quote), count: tripled ? 3 : 1)
        let where_ = tripled ? "" : " on the same line"
        return ExpressionIssue(.expressionSyntax, "this string is not closed; end it with \(delimiter)\(where_)",
                               offset: start, length: 1)
    }

    /// One escape sequence (CEL's: `\n`, `\x41`, `\101`, `\u00e9`, `\U0001F600`, …);
    /// `position` is at the backslash.
    private mutating func escape() throws(ExpressionIssue) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let letter = peek() else {
            throw ExpressionIssue(.expressionSyntax, "a backslash must start an escape sequence",
                                  offset: start, length: 1)
        }
        position += 1
        switch letter {
        case "\\", "?", "\"", "'", "`": return letter
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "v": return "\u{0B}"
        case "x", "X": return try codePoint(hexDigits: 2, escapeStart: start)
        case "U": return try codePoint(hexDigits: 8, escapeStart: start)
        case "u":
            let value = try hexValue(digits: 4, escapeStart: start)
            if (0xD800...0xDBFF).contains(value), peek() == "\\", peek(1) == "u" {
                // A surrogate pair, as CEL allows for code points beyond the BMP.
                position += 2
                let low = try hexValue(digits: 4, escapeStart: start)
                if (0xDC00...0xDFFF).contains(low) {
                    let combined = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    return try scalar(combined, escapeStart: start)
                }
            }
            return try scalar(value, escapeStart: start)
        case "0"..."3":
            var value = Int(letter.value - 0x30)
            for _ in 0..<2 {
                guard let digit = peek(), ("0"..."7").contains(digit) else {
                    throw badEscape(from: start, "an octal escape needs three digits, \\000 to \\377")
                }
                value = value * 8 + Int(digit.value - 0x30)
                position += 1
            }
            return try scalar(value, escapeStart: start)
        default:
            throw badEscape(from: start, "'\\\(Self.printable(letter))' is not an escape sequence")
        }
    }

    private mutating func codePoint(hexDigits: Int, escapeStart: Int) throws(ExpressionIssue) -> Unicode.Scalar {
        // Read the digits first: `scalar` measures the escape up to the current position.
        let value = try hexValue(digits: hexDigits, escapeStart: escapeStart)
        return try scalar(value, escapeStart: escapeStart)
    }

    private mutating func hexValue(digits: Int, escapeStart: Int) throws(ExpressionIssue) -> Int {
        var value = 0
        for _ in 0..<digits {
            guard let digit = peek(), let nibble = Self.hexDigitValue(digit) else {
                throw badEscape(from: escapeStart, "this escape needs \(digits) hexadecimal digits")
            }
            value = value * 16 + nibble
            position += 1
        }
        return value
    }

    private func scalar(_ value: Int, escapeStart: Int) throws(ExpressionIssue) -> Unicode.Scalar {
        guard let bits = UInt32(exactly: value), let scalar = Unicode.Scalar(bits) else {
            throw badEscape(from: escapeStart, "this escape is not a Unicode code point")
        }
        return scalar
    }

    private func badEscape(from start: Int, _ message: String) -> ExpressionIssue {
        ExpressionIssue(.expressionSyntax, message, at: span(from: start))
    }

    // MARK: - Symbols

    private mutating func symbol(start: Int) throws(ExpressionIssue) -> Token {
        guard let first = peek() else {
            return Token(kind: .end, span: ExpressionSpan(offset: start, length: 0))
        }
        if let (symbol, length) = Token.Symbol.starting(first, peek(1)) {
            position += length
            return Token(kind: .symbol(symbol), span: span(from: start))
        }
        position += 1
        let meant: [Unicode.Scalar: String] = ["=": "==", "&": "&&", "|": "||"]
        if let replacement = meant[first] {
            throw ExpressionIssue(.expressionSyntax, "'\(first)' is not an operator; did you mean '\(replacement)'?",
                                  at: span(from: start),
                                  fix: Diagnostic.Fix("write '\(replacement)'", replacement: replacement))
        }
        throw ExpressionIssue(.expressionSyntax, "unexpected character \(Self.printable(first, quoted: true))",
                              at: span(from: start))
    }

    // MARK: - Helpers

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    private func text(from start: Int) -> String {
        String(scalars: scalars[start..<position])
    }

    private func span(from start: Int) -> ExpressionSpan {
        ExpressionSpan(offset: start, length: position - start)
    }

    package static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    package static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private static func hexDigitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "0"..."9": Int(scalar.value - 0x30)
        case "a"..."f": Int(scalar.value - 0x61 + 10)
        case "A"..."F": Int(scalar.value - 0x41 + 10)
        default: nil
        }
    }

    /// A scalar fit to print in a message: control and invisible characters as a visible
    /// escape (`TerminalText.visible`), so a diagnostic cannot carry terminal escapes and
    /// names what cannot be seen.
    static func printable(_ scalar: Unicode.Scalar, quoted: Bool = false) -> String {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
             .paragraphSeparator, .spaceSeparator:
            return TerminalText.visibleEscape(scalar.value)
        default:
            return quoted ? "'\(scalar)'" : String(scalar)
        }
    }
}
