#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A regular expression match with a time limit. The standard library's engine
/// backtracks, and offers no way to stop a match (nor does it look at task
/// cancellation): `(a+)+b` on 30 `a`s runs for hours. So the match runs on a thread of
/// its own, which this waits for in slices of 50 ms; past the limit, or when the user
/// interrupts, the thread is left to finish on its own and the match is abandoned.
///
/// A thread per match costs about 30 µs, against the unbounded cost it guards. Off
/// Linux, the match runs in place.
enum BoundedMatch {
    static func run(pattern: String, text: String, whole: Bool, timeLimit: Double) -> RegexPattern.Match {
        let job = Job(pattern: pattern, text: text, whole: whole)
        #if canImport(Glibc)
        var thread = pthread_t()
        // The job crosses to the thread as a retained pointer: C interop.
        let context = Unmanaged.passRetained(job).toOpaque()
        guard job.done >= 0, pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            job.perform()
            var byte: UInt8 = 1
            _ = write(job.signal, &byte, 1)
            return nil
        }, context) == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            job.perform()
            return job.outcome
        }
        pthread_detach(thread)
        let deadline = now() + timeLimit
        var ready = pollfd(fd: job.done, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&ready, 1, 50) > 0 { return job.outcome }
            if Interruption.isRequested || now() >= deadline { return .abandoned }
        }
        #else
        job.perform()
        return job.outcome
        #endif
    }

    /// A match to make, and its outcome. The worker stores `found`, then writes to the
    /// pipe; the waiting thread reads `outcome` only once the pipe is readable. The job is
    /// released by whichever of the two ends last, which closes the pipe, so an abandoned
    /// worker never writes to a pipe without a reader (no SIGPIPE).
    private final class Job: Sendable {
        let pattern: String
        let text: String
        let whole: Bool
        private let found = Atomic<Int>(-1)
        #if canImport(Glibc)
        /// A pipe's ends: the worker writes a byte to `signal` when `found` is stored.
        let done: Int32
        let signal: Int32
        #endif

        init(pattern: String, text: String, whole: Bool) {
            self.pattern = pattern
            self.text = text
            self.whole = whole
            #if canImport(Glibc)
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            }
            done = ends[0]
            signal = ends[1]
            #endif
        }

        deinit {
            #if canImport(Glibc)
            if done >= 0 { close(done) }
            if signal >= 0 { close(signal) }
            #endif
        }

        var outcome: RegexPattern.Match {
            switch found.load(ordering: .acquiring) {
            case 1: .found
            case 0: .notFound
            default: .abandoned
            }
        }

        /// Compiles the pattern on the worker's own thread (`Regex` is not `Sendable`).
        func perform() {
            guard let regex = try? Regex(pattern).matchingSemantics(.unicodeScalar) else {
                found.store(0, ordering: .releasing)
                return
            }
            let matched = whole ? (try? regex.wholeMatch(in: text)) != nil : (try? regex.firstMatch(in: text)) != nil
            found.store(matched ? 1 : 0, ordering: .releasing)
        }
    }

    #if canImport(Glibc)
    /// Seconds on a clock that does not jump.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    #endif
}
