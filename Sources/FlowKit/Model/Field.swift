/// An input field of a screen (spec §6).
public struct Field: Sendable {
    public var id: Located<String>
    public var type: Located<FieldType>
    public var label: Located<String>?
    public var isRequired: Bool
    public var rules: [ValidationRule]
    public var remember: Bool
    public var location: SourceLocation
    /// Everything most fields leave out, kept apart so that such a field stays small.
    private var details: SharedStorage<Details>?

    init(id: Located<String>, type: Located<FieldType>, label: Located<String>?, isRequired: Bool, rules: [ValidationRule],
         remember: Bool, location: SourceLocation, details: Details) {
        self.id = id
        self.type = type
        self.label = label
        self.isRequired = isRequired
        self.rules = rules
        self.remember = remember
        self.location = location
        self.details = .holding(details)
    }

    struct Details: SeldomSetDetails {
        var help: Located<String>?
        var placeholder: Located<String>?
        var defaultValue: Node?
        var pattern: Located<String>?
        var min: Located<Double>?
        var max: Located<Double>?
        var options: FieldOptions?
        var when: Located<String>?
        var message: Located<String>?

        var isEmpty: Bool {
            help == nil && placeholder == nil && defaultValue == nil && pattern == nil && min == nil && max == nil
                && options == nil && when == nil && message == nil
        }
    }

    public var help: Located<String>? {
        get { details?.value.help }
        set { details.change { $0.help = newValue } }
    }

    public var placeholder: Located<String>? {
        get { details?.value.placeholder }
        set { details.change { $0.placeholder = newValue } }
    }

    /// A literal, or a template when it is a string holding `{{`.
    public var defaultValue: Node? {
        get { details?.value.defaultValue }
        set { details.change { $0.defaultValue = newValue } }
    }

    public var pattern: Located<String>? {
        get { details?.value.pattern }
        set { details.change { $0.pattern = newValue } }
    }

    public var min: Located<Double>? {
        get { details?.value.min }
        set { details.change { $0.min = newValue } }
    }

    public var max: Located<Double>? {
        get { details?.value.max }
        set { details.change { $0.max = newValue } }
    }

    public var options: FieldOptions? {
        get { details?.value.options }
        set { details.change { $0.options = newValue } }
    }

    public var when: Located<String>? {
        get { details?.value.when }
        set { details.change { $0.when = newValue } }
    }

    public var message: Located<String>? {
        get { details?.value.message }
        set { details.change { $0.message = newValue } }
    }
}

/// The kinds of answer a field takes.
public enum FieldType: String, Sendable, CaseIterable {
    case text, secret, integer, number, boolean, choice, multichoice

    /// The types whose answers are chosen from `options`.
    public var hasOptions: Bool { self == .choice || self == .multichoice }

    /// What `min` and `max` bound, if anything.
    public var boundsMeaning: String? {
        switch self {
        case .integer, .number: "the value"
        case .text, .secret: "the length"
        case .multichoice: "the number of choices"
        case .boolean, .choice: nil
        }
    }
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

/// A cross-field check run when a field is answered.
public struct ValidationRule: Sendable {
    public var rule: Located<String>
    public var message: Located<String>?
}
