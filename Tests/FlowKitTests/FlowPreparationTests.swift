@testable import FlowKit
import Testing
import TestSupport

/// `FlowPreparation` is how `run` reads, checks and compiles its flow on two threads at
/// once; whatever the threads do, its outcome must be the validator's and the compiler's.
@Suite struct FlowPreparationTests {
    static let examples = ["signin.yaml", "browser.yaml", "notes.yaml"]

    static func path(_ example: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Flows/\(example)").path
    }

    @Test(arguments: examples)
    func anExampleIsReadyWithTheTreeTheCompilerGives(example: String) throws {
        let path = Self.path(example)
        guard case .ready(let document, let tree, let report) = FlowPreparation(fileAt: path, validator: Validator()).outcome() else {
            Issue.record("\(example) is not ready to run")
            return
        }
        let compiled = try ResponderTree(document)
        #expect(tree.flows.map(\.id) == compiled.flows.map(\.id))
        #expect(tree.flows.map(\.start) == compiled.flows.map(\.start))
        #expect(tree.screens.map(\.id) == compiled.screens.map(\.id))
        #expect(report.diagnostics == (try Validator().validate(fileAt: path)).diagnostics)
    }

    @Test(arguments: examples)
    func helpersOnOtherThreadsChangeNothing(example: String) async throws {
        let path = Self.path(example)
        let preparation = FlowPreparation(fileAt: path, validator: Validator())
        await withTaskGroup(of: Void.self) { helpers in
            for _ in 0..<3 { helpers.addTask { preparation.help() } }
        }
        guard case .ready(_, let tree, let report) = preparation.outcome() else {
            Issue.record("\(example) is not ready to run")
            return
        }
        guard case .ready(_, let alone, let reportAlone) = FlowPreparation(fileAt: path, validator: Validator()).outcome() else {
            Issue.record("\(example) is not ready to run")
            return
        }
        #expect(tree.flows.map(\.id) == alone.flows.map(\.id))
        #expect(report.diagnostics == reportAlone.diagnostics)
    }

    /// A large flow's checks run on every core (as `validate`'s do); the outcome is the same.
    @Test(arguments: examples)
    func onAllCoresTheOutcomeIsTheSame(example: String) throws {
        var everyCore = Validator()
        everyCore.parallelChecksMinimumBytes = 0
        guard case .ready(_, let tree, let report) = FlowPreparation(fileAt: Self.path(example), validator: everyCore).outcome(),
              case .ready(_, let alone, let reportAlone) = FlowPreparation(fileAt: Self.path(example), validator: Validator()).outcome() else {
            Issue.record("\(example) is not ready to run")
            return
        }
        #expect(tree.screens.map(\.id) == alone.screens.map(\.id))
        #expect(report.diagnostics == reportAlone.diagnostics)
    }

    @Test func aMissingFileIsUnreadable() {
        let outcome = FlowPreparation(fileAt: "/nonexistent/flow.yaml", validator: Validator()).outcome()
        guard case .unreadable(let error) = outcome else {
            Issue.record("expected unreadable, got \(outcome)")
            return
        }
        #expect(error.path == "/nonexistent/flow.yaml")
    }
}
