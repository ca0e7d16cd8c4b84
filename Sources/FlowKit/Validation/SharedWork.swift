import Dispatch
import Synchronization

/// Independent pieces of work that any thread may join in on: each thread that calls
/// `help()` takes the next piece nobody has taken, until none are left.
///
/// Unlike `ParallelWork`, it wakes no thread of its own unless asked to. A thread that
/// would otherwise wait for the work to be done does part of it instead.
final class SharedWork<Result: Sendable>: Sendable {
    private let pieces: [@Sendable () -> Result]
    private let nextPiece = Atomic<Int>(0)
    private let finishedPieces = Atomic<Int>(0)
    private let results: Mutex<[Result?]>
    /// Entered as a piece is taken, left as it finishes: waiting on it waits for the pieces
    /// other threads are running, and it is never left entered when no piece is running.
    private let running = DispatchGroup()

    init(_ pieces: [@Sendable () -> Result]) {
        self.pieces = pieces
        results = Mutex(Array(repeating: nil, count: pieces.count))
    }

    /// Runs pieces nobody has taken yet, one after another, until none are left.
    func help() {
        while true {
            // Entered before the piece is taken, so that a thread that finds none left
            // (and so waits) cannot miss a piece taken but not yet counted.
            running.enter()
            let piece = nextPiece.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
            guard piece < pieces.count else {
                running.leave()
                return
            }
            let result = pieces[piece]()
            results.withLock { $0[piece] = result }
            finishedPieces.wrappingAdd(1, ordering: .releasing)
            running.leave()
        }
    }

    /// Every piece's result, in the order of the pieces: helps with the pieces left (on
    /// every core, if `onAllCores`), then waits for those other threads are still running,
    /// polling for the first milliseconds, as `BriefSpin` explains, then asleep.
    func finish(onAllCores: Bool = false) -> [Result] {
        if onAllCores {
            DispatchQueue.concurrentPerform(iterations: pieces.count) { _ in help() }
        } else {
            help()
        }
        BriefSpin.until(atMost: .milliseconds(2)) { finishedPieces.load(ordering: .acquiring) == pieces.count }
        running.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
