import FlowYAML

/// The functions of Kubernetes' CEL library for semantic versions (spec §9 1.2):
/// `isSemver`, `semver`, and the methods `major`, `minor`, `patch`, `compareTo`,
/// `isGreaterThan` and `isLessThan` of the versions `semver` makes.
enum SemverFunctions {
    static func call(_ function: BuiltinFunction, _ arguments: [Value], at span: ExpressionSpan) throws(EvaluationError) -> Value {
        switch (function, arguments.first, arguments.dropFirst().first) {
        case (.isSemver, .string(let text)?, let normalise):
            return .bool(try version(text, normalising: normalise, at: span) != nil)
        case (.semver, .string(let text)?, let normalise):
            guard let version = try version(text, normalising: normalise, at: span) else {
                let hint = normalise == .bool(true) ? "" : "; semver(s, true) also takes a leading v and a missing minor or patch, as in v1.2"
                throw EvaluationError("semver(): \(MessageText.quoted(text)) is not a semantic version (MAJOR.MINOR.PATCH)\(hint)", at: span)
            }
            return .semver(version)
        case (.major, .semver(let version)?, nil): return .int(try int(version.major, function, at: span))
        case (.minor, .semver(let version)?, nil): return .int(try int(version.minor, function, at: span))
        case (.patch, .semver(let version)?, nil): return .int(try int(version.patch, function, at: span))
        case (.compareTo, .semver(let version)?, .semver(let other)?): return .int(version.compare(other))
        case (.isGreaterThan, .semver(let version)?, .semver(let other)?): return .bool(version > other)
        case (.isLessThan, .semver(let version)?, .semver(let other)?): return .bool(version < other)
        default:
            let kinds = arguments.map(\.kindName).joined(separator: ", ")
            throw EvaluationError("\(function.expectation), not \(kinds)", at: span)
        }
    }

    /// The version `text` spells, strictly or (with `true`) normalised; nil if none.
    private static func version(_ text: String, normalising flag: Value?, at span: ExpressionSpan) throws(EvaluationError) -> SemanticVersion? {
        switch flag {
        case nil, .bool(false)?: return SemanticVersion(text)
        case .bool(true)?: return SemanticVersion(normalizing: text)
        case let other?: throw EvaluationError("normalising takes a bool, not \(other.kindName)", at: span)
        }
    }

    /// A version number as an int: numbers past 2⁶³ - 1 parse, but no int holds them.
    private static func int(_ number: UInt64, _ function: BuiltinFunction, at span: ExpressionSpan) throws(EvaluationError) -> Int {
        guard let int = Int(exactly: number) else {
            throw EvaluationError("\(function.rawValue)(): \(number) is out of the range of int", at: span)
        }
        return int
    }
}
