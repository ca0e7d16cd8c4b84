/// `min` and `max` against a measure of a value (its value, length or count), in the
/// words of an answer's refusal and of a default's `bad-default`.
enum FieldBounds {
    /// Why an answer's measure is out of the field's bounds; `unit` follows the bound.
    static func violation(_ measure: Double, _ field: ResponderTree.FieldNode, unit: String?) -> String? {
        let suffix = unit.map { " \($0)" } ?? ""
        if let min = field.min, measure < min { return "Must be at least \(format(min))\(suffix)." }
        if let max = field.max, measure > max { return "Must be at most \(format(max))\(suffix)." }
        return nil
    }

    /// Why a default's measure (`what`: length, value, choices) is out of the field's bounds.
    static func defaultProblem(_ measure: Double, _ what: String, of field: Field) -> String? {
        if let min = field.min?.value, measure < min { return "is below min \(format(min)) (\(what) \(format(measure)))" }
        if let max = field.max?.value, measure > max { return "is above max \(format(max)) (\(what) \(format(measure)))" }
        return nil
    }

    /// A bound as written: whole numbers without a fraction.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
