#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting by polling, for waits expected to be short: the thread stays awake and sees
/// the condition the moment it holds.
///
/// A thread that blocks instead is woken by the kernel when the other thread signals it,
/// which on the 2-core virtual machine measured took up to half a millisecond: longer than
/// the whole wait it replaced (docs/decisions.md, "Start-up time"). Each poll yields the
/// core, so a thread being waited for that shares it still runs.
enum BriefSpin {
    /// Polls `condition` until it holds or `limit` has passed; whether it held.
    @discardableResult
    static func until(atMost limit: Duration, _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while !condition() {
            guard clock.now < deadline else { return false }
            sched_yield()
        }
        return true
    }
}
