/// The static type of an expression, as the checker sees it (spec §9, CEL's type system
/// reduced to what flow files can hold).
///
/// Maps always have string keys, so `map` carries only its value type. `dyn` stands for a
/// type that is not known until run time (a heterogeneous list's elements, say): the
/// checker accepts it wherever a type is expected and leaves the check to the evaluator.
public indirect enum ExpressionType: Hashable, Sendable, CustomStringConvertible {
    case int
    case double
    case string
    case bool
    case null
    case list(ExpressionType)
    case map(ExpressionType)
    /// A semantic version (spec §9 1.2), which only `semver(s)` makes.
    case semver
    case dyn

    /// CEL's spelling (`int`, `list(string)`, `map(string, int)`), except that the type of
    /// `null` is written `null`, as users write the value, rather than CEL's `null_type`.
    public var description: String {
        switch self {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        case .null: "null"
        case .list(let element): "list(\(element))"
        case .map(let value): "map(string, \(value))"
        case .semver: "semver"
        case .dyn: "dyn"
        }
    }

    /// The type of a value, as the validator types a variable from its initial literal:
    /// a list's element type is the join of its elements' types (`dyn` when they differ
    /// or the list is empty), and likewise a map's value type.
    public init(of value: Value) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .list(let elements): self = .list(.joined(elements.lazy.map(ExpressionType.init(of:))))
        case .map(let entries): self = .map(.joined(entries.values.lazy.map(ExpressionType.init(of:))))
        case .semver: self = .semver
        }
    }

    /// The join of `types` (`joined(with:)`), `dyn` for none: the element type of a list,
    /// the value type of a map. Inlinable, so that each caller's sequence is specialized.
    @inlinable package static func joined(_ types: some Sequence<ExpressionType>) -> ExpressionType {
        var remaining = types.makeIterator()
        guard let first = remaining.next() else { return .dyn }
        return IteratorSequence(remaining).reduce(first) { $0.joined(with: $1) }
    }

    var isNumeric: Bool { self == .int || self == .double }

    /// The type of a value that is either `self` or `other`: a list literal's elements, or
    /// the two branches of `?:`.
    ///
    /// `null` gives way to the other type, because any variable may hold `null` at run
    /// time (an unanswered optional field) and the checker types variables by their
    /// declared type anyway. Types that do not agree join to `dyn`, as CEL types a
    /// heterogeneous list as `list(dyn)`.
    @usableFromInline package func joined(with other: ExpressionType) -> ExpressionType {
        switch (self, other) {
        case _ where self == other: self
        case (.null, _): other
        case (_, .null): self
        case (.list(let a), .list(let b)): .list(a.joined(with: b))
        case (.map(let a), .map(let b)): .map(a.joined(with: b))
        default: .dyn
        }
    }

    /// Whether `==` between values of these types can ever be true, so comparing them is
    /// not an obvious mistake. Numbers compare across int and double; `null` and `dyn`
    /// compare with anything.
    func canEqual(_ other: ExpressionType) -> Bool {
        switch (self, other) {
        case (.dyn, _), (_, .dyn), (.null, _), (_, .null): true
        case (.list(let a), .list(let b)), (.map(let a), .map(let b)): a.canEqual(b)
        default: self == other || (isNumeric && other.isNumeric)
        }
    }
}
