import Dispatch
import Synchronization

/// Builds the child flows of a file's `flows:` while the rest of the file is still being
/// parsed: libyaml runs on the loading thread, and each flow it finishes is built on a
/// background queue from a tree of its own, which is freed once the flow is built.
/// The file's tree never holds more than its root's keys and one flow.
///
/// When the queue falls behind, the loading thread builds the flow it was given itself:
/// flows waiting to be built would otherwise pile up, each holding its tree.
///
/// A flow built here is exactly the flow the loader would build from the same nodes, with
/// the same diagnostics, so the loader takes it in place of the node (`take`).
final class HandedOffFlows: SubtreeReceiver, Sendable {
    /// What became of one handed-off flow.
    enum Built: Sendable {
        /// The flow (nil when it could not be built) and the diagnostics building it found.
        case flow(Flow?, diagnostics: [Diagnostic])
        /// The flow includes other files, which are read one after another in the order
        /// the file names them: the loader builds it from this node itself.
        case needsIncludes(Node)
    }

    private let results = Mutex<[Built?]>([])
    private let queue = DispatchQueue(label: "flowrun.handed-off-flows")
    private let building = DispatchGroup()
    /// Flows given to the queue and not yet built.
    private let waiting = Atomic<Int>(0)
    private let maximumWaiting = 2

    func receive(value: Node, key: Node) -> UInt32 {
        let number = results.withLock { results in
            results.append(nil)
            return results.count - 1
        }
        guard waiting.load(ordering: .relaxed) < maximumWaiting else {
            build(number, from: value, key: key)
            return UInt32(number)
        }
        waiting.add(1, ordering: .relaxed)
        queue.async(group: building) {
            self.build(number, from: value, key: key)
            self.waiting.subtract(1, ordering: .relaxed)
        }
        return UInt32(number)
    }

    private func build(_ number: Int, from value: Node, key: Node) {
        let built = Self.build(value, key: key)
        results.withLock { $0[number] = built }
    }

    /// Waits until every flow handed off so far is built.
    func finish() {
        building.wait()
    }

    /// The flow handed off under `number`, once `finish()` has returned.
    func take(_ number: UInt32) -> Built? {
        results.withLock { $0.indices.contains(Int(number)) ? $0[Int(number)] : nil }
    }

    /// Builds the flow as `FlowModelBuilder` builds a child flow, with the key as its id
    /// just as `NodeReader.idMapping` reads it.
    private static func build(_ value: Node, key: Node) -> Built {
        var needsIncludes = false
        var builder = FlowModelBuilder { _, _ in
            needsIncludes = true
            return nil
        }
        var flow = builder.childFlow(value, id: Located(key.string ?? "", at: SourceLocation(key)))
        if needsIncludes { return .needsIncludes(value) }
        flow?.compactLiterals(file: value.file)
        return .flow(flow, diagnostics: builder.reader.diagnostics)
    }
}
