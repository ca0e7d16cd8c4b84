import FlowExpressions

extension Value {
    /// Whether the value is one of `type`'s (`dyn` and `null` take anything); elements of
    /// lists and values of maps are checked too, and may be `null`, as a list literal's
    /// may. `null` itself is left to the caller, which knows whether the variable may be
    /// unset.
    func conforms(to type: ExpressionType) -> Bool {
        switch (type, self) {
        case (.dyn, _), (.null, _), (_, .null): true
        case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.semver, .semver): true
        case (.list(let element), .list(let items)): items.allSatisfy { $0.conforms(to: element) }
        case (.map(let element), .map(let entries)): entries.values.allSatisfy { $0.conforms(to: element) }
        default: false
        }
    }
}
