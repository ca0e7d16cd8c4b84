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

    /// The severity spec §12 gives the code.
    public var severity: Severity {
        switch self {
        case .unreachableScreen, .unusedFlow, .unusedHandler, .deadEnd, .backAtRoot: .warning
        default: .error
        }
    }
}
