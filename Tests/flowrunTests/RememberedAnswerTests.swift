import Foundation
import Testing
import TestSupport

/// `remember: true` answers: stored only by a run that ends `finished` (cli.md 1.2), and
/// offered as the next run's default, except where a `use`'s `with` gives the default.
@Suite struct RememberedAnswerTests {
    /// `s` asks a remembered `name`, then `save` (finish) or `leave` (exit 5).
    static let flow = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields: [{ id: name, remember: true }]
        actions: [save, leave]
        on:
          save: { finish: true }
          leave: { exit: { code: 5 } }
    """

    private func store(_ stateHome: URL) -> URL { stateHome.appendingPathComponent("flowrun/remembered.json") }

    @Test(arguments: [
        (["run", "f.yaml"], "Ada\n", 3),                                  // input ended: incomplete
        (["run", "f.yaml"], "Ada\nleave\n", 5),                           // exited
        (["run", "f.yaml", "--defaults", "--set", "name=Ada"], "", 2),    // no default action: failed
    ])
    func aRunThatDoesNotFinishRemembersNothing(arguments: [String], stdin: String, status: Int32) throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let run = try FlowrunProcess.run(arguments + ["--output", "none"], stdin: stdin, directory: directory,
                                         environment: ["XDG_STATE_HOME": stateHome.path])
        #expect(run.status == status, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store(stateHome).path), "nothing is remembered")
    }

    @Test func aFinishedRunRemembers() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let stateHome = try FlowrunProcess.temporaryDirectory()
        let environment = ["XDG_STATE_HOME": stateHome.path]
        let run = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "Ada\nsave\n", directory: directory, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: store(stateHome), encoding: .utf8).contains("\"app.name\" : \"Ada\""))
        let next = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "\nsave\n", directory: directory, environment: environment)
        #expect(next.stderr.contains("Name [Ada]: "), "\(next.stderr)")
    }

    /// A default that reads a param the `use` entry's `with` gives is the caller's intent:
    /// it beats the remembered answer. A default of the field's own is still replaced.
    @Test func aWithDefaultBeatsARememberedAnswer() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: parent
        start: s
        on: { c.done: { finish: true } }
        screens:
          s:
            actions: [go]
            on: { go: { push: c } }
        flows:
          c: { use: child.yaml, with: { who: '"ada"' } }
        """)
        try """
        version: 1
        flow: child
        start: s
        params: { who: nobody }
        screens:
          s:
            fields:
              - { id: name, default: "{{ who }}", remember: true }
              - { id: city, default: Paris, remember: true }
            actions: [done]
            on: { done: { finish: true } }
        """.write(to: directory.appendingPathComponent("child.yaml"), atomically: true, encoding: .utf8)
        let stateHome = try FlowrunProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: store(stateHome).deletingLastPathComponent(), withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("f.yaml").resolvingSymlinksInPath().path
        try JSONSerialization.data(withJSONObject: [key: ["c.name": "bob", "c.city": "Rome"]]).write(to: store(stateHome))
        let run = try FlowrunProcess.run(["run", "f.yaml", "--output", "json"], stdin: "go\n\n\ndone\n", directory: directory,
                                         environment: ["XDG_STATE_HOME": stateHome.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Name [ada]: "), "\(run.stderr)")
        #expect(run.stderr.contains("City [Rome]: "), "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let values = try #require((document["values"] as? [String: [String: Any]])?["c"])
        #expect(values["name"] as? String == "ada")
    }
}
