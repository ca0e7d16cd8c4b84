/// A value kept on the heap, shared by copies, and replaced whole when one of them changes
/// it. Model values keep their rarely set parts in one: where those parts are absent they
/// cost one pointer, which matters in a file with tens of thousands of fields.
struct SharedStorage<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(_ value: Value) { box = Box(value) }

    var value: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

/// The rarely set part of a model value, stored only while something in it is set.
protocol SeldomSetDetails: Sendable {
    init()
    var isEmpty: Bool { get }
}

extension Optional {
    /// Changes the details stored here, storing none once nothing in them is set.
    mutating func change<Details: SeldomSetDetails>(_ change: (inout Details) -> Void) where Wrapped == SharedStorage<Details> {
        var changed = self?.value ?? Details()
        change(&changed)
        self = changed.isEmpty ? nil : SharedStorage(changed)
    }
}
