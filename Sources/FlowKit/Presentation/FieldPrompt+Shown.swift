import FlowYAML
import FlowExpressions

/// What a field shows of its lines and values: the one place that decides masking for
/// every front end (plain mode, the terminal form, the transcript, flow tests). A secret
/// field shows nothing of its input, and nothing repeats a line typed at it, whatever it
/// starts with (cli.md 1.2); a default or an option computed from a secret shows as the
/// mask. Texts for a terminal come escaped (`TerminalText`).
extension FieldPrompt {
    /// Whether what is typed at the field is a secret: a secret field's, or a choice's
    /// whose options were computed from a secret (the answer taken from them is a secret
    /// too). Its input is not echoed, and no line typed at it is ever repeated.
    public var isSecret: Bool { field.type == .secret || options.contains { $0.isSecret } }

    /// What an empty answer takes, written as an answer would be typed (`y`/`n` for a
    /// boolean); nil when there is no default, and for a secret field, whose default is
    /// never shown; the mask for a default computed from a secret.
    public var shownDefault: String? {
        guard let value = defaultValue, !isSecret else { return nil }
        if defaultIsSecret { return SecretMask.mask }
        if case .bool(let yes) = value { return yes ? "y" : "n" }
        return TerminalText.line(ValueFormatting.render(value))
    }

    /// What an editor starts with: the variable's current value, unless it is a secret.
    public var editorText: String {
        defaultIsSecret ? "" : currentValue.map(ValueFormatting.render) ?? ""
    }

    /// What is typed into an editor, as it shows: escaped (a pasted control character),
    /// and nothing at a secret field.
    public func shown(typing text: String) -> String {
        isSecret ? "" : TerminalText.line(text)
    }

    /// A line typed at the field, as a record of the input shows it (the transcript, a
    /// flow test's report): as typed, or the mask at a secret field. Escaped by the
    /// format that writes it (JSON, a quoted line).
    public func typed(_ line: String) -> String {
        isSecret ? SecretMask.mask : line
    }

    /// A line typed at the field as a log of the conversation shows it (plain mode's
    /// echo): what it does, so the log reads true (`Author [Ada]: Ada` for an empty
    /// line); at a secret field the mask, or nothing for an empty line that takes nothing.
    public func echoed(_ line: String) -> String {
        if isSecret { return line.isEmpty && defaultValue == nil ? "" : SecretMask.mask }
        if line.isEmpty { return shownDefault ?? "" }
        return TerminalText.escaped(line)
    }

    /// An answer taken, as a form's row shows it: nothing for none, the mask for a
    /// secret (`isSecret`, as the session took it), else as the field's kind shows it.
    func shown(answer value: Value, isSecret: Bool) -> String {
        if value == .null { return "" }
        if isSecret { return SecretMask.mask }
        return field.type.kind.shown(value, in: self)
    }
}
