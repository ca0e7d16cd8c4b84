@testable import FlowKit
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

    @Test func finishingAloneRunsEveryPieceInOrder() {
        let work = SharedWork((0..<5).map { piece in { @Sendable in piece * piece } })
        #expect(work.finish() == [0, 1, 4, 9, 16])
    }

    @Test func noPiecesGiveNoResults() {
        #expect(SharedWork([@Sendable () -> Int]()).finish().isEmpty)
    }
}
