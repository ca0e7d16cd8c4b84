import Foundation
import Testing
import TestSupport

/// `run --save-answers FILE` (cli.md 1.2): the last answer of each field answered, as
/// YAML that `--answers` reads back, secrets and private names left out, written as
/// `--state` is, beside whatever `--output` prints.
@Suite struct SavedAnswerTests {
    static let flow = """
    version: 1
    flow: app
    start: form
    variables: { _editing: false }
    screens:
      form:
        fields:
          - { id: name }
          - { id: port, type: integer, default: 8080 }
          - { id: tags, type: multichoice, options: [a, "b,c", d], required: false }
          - { id: pin, type: secret, required: false }
          - { id: _scratch, required: false }
          - { id: note, required: false }
        actions: [{ id: save, default: true }, edit]
        on:
          save: { push: { to: svc, for_each: "['api', 'web']", as: service, index: run } }
          edit: { set: { _editing: true }, push: form }
      end:
        terminal: true
    flows:
      svc:
        start: check
        params: { service: "", run: 0 }
        screens:
          check:
            fields:
              - { id: status, type: choice, options: [ok, down], default: ok }
            actions: [{ id: next, default: true }]
            on: { next: { finish: true } }
    on:
      svc.done: { replace: end }
    """

    private func text(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    private func values(_ stdout: String) throws -> [String: [String: AnyHashable]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let values = try #require(document["values"] as? [String: [String: Any]])
        return values.mapValues { $0.compactMapValues { $0 as? AnyHashable } }
    }

    @Test func theLastAnswersAreSavedBesideTheOutputAndReplayTheRun() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let input = "ada\n\n3, 2\n1234\nx\nyes\nsave\ndown\nnext\n\nnext\n"
        let first = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml", "--output", "env"], stdin: input, directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("APP_NAME='ada'"), "--output prints as usual: \(first.stdout)")
        #expect(try text("answers.yaml", in: directory) == """
            app.name: ada
            app.port: 8080
            app.tags:
              - b,c
              - d
            app.note: "yes"
            svc[0].status: down
            svc[1].status: ok

            """)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("answers.yaml").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let typed = try FlowrunProcess.run(["run", "f.yaml"], stdin: input, directory: directory)
        let replayed = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml", "--defaults"], directory: directory)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        var expected = try values(typed.stdout)
        expected["app"]?["pin"] = NSNull()
        #expect(try values(replayed.stdout) == expected, "the same values, but the secret")
        #expect(!replayed.stderr.contains("was not used"), "\(replayed.stderr)")
    }

    /// A field cleared with `/` over its default is saved as `null`, and `null` in an
    /// answers file clears it again: the replay gives `null`, not the default.
    @Test func aFieldClearedOverItsDefaultIsReplayedCleared() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: b, default: bee }
              - { id: flag, type: boolean, default: true }
              - { id: col, type: choice, options: [red, blue], default: blue }
            actions: [{ id: go, default: true }]
            on:
              go: { finish: true }
        """)
        let first = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml"], stdin: "/\n/\n/\n\n", directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try text("answers.yaml", in: directory) == "app.b: null\napp.flag: null\napp.col: null\n")
        let replayed = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml", "--defaults"], directory: directory)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(try values(replayed.stdout) == (try values(first.stdout)), "\(replayed.stdout)")
        #expect(try values(replayed.stdout)["app"]?["b"] is NSNull)
    }

    @Test func aFieldAnsweredAgainKeepsItsLastAnswer() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml"],
                                             stdin: "ada\n\n\n\n\n\nedit\nbob\n1\n\n\n\n\nsave\n\nnext\n\nnext\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try text("answers.yaml", in: directory)
        #expect(saved.hasPrefix("app.name: bob\napp.port: 1\napp.tags: null\napp.note: null\n"), "\(saved)")
    }

    @Test func nothingAnsweredSavesAnEmptyMappingAndAnInterruptedRunSavesWhatItHas() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let none = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml"], stdin: "", directory: directory)
        #expect(none.status == 3, "input ended: \(none.stderr)")
        #expect(try text("answers.yaml", in: directory) == "{}\n")
        let some = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml"], stdin: "ada\n", directory: directory)
        #expect(some.status == 3)
        #expect(try text("answers.yaml", in: directory) == "app.name: ada\n")
    }

    @Test func answersAreSavedAcrossAResume() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        _ = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json"], stdin: "ada\n7\n", directory: directory)
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json", "--resume", "--save-answers", "answers.yaml"],
                                             stdin: "\n\n\n\nsave\n\nnext\n\nnext\n", directory: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try text("answers.yaml", in: directory).hasPrefix("app.name: ada\napp.port: 7\n"))
    }

    @Test func theFileIsWrittenOnlyWhereAFileCanBe() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "fifo"], stdin: "ada\n", directory: directory, timeout: 10)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot write 'fifo': it is a FIFO, not a regular file"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty, "refused before the run")

        let victim = directory.appendingPathComponent("victim")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(".answers.yaml.tmp").path, withDestinationPath: "victim")
        let planted = try FlowrunProcess.run(["run", "f.yaml", "--save-answers", "answers.yaml"], stdin: "ada\n", directory: directory)
        #expect(planted.status == 3, "\(planted.stderr)")
        #expect(try text("victim", in: directory) == "precious\n", "the planted link's target was not written")
        #expect(try text("answers.yaml", in: directory) == "app.name: ada\n")
    }
}
