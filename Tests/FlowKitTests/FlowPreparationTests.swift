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
        #expect(tree.screens.count == compiled.screens.count)
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

    @Test func aMissingFileIsUnreadable() {
        let outcome = FlowPreparation(fileAt: "/nonexistent/flow.yaml", validator: Validator()).outcome()
        guard case .unreadable(let error) = outcome else {
            Issue.record("expected unreadable, got \(outcome)")
            return
        }
        #expect(error.path == "/nonexistent/flow.yaml")
    }
}
