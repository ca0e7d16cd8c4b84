@testable import FlowKit
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `HandedOffFlows` builds a large file's flows on a `PollingWorker`: every flow given to
/// it must be built once, whether the worker was polling or asleep.
@Suite struct PollingWorkerTests {
    private final class Log: Sendable {
        let entries = Mutex<[Int]>([])
        func append(_ entry: Int) { entries.withLock { $0.append(entry) } }
    }

    /// `finish` runs the jobs not started yet alongside the one the worker is running, so
    /// the last ones may end out of order.
    @Test func jobsGivenInAStreamAllRunOnce() {
        let worker = PollingWorker()
        let log = Log()
        for job in 0..<1_000 { worker.submit { log.append(job) } }
        worker.finish()
        #expect(log.entries.withLock { $0 }.sorted() == Array(0..<1_000))
        #expect(worker.backlog == 0)
    }

    /// Jobs that come further apart than the worker polls find it asleep, and wake it.
    @Test func jobsGivenWhileTheWorkerSleepsRun() {
        let worker = PollingWorker(patience: .microseconds(50))
        let log = Log()
        for job in 0..<5 {
            usleep(5_000)
            worker.submit { log.append(job) }
        }
        // The worker itself runs the last job, without `finish` (which would run it on
        // this thread): wait for it, up to 5 s for a busy machine.
        for _ in 0..<5_000 where log.entries.withLock({ $0.count }) < 5 { usleep(1_000) }
        #expect(log.entries.withLock { $0 } == Array(0..<5))
        worker.finish()
    }

    /// `finish` runs on the calling thread what the worker has not started, and counts
    /// the running job until it ends.
    @Test func finishWaitsForTheJobTheWorkerIsRunning() {
        let worker = PollingWorker()
        let log = Log()
        let started = Atomic<Bool>(false)
        worker.submit {
            started.store(true, ordering: .releasing)
            usleep(20_000)
            log.append(0)
        }
        while !started.load(ordering: .acquiring) { usleep(100) }
        #expect(worker.backlog == 1)
        worker.submit { log.append(1) }
        worker.finish()
        #expect(log.entries.withLock { $0 }.sorted() == [0, 1])
        #expect(worker.backlog == 0)
    }
}
