import Dispatch
import Synchronization

/// Independent pieces of work that any thread may join in on: each thread that calls
/// `help()` takes the next piece nobody has taken, until none are left.
///
/// Unlike `ParallelWork`, it wakes no thread of its own. A thread that would otherwise
/// wait for the work to be done does part of it instead.
final class SharedWork<Result: Sendable>: Sendable {
    private let pieces: [@Sendable () -> Result]
    private let nextPiece = Atomic<Int>(0)
    private let finishedPieces = Atomic<Int>(0)
    private let results: Mutex<[Result?]>
    /// Entered once per piece, left as each one finishes.
    private let unfinished = DispatchGroup()

    init(_ pieces: [@Sendable () -> Result]) {
        self.pieces = pieces
        results = Mutex(Array(repeating: nil, count: pieces.count))
        for _ in pieces { unfinished.enter() }
    }

    /// Runs pieces nobody has taken yet, one after another, until none are left.
    func help() {
        while true {
            let piece = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
            guard piece < pieces.count else { return }
            let result = pieces[piece]()
            results.withLock { $0[piece] = result }
            finishedPieces.wrappingAdd(1, ordering: .releasing)
            unfinished.leave()
        }
    }

    /// Every piece's result, in the order of the pieces: helps with the pieces left, then
    /// waits for those other threads are still running (polling for the first
    /// milliseconds, as `BriefSpin` explains, then asleep).
    func finish() -> [Result] {
        help()
        BriefSpin.until(atMost: .milliseconds(2)) { finishedPieces.load(ordering: .acquiring) == pieces.count }
        unfinished.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
