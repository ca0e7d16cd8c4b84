@testable import FlowKit
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `validate` hands a large file's model to `BackgroundRelease`, so that freeing it does
/// not delay the report: the last reference must go on the background queue.
@Suite struct BackgroundReleaseTests {
    /// Where a `Tracked` records the thread that freed it.
    private final class Witness: Sendable {
        let freedOn = Mutex<pthread_t?>(nil)
    }

    private final class Tracked: Sendable {
        let witness: Witness

        init(_ witness: Witness) {
            self.witness = witness
        }

        deinit { witness.freedOn.withLock { $0 = pthread_self() } }
    }

    @Test func theValueIsFreedOnAnotherThread() throws {
        let witness = Witness()
        BackgroundRelease.release(Tracked(witness))
        var waited = 0
        while witness.freedOn.withLock({ $0 }) == nil, waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        let thread = try #require(witness.freedOn.withLock { $0 })
        #expect(pthread_equal(thread, pthread_self()) == 0)
    }
}
