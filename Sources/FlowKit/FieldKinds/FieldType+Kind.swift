/// The one registry of field kinds: a new `FieldType` case fails to compile until it
/// has its kind here.
extension FieldType {
    var kind: any FieldKind {
        switch self {
        case .text: TextKind()
        case .secret: SecretKind()
        case .integer: IntegerKind()
        case .number: NumberKind()
        case .boolean: BooleanKind()
        case .choice: ChoiceKind()
        case .multichoice: MultichoiceKind()
        }
    }

    /// The types whose kind passes `test`, in their order, as prose lists them ("choice and multichoice").
    static func listed(where test: (any FieldKind) -> Bool) -> String {
        allCases.filter { test($0.kind) }.map(\.rawValue).prose("and")
    }
}

extension FieldPrompt {
    /// What plain mode writes after the prompt, for how to type the answer (` (y/n)`).
    public var typingHint: String? { field.type.kind.typingHint }
}
