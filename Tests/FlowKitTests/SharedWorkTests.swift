@testable import FlowKit
import Dispatch
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FlowPreparation` splits a flow's checks between the threads that ask for the outcome:
/// each piece must run exactly once, whoever takes it, and results keep the pieces' order.
@Suite struct SharedWorkTests {
    @Test func everyPieceRunsOnceWhenSeveralThreadsHelp() async {
        let runs = Mutex(Array(repeating: 0, count: 64))
        let pieces: [@Sendable () -> Int] = (0..<64).map { piece in
            {
                runs.withLock { $0[piece] += 1 }
                usleep(200)
                return piece
            }
        }
        let work = SharedWork(pieces)
        await withTaskGroup(of: Void.self) { helpers in
            for _ in 0..<4 { helpers.addTask { work.help() } }
        }
        #expect(work.finish() == Array(0..<64))
        #expect(runs.withLock { $0 } == Array(repeating: 1, count: 64))
    }

    /// The waiting thread finds every piece taken while one is still running elsewhere, for
    /// longer than it polls: it must sleep until that piece is done, then see its result.
    @Test func finishWaitsForAPieceAnotherThreadIsStillRunning() async {
        let started = DispatchSemaphore(value: 0)
        let work = SharedWork([
            { @Sendable in
                started.signal()
                usleep(30_000)
                return "slow"
            },
            { @Sendable in "quick" },
        ])
        let helper = Task.detached { work.help() }
        started.wait()
        #expect(work.finish() == ["slow", "quick"])
        await helper.value
    }

    @Test func onAllCoresEveryPieceRunsOnceInOrder() {
        let runs = Mutex(0)
        let work = SharedWork((0..<16).map { piece in { @Sendable in runs.withLock { $0 += 1 }; return piece } })
        #expect(work.finish(onAllCores: true) == Array(0..<16))
        #expect(runs.withLock { $0 } == 16)
    }

    @Test func finishingAloneRunsEveryPieceInOrder() {
        let work = SharedWork((0..<5).map { piece in { @Sendable in piece * piece } })
        #expect(work.finish() == [0, 1, 4, 9, 16])
    }

    @Test func noPiecesGiveNoResults() {
        #expect(SharedWork([@Sendable () -> Int]()).finish().isEmpty)
    }
}
