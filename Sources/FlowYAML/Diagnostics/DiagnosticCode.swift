/// The stable codes of spec §12. Scripts and CI configurations match on these
/// strings: never rename one.
public enum DiagnosticCode: String, Sendable, CaseIterable, Codable {
    case yamlSyntax = "yaml-syntax"
    case yamlMultipleDocuments = "yaml-multiple-documents"
    case yamlTooDeep = "yaml-too-deep"
    case yamlAliasBomb = "yaml-alias-bomb"
    case fileTooLarge = "file-too-large"
    case duplicateKey = "duplicate-key"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case typeMismatch = "type-mismatch"
    case unsupportedVersion = "unsupported-version"
    case invalidID = "invalid-id"
    case duplicateID = "duplicate-id"
    case unknownTarget = "unknown-target"
    case unhandledAction = "unhandled-action"
    case expressionSyntax = "expression-syntax"
    case unknownName = "unknown-name"
    case expressionType = "expression-type"
    case expressionTooComplex = "expression-too-complex"
    case badPattern = "bad-pattern"
    case badDefault = "bad-default"
    case badBounds = "bad-bounds"
    case emptyOptions = "empty-options"
    case includeCycle = "include-cycle"
    case includeNotFound = "include-not-found"
    case includeTooDeep = "include-too-deep"
    case unreachableScreen = "unreachable-screen"
    case unusedFlow = "unused-flow"
    case unusedHandler = "unused-handler"
    case deadEnd = "dead-end"
    case backAtRoot = "back-at-root"
    case unknownDone = "unknown-done"
    case secretRemembered = "secret-remembered"
    case computedCycle = "computed-cycle"
    case unreachableBranch = "unreachable-branch"
    case notAnOption = "not-an-option"
    case readBeforeAsked = "read-before-asked"
    case missingParam = "missing-param"
    case tooManyFlows = "too-many-flows"
    case unobservedNotification = "unobserved-notification"
    case invalidKey = "invalid-key"
    case shadowedHandler = "shadowed-handler"
    case envNameClash = "env-name-clash"
    case enterLoop = "enter-loop"

    /// What the code means, in one sentence: the one place this wording lives.
    ///
    /// SARIF rules carry it as their `shortDescription`; keep it short, plain, and free of
    /// the particulars of one diagnostic (those go in the diagnostic's message).
    public var summary: String {
        switch self {
        case .yamlSyntax: "The text is not well-formed YAML."
        case .yamlMultipleDocuments: "The file holds more than one YAML document."
        case .yamlTooDeep: "Collections are nested deeper than the limit allows."
        case .yamlAliasBomb: "Aliases expand to far more nodes than the file spells out."
        case .fileTooLarge: "The file is larger than the size limit."
        case .duplicateKey: "A mapping has the same key more than once."
        case .unknownKey: "A key the flow format does not define in this place."
        case .missingKey: "A required key is absent."
        case .typeMismatch: "A value has the wrong YAML type."
        case .unsupportedVersion: "The format version is not one flowrun reads."
        case .invalidID: "An id does not match the pattern for ids."
        case .duplicateID: "An id is used twice where ids must be unique."
        case .unknownTarget: "A start, push or replace names nothing in scope."
        case .unhandledAction: "A screen offers an action that no responder in its chain handles."
        case .expressionSyntax: "An expression or template cannot be parsed."
        case .unknownName: "An expression uses a name that is not defined."
        case .expressionType: "An expression combines values of types that do not fit."
        case .expressionTooComplex: "An expression is longer or more deeply nested than the limit allows."
        case .badPattern: "A regular expression does not compile."
        case .badDefault: "A default value does not satisfy its own field."
        case .badBounds: "Bounds contradict each other, or the field's type takes none."
        case .emptyOptions: "A choice has no options, or repeats an option's value."
        case .includeCycle: "Includes lead back to a file that is already being included."
        case .includeNotFound: "An included file cannot be found."
        case .includeTooDeep: "Includes are nested deeper than the limit allows."
        case .unreachableScreen: "No path from the root flow's start reaches the screen."
        case .unusedFlow: "A child flow that nothing starts."
        case .unusedHandler: "A handler for an action that nothing below it offers or sends."
        case .deadEnd: "A reachable screen from which no path ends the run."
        case .backAtRoot: "A screen offers back but is always at the bottom of the root flow's stack."
        case .unknownDone: "A flowid.done handler where that flow's finishing can never arrive."
        case .secretRemembered: "A secret field asks to remember its answer, which is never stored."
        case .computedCycle: "Computed values read each other in a circle."
        case .unreachableBranch: "A branch listed after a branch without a condition, so it never runs."
        case .notAnOption: "A choice field compared with text that is none of its options."
        case .readBeforeAsked: "A field reads a field of the same screen that is asked after it."
        case .missingParam: "A flow with a required param is started without a value for it."
        case .tooManyFlows: "The tree holds more flows, after includes and uses, than the limit allows."
        case .unobservedNotification: "A notification posted that no flow observes, or observed that nothing posts."
        case .invalidKey: "An action's key is a digit, is not one character, or is another action's key on the same screen."
        case .shadowedHandler: "A flow's handler that nearer handlers, with branches that always hold, always take first."
        case .envNameClash: "The env output would write two values under one name, or over a variable the flow reads."
        case .enterLoop: "Screens whose enter always leads on to each other, so that none is ever shown."
        }
    }

    /// The severity spec §12 gives the code.
    public var severity: Severity {
        switch self {
        case .unreachableScreen, .unusedFlow, .unusedHandler, .deadEnd, .backAtRoot, .unreachableBranch, .notAnOption, .readBeforeAsked,
             .unobservedNotification, .shadowedHandler, .envNameClash: .warning
        default: .error
        }
    }
}
