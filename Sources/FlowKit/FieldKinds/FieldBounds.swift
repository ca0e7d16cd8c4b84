/// `min` and `max` against a measure of an answer, in the words of an answer's refusal
/// and of a default's `bad-default`.
enum FieldBounds {
    /// What `min` and `max` bound, in the order the schema's descriptions list them.
    enum Measure: CaseIterable, Sendable {
        /// The number itself.
        case value
        /// The length in Unicode scalars, as CEL's size() counts.
        case length
        /// The number of options chosen.
        case count

        /// As the schema's descriptions name it.
        var noun: String {
            switch self {
            case .value: "the value"
            case .length: "the length"
            case .count: "the number of choices"
            }
        }

        /// After a bound in an answer's refusal ("Must be at most 8 characters.").
        fileprivate var unit: String? {
            switch self {
            case .value: nil
            case .length: "characters"
            case .count: "choices"
            }
        }

        /// Before the measure in `bad-default` ("(length 12)").
        fileprivate var word: String {
            switch self {
            case .value: "value"
            case .length: "length"
            case .count: "choices"
            }
        }
    }

    /// Why an answer's measure is out of the field's bounds.
    static func violation(_ measure: Double, _ what: Measure, _ field: ResponderTree.FieldNode) -> String? {
        let suffix = what.unit.map { " \($0)" } ?? ""
        if let min = field.min, measure < min { return "Must be at least \(format(min))\(suffix)." }
        if let max = field.max, measure > max { return "Must be at most \(format(max))\(suffix)." }
        return nil
    }

    /// Why a default's measure is out of the field's bounds.
    static func defaultProblem(_ measure: Double, _ what: Measure, of field: Field) -> String? {
        if let min = field.min?.value, measure < min { return "is below min \(format(min)) (\(what.word) \(format(measure)))" }
        if let max = field.max?.value, measure > max { return "is above max \(format(max)) (\(what.word) \(format(measure)))" }
        return nil
    }

    /// A bound as written: whole numbers without a fraction.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
