import Dispatch

/// Runs independent pieces of work on all cores at once.
enum ParallelWork {
    /// The tasks' results in the order of `tasks`, whatever order they finish in.
    static func results<Result: Sendable>(of tasks: [@Sendable () -> Result]) -> [Result] {
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: tasks.count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        // Each task writes its own slot and no other, so the writes never race.
        nonisolated(unsafe) let sharedSlots = slots
        DispatchQueue.concurrentPerform(iterations: tasks.count) { task in
            sharedSlots[task] = tasks[task]()
        }
        return slots.compactMap { $0 }
    }
}
