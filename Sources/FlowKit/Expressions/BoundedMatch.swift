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
/// A thread per match costs about 0.12 ms (20,000 pattern checks of piped answers: 6.6 s
/// threaded, 4.2 s in place, debug build; 3.7 s threaded in a release build, where the
/// same answers without a pattern take 0.3 s): nothing a person answering feels, against
/// the unbounded cost it guards.
/// A match given up is remembered, so the same answer is not tried again on another
/// thread, and while `maxRunaways` abandoned threads still run, a new match is given up
/// at once rather than load the machine further. Off Linux, the match runs in place.
enum BoundedMatch {
    /// Abandoned threads that may run at once: one for each core of a small machine.
    static let maxRunaways = 2

    static func run(pattern: String, text: String, whole: Bool, timeLimit: Double) -> RegexPattern.Match {
        let job = Job(pattern: pattern, text: text, whole: whole)
        #if canImport(Glibc)
        let key = pattern + "\u{0}" + text
        if abandoned.withLock({ $0.contains(key) }) || runaways.load(ordering: .relaxed) >= maxRunaways { return .abandoned }
        var thread = pthread_t()
        // The job crosses to pthread_create's C callback as a retained pointer (C interop),
        // released by the worker, or here if no thread starts. The thread is what bounds a
        // match (SIGTERM to exit during one: 3.4 ms, Benchmarks/signal_latency.sh); it costs
        // 0.12 ms a match (see above).
        let context = Unmanaged.passRetained(job).toOpaque()
        guard job.done >= 0, pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            job.perform()
            var byte: UInt8 = 1
            _ = write(job.signal, &byte, 1)
            if !job.finish() { BoundedMatch.runaways.subtract(1, ordering: .relaxed) }
            return nil
        }, context) == 0 else {
            // Without a thread the match cannot be bounded: it is not started.
            Unmanaged<Job>.fromOpaque(context).release()
            return .abandoned
        }
        pthread_detach(thread)
        let deadline = now() + timeLimit
        var ready = pollfd(fd: job.done, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&ready, 1, 50) > 0 { return job.outcome }
            if Interruption.isRequested || now() >= deadline {
                runaways.add(1, ordering: .relaxed)
                // The worker may have finished meanwhile: then it is no runaway.
                if !job.abandon() { runaways.subtract(1, ordering: .relaxed) }
                abandoned.withLock { keys in
                    if keys.count >= 100 { keys.removeAll() }
                    keys.insert(key)
                }
                return .abandoned
            }
        }
        #else
        job.perform()
        return job.outcome
        #endif
    }

    /// Threads of abandoned matches still running.
    private static let runaways = Atomic<Int>(0)
    /// Matches given up, by pattern and text (at most 100 remembered).
    private static let abandoned = Mutex<Set<String>>([])

    /// A match to make, and its outcome. The worker stores `found`, then writes to the
    /// pipe; the waiting thread reads `outcome` only once the pipe is readable. The job is
    /// released by whichever of the two ends last, which closes the pipe, so an abandoned
    /// worker never writes to a pipe without a reader (no SIGPIPE).
    private final class Job: Sendable {
        let pattern: String
        let text: String
        let whole: Bool
        private let found = Atomic<Int>(-1)
        /// 0 while the match runs; 1 once the worker finished it, 2 once the waiter gave it up.
        private let ending = Atomic<Int>(0)
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

        /// The worker's end: false when the waiter had given the match up.
        func finish() -> Bool {
            ending.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged
        }

        /// The waiter's end: false when the worker had finished first.
        func abandon() -> Bool {
            ending.compareExchange(expected: 0, desired: 2, ordering: .relaxed).exchanged
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
