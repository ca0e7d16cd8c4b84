import Dispatch

/// Lets go of a value on a background thread, so that freeing it does not hold up the
/// caller: the model of a 10 MB flow file takes about 10 ms to free, which `validate`
/// would otherwise spend before printing its report. A process that exits meanwhile
/// simply stops freeing.
enum BackgroundRelease {
    private static let queue = DispatchQueue(label: "flowrun.background-release", qos: .utility)

    /// Takes the value over and frees it on the background queue, unless something else
    /// still holds it then.
    static func release(_ value: consuming some Sendable) {
        // Held by this reference alone, so that the background thread's release is the last.
        let holder = Unmanaged.passRetained(Holder(value))
        queue.async { holder.release() }
    }

    private final class Holder<Value: Sendable>: Sendable {
        let value: Value

        init(_ value: consuming Value) {
            self.value = value
        }
    }
}
