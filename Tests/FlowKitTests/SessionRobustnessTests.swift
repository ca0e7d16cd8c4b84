import FlowKit
import Foundation
import Testing
import TestSupport

/// Random lines fed to sessions of the example flows, as a careless user would type
/// them: nothing crashes, and a running session always has a prompt.
@Suite struct SessionRobustnessTests {
    static let examples = ["signin.yaml", "browser.yaml", "notes.yaml", "incident.yaml"]

    @Test(arguments: examples)
    func randomLinesNeverBreakASession(example: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Flows/\(example)").path
        let pool = ["", " ", "1", "2", "3", "0", "-1", "99999999999999999999", "yes", "no", "y", "maybe", "1,2", "1,,3", "x,y",
                    "back", "quit", "submit", "retry", "view", "sign_in", "sign_up", "continue", "create", "save", "review",
                    "close", "checkout", "pay", "add_to_basket", "help", "alice", "wonderland", "a@b.c", "2030-01-31", "check", "next",
                    "investigate", "escalate", "recovered", "still_down", "forgot_password", "change_password", "123456", "/back",
                    "\u{1B}[31m", "日本語", String(repeating: "z", count: 5000), "{{ x }}", "%n%s", "\u{0}"]
        var generator = SeededGenerator(state: UInt64(example.utf8.count))
        for _ in 0..<25 {
            var run = try SessionDriver(fileAt: path, commands: StubbedCommands(stubs: [], answersEverything: true))
            for _ in 0..<120 where run.session.outcome == nil {
                #expect(run.session.prompt != nil)
                run.enter(pool.randomElement(using: &generator) ?? "")
            }
        }
    }
}
