/// A value kept on the heap and shared by copies; a copy that changes it gets a new one.
/// Model values keep their rarely set parts in one: where those parts are absent they
/// cost one pointer, which matters in a file with tens of thousands of fields.
final class SharedStorage<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// The rarely set part of a model value, stored only while something in it is set.
protocol SeldomSetDetails: Sendable {
    init()
    var isEmpty: Bool { get }
}

extension SharedStorage where Value: SeldomSetDetails {
    /// Storage for `details`, or none when nothing in them is set.
    static func holding(_ details: Value) -> SharedStorage? {
        details.isEmpty ? nil : SharedStorage(details)
    }
}

extension Optional {
    /// Changes the details stored here, storing none once nothing in them is set.
    mutating func change<Details: SeldomSetDetails>(_ change: (inout Details) -> Void) where Wrapped == SharedStorage<Details> {
        var changed = self?.value ?? Details()
        change(&changed)
        self = .holding(changed)
    }
}
