import FlowExpressions

/// An optional part of the model kept in storage of its own, allocated only when the
/// file writes it: a field's `pattern`, a branch's `run`. Most entries leave these out,
/// and inline each would cost its full size in every field, action and branch (a large
/// flow file holds tens of thousands); out of line it costs one reference.
@propertyWrapper
public struct OutOfLine<Value: Sendable>: Sendable {
    private var storage: Storage?

    private final class Storage: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    public init(wrappedValue: Value?) {
        storage = wrappedValue.map(Storage.init)
    }

    public var wrappedValue: Value? {
        get { storage?.value }
        set { storage = newValue.map(Storage.init) }
    }
}
