import Synchronization

/// Builds the child flows of a file's `flows:` while the rest of the file is still being
/// parsed: libyaml runs on the loading thread, and each flow it finishes is built on a
/// background thread (`PollingWorker`) from a tree of its own, which is freed once the
/// flow is built. The file's tree keeps only what is not handed off (`SubtreeHandoff`
/// says what is): for a flow file written without anchors, its root's keys and one flow.
///
/// When that thread falls behind, the loading thread builds the flow it was given itself:
/// flows waiting to be built would otherwise pile up, each holding its tree.
///
/// A flow built here is exactly the flow the loader would build from the same nodes, with
/// the same diagnostics, so the loader takes it in place of the node (`take`).
final class HandedOffFlows: SubtreeReceiver, Sendable {
    /// What became of one handed-off flow.
    enum Built: Sendable {
        /// The flow (nil when it could not be built), the diagnostics building it found,
        /// and whether it passed the loader's `earlyCheck`.
        case flow(Flow?, diagnostics: [Diagnostic], passedEarlyCheck: Bool)
        /// The flow includes other files, which are read one after another in the order
        /// the file names them: the loader builds it from this node itself.
        case needsIncludes(Node)
    }

    private let results = Mutex<[Built?]>([])
    private let earlyCheck: (@Sendable (Flow) -> Bool)?
    private let worker = PollingWorker()
    /// Flows given to the worker and not yet built, past which the loading thread builds
    /// the next flow itself.
    private let maximumWaiting = 16

    /// - Parameters:
    ///   - fileSize: The size of the file, which the worker thread makes room for
    ///     (`MallocArena`) while the first flow is parsed.
    ///   - earlyCheck: The loader's `earlyCheck`, run on each flow once it is built.
    init(fileSize: Int, earlyCheck: (@Sendable (Flow) -> Bool)? = nil) {
        self.earlyCheck = earlyCheck
        // The model takes up to about 4 bytes per byte of the file; one heap of a glibc
        // arena holds at most 64 MiB.
        let room = min(4 * fileSize, 48 << 20)
        worker.submit { MallocArena.reserve(room) }
    }

    func receive(value: Node, key: Node) -> UInt32 {
        let number = results.withLock { results in
            results.append(nil)
            return results.count - 1
        }
        if worker.backlog < maximumWaiting {
            worker.submit { self.build(number, from: value, key: key) }
        } else {
            build(number, from: value, key: key)
        }
        return UInt32(number)
    }

    private func build(_ number: Int, from value: Node, key: Node) {
        let built = Self.build(value, key: key, earlyCheck: earlyCheck)
        results.withLock { $0[number] = built }
    }

    /// Waits until every flow handed off so far is built.
    func finish() {
        worker.finish()
    }

    /// The flow handed off under `number`, once `finish()` has returned.
    func take(_ number: UInt32) -> Built? {
        results.withLock { $0.indices.contains(Int(number)) ? $0[Int(number)] : nil }
    }

    /// Builds the flow as `FlowModelBuilder` builds a child flow, with the key as its id
    /// just as `NodeReader.idMapping` reads it.
    private static func build(_ value: Node, key: Node, earlyCheck: ((Flow) -> Bool)?) -> Built {
        var needsIncludes = false
        var builder = FlowModelBuilder { _, _ in
            needsIncludes = true
            return nil
        }
        var flow = builder.childFlow(value, id: Located(key.string ?? "", at: SourceLocation(key)))
        if needsIncludes { return .needsIncludes(value) }
        flow?.compactLiterals(fileName: value.tree.fileName)
        let passed = flow.map { flow in earlyCheck?(flow) ?? false } ?? false
        return .flow(flow, diagnostics: builder.reader.diagnostics, passedEarlyCheck: passed)
    }
}
