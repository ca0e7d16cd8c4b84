import Dispatch
import Synchronization

/// One background thread that starts jobs in the order they are given, for a producer
/// that hands over a steady stream of small jobs.
///
/// A Dispatch queue wakes a sleeping thread for each job given while it is idle, and a
/// producer slightly faster than its consumer keeps it idle between jobs: on 2 cores at
/// 10 MB, handing each flow of a file to a serial queue cost about 4% of the CPU in
/// futex calls, half of it on the producing thread. This worker polls for the next job
/// for a while (`BriefSpin`) before it sleeps, so jobs that come closer together than
/// that wake nothing.
final class PollingWorker: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Queue {
        var jobs: [Job?] = []
        var head = 0
        var isSleeping = false
        var isClosed = false

        mutating func pop() -> Job? {
            guard head < jobs.count else { return nil }
            defer {
                jobs[head] = nil
                head += 1
            }
            return jobs[head]
        }
    }

    private let queue = Mutex(Queue())
    /// Jobs given and not yet finished, running or not.
    private let unfinished = Atomic<Int>(0)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    /// How long the worker polls for a job before it sleeps.
    private let patience: Duration

    init(patience: Duration = .milliseconds(1)) {
        self.patience = patience
        DispatchQueue.global().async { self.work() }
    }

    /// How many jobs are given and not finished, counting one that is running.
    var backlog: Int { unfinished.load(ordering: .relaxed) }

    func submit(_ job: @escaping Job) {
        unfinished.add(1, ordering: .relaxed)
        let wasSleeping = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.isSleeping = false }
            return queue.isSleeping
        }
        if wasSleeping { wakeUp.signal() }
    }

    /// Runs the jobs not started yet on the calling thread, then waits for the one the
    /// worker is running, after which the worker stops. Submitting after this is a mistake.
    func finish() {
        while let job = queue.withLock({ $0.pop() }) { run(job) }
        let wasSleeping = queue.withLock { queue in
            queue.isClosed = true
            defer { queue.isSleeping = false }
            return queue.isSleeping
        }
        if wasSleeping { wakeUp.signal() }
        stopped.wait()
    }

    private func work() {
        while let job = nextJob() { run(job) }
        stopped.signal()
    }

    private func run(_ job: Job) {
        job()
        unfinished.subtract(1, ordering: .releasing)
    }

    /// The next job, after polling and then sleeping until one comes; nil once closed.
    private func nextJob() -> Job? {
        while true {
            var job: Job?
            var isClosed = false
            BriefSpin.until(atMost: patience) {
                (job, isClosed) = queue.withLock { ($0.pop(), $0.isClosed) }
                return job != nil || isClosed
            }
            if job != nil || isClosed { return job }
            let sleeps = queue.withLock { queue in
                guard queue.head == queue.jobs.count, !queue.isClosed else { return false }
                queue.isSleeping = true
                return true
            }
            if sleeps { wakeUp.wait() }
        }
    }
}
