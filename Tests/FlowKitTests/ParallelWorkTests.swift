@testable import FlowKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The validator runs its checks with `ParallelWork`: their diagnostics must come back in
/// the checks' order, not the order the checks finish in.
@Suite struct ParallelWorkTests {
    @Test func resultsComeInTheTasksOrderWhateverOrderTheyFinishIn() {
        let tasks: [@Sendable () -> Int] = (0..<8).map { task in
            {
                // The first tasks finish last.
                usleep(useconds_t((8 - task) * 2_000))
                return task
            }
        }
        #expect(ParallelWork.results(of: tasks) == Array(0..<8))
    }

    @Test func noTasksGiveNoResults() {
        #expect(ParallelWork.results(of: [@Sendable () -> Int]()).isEmpty)
    }
}
