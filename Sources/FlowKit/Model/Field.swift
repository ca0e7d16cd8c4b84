import FlowYAML
import FlowExpressions

/// An input field of a screen (spec §6).
public struct Field: Sendable {
    public var id: Located<String>
    public var type: Located<FieldType>
    public var label: Located<String>?
    // The two flags side by side, where one alone would be padded to 8 bytes.
    public var isRequired: Bool
    public var remember: Bool
    public var rules: [ValidationRule]
    @OutOfLine public var help: Located<String>? = nil
    @OutOfLine public var placeholder: Located<String>? = nil
    /// A literal, or a template when it is a string holding `{{`.
    public var defaultValue: Node?
    @OutOfLine public var pattern: Located<String>? = nil
    @OutOfLine public var min: Located<Double>? = nil
    @OutOfLine public var max: Located<Double>? = nil
    @OutOfLine public var options: FieldOptions? = nil
    @OutOfLine public var when: Located<String>? = nil
    @OutOfLine public var message: Located<String>? = nil

    /// The default's text when it is a template (a string holding `{{`); nil for a literal.
    public var defaultTemplate: Located<String>? {
        guard let node = defaultValue, node.scalarKind == .string, let text = node.string, Template.hasOpeningBraces(text) else { return nil }
        return Located(text, at: SourceLocation(node))
    }
}

/// The kinds of answer a field takes; each type's rules are its `FieldKind` (`FieldType.kind`).
public enum FieldType: String, Sendable, CaseIterable {
    case text, secret, integer, number, boolean, choice, multichoice
}

/// A field's options: listed, or computed by an expression.
public enum FieldOptions: Sendable {
    case list([FieldOption], location: SourceLocation)
    case expression(Located<String>)
}

/// One listed option: its value and its label.
public struct FieldOption: Sendable {
    public var value: Node
    public var label: Located<String>?
}

/// A check run when a field is answered: a rule that must hold (cross-field checks),
/// or a program that must exit 0 (spec §6 1.2).
public struct ValidationRule: Sendable {
    public var test: Test
    public var message: Located<String>?

    public enum Test: Sendable {
        case rule(Located<String>)
        /// Run only with `--trust`, stubbed in flow tests, like a branch's `run`.
        case program(Command)
    }

    /// The rule's expression; nil for a program's check.
    public var rule: Located<String>? {
        if case .rule(let expression) = test { expression } else { nil }
    }

    /// The program of a program's check.
    public var program: Command? {
        if case .program(let command) = test { command } else { nil }
    }
}
