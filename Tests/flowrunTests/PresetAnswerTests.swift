import Foundation
import Testing
import TestSupport
import FlowExpressions

/// `--answers` and `--set` take answers as written, or refuse them: lists stay
/// lists, a field is answered once, an answer that is never used is reported.
@Suite struct PresetAnswerTests {
    static let flow = """
    version: 1
    flow: t
    start: s
    variables: { has_coupon: false }
    screens:
      s:
        fields:
          - { id: n, type: integer }
          - { id: name }
          - { id: tags, type: multichoice, options: [a, "b,c", d] }
          - { id: coupon, when: has_coupon }
          - { id: code, pattern: "[a-z]+" }
          - { id: pin, type: secret }
        actions: [done]
        on: { done: { finish: true } }
    """

    private func folder(answers: String? = nil) throws -> URL {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        if let answers { try answers.write(to: directory.appendingPathComponent("answers.yaml"), atomically: true, encoding: .utf8) }
        return directory
    }

    private func values(_ stdout: String) throws -> [String: Any] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        return try #require((document["values"] as? [String: [String: Any]])?["t"])
    }

    @Test func aListForASingleValuedFieldIsRefusedBeforeTheRun() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], stdin: "1\n\n\nab\n\ndone\n",
                                             directory: try folder(answers: "name: [a, b]\n"))
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("answers.yaml:1:1: "), "the message says where: \(outcome.stderr)")
        #expect(outcome.stderr.contains("only a multichoice field takes a list"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty, "the run did not start")
    }

    @Test func anOptionWithACommaIsChosenByAList() throws {
        let fromFile = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], stdin: "ab\n\ndone\n",
                                              directory: try folder(answers: "n: 1\nname: x\ntags: [d, \"b,c\"]\n"))
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(try values(fromFile.stdout)["tags"] as? [String] == ["b,c", "d"], "in the options' order")

        let fromSet = try FlowrunProcess.run(["run", "f.yaml", "--set", "n=1", "--set", "name=x", "--set", #"tags=["b,c"]"#],
                                             stdin: "ab\n\ndone\n", directory: try folder())
        #expect(fromSet.status == 0, "\(fromSet.stderr)")
        #expect(try values(fromSet.stdout)["tags"] as? [String] == ["b,c"])

        let typed = try FlowrunProcess.run(["run", "f.yaml"], stdin: "1\nx\n[a, 'b,c']\nab\n\ndone\n", directory: try folder())
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try values(typed.stdout)["tags"] as? [String] == ["a", "b,c"])

        let split = try FlowrunProcess.run(["run", "f.yaml", "--set", "tags=a, 3"], stdin: "1\nx\nab\n\ndone\n", directory: try folder())
        #expect(try values(split.stdout)["tags"] as? [String] == ["a", "d"], "text without brackets is still split at commas")
    }

    @Test func anAnswerForAFieldThatIsNotAskedIsReported() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--set", "coupon=SAVE10", "--set", "pin=4321"],
                                             stdin: "1\nx\na\nab\ndone\n", directory: try folder())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("flowrun: warning: the answer for 'coupon' was not used"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("has_coupon"), "the warning names the field's `when`: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("'pin' was not used"), "a used answer is not reported")
        #expect(!outcome.stderr.contains("SAVE10"), "the answer itself is not repeated")
        #expect(try values(outcome.stdout)["coupon"] is NSNull)
    }

    @Test func aFieldNamedTwiceIsAnErrorBeforeTheRun() throws {
        let inFile = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], directory: try folder(answers: "n: 1\nt.n: 2\n"))
        #expect(inFile.status == 2)
        #expect(inFile.stderr.contains("answers.yaml:2:1: 't.n' and 'n' both answer the field 't.n'"), "\(inFile.stderr)")
        #expect(inFile.stdout.isEmpty)

        let bySet = try FlowrunProcess.run(["run", "f.yaml", "--set", "n=1", "--set", "t.n=2"], directory: try folder())
        #expect(bySet.status == 2)
        #expect(bySet.stderr.contains("--set: 't.n' and 'n' both answer the field 't.n'"), "\(bySet.stderr)")

        let overridden = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml", "--set", "t.n=2"],
                                                stdin: "x\na\nab\n\ndone\n", directory: try folder(answers: "n: 1\n"))
        #expect(overridden.status == 0, "--set still overrides the file: \(overridden.stderr)")
        #expect(try values(overridden.stdout)["n"] as? Int == 2)
    }

    @Test func theAnswersFilesYAMLErrorsAreWordedForAnAnswersFile() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], directory: try folder(answers: "n: 1\n---\nname: x\n"))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("answers.yaml:2:1: an answers file holds one YAML document"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("flow file"), "\(outcome.stderr)")
    }

    @Test func theAnswersFilesSizeLimitIsDocumentedAndKept() throws {
        let help = try FlowrunProcess.run(["run", "--help"])
        #expect(help.stdout.contains("at most 16 MiB"), "\(help.stdout)")
        let directory = try folder()
        try Data(repeating: UInt8(ascii: " "), count: 16 << 20 + 1).write(to: directory.appendingPathComponent("big.yaml"))
        let big = try FlowrunProcess.run(["run", "f.yaml", "--answers", "big.yaml"], directory: directory)
        #expect(big.status == 2)
        #expect(big.stderr.contains("an answers file may be at most 16 MiB"), "\(big.stderr)")
    }

    /// A refusal quotes what it refuses on one line: a newline inside a preset is not
    /// written to the terminal as a line break, nor in the message that stops the run.
    @Test func aRefusalQuotesTheAnswerWithoutRawNewlines() throws {
        for (set, reason) in [("n=4\n2", "is not a whole number."), ("tags=a,x\ny", "is not one of the options"),
                              ("code=ab\ncd", "does not have the expected form")] {
            let raw = String(set.drop { $0 != "=" }.dropFirst())
            let outcome = try FlowrunProcess.run(["run", "f.yaml", "--set", set], stdin: "1\nx\na\nab\n\ndone\n", directory: try folder())
            #expect(outcome.status == 2, "\(outcome.stderr)")
            #expect(outcome.stderr.contains(reason), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains(raw) && !outcome.stdout.contains(raw), "\(outcome.stderr)")
        }
    }

    @Test func aSetWithoutAValueIsQuotedWithoutRawNewlines() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--set", "no\nvalue"], directory: try folder())
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--set takes ID=VALUE, not 'no"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("no\nvalue"), "\(outcome.stderr)")
    }

    @Test func aDefaultOfTheWrongTypeIsRefusedInWords() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: t
        start: s
        variables: { word: abc }
        screens:
          s:
            fields: [{ id: n, type: integer, default: "{{ word }}" }]
            actions: [done]
            on: { done: { finish: true } }
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--output", "none"], stdin: "\n5\ndone\n", directory: directory)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("! The answer is not a whole number.\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("not a integer"))
    }

    @Test func aRefusedDefaultUnderDefaultsStopsTheRun() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields:
              - { id: lo, type: integer, default: 1 }
              - id: hi
                type: integer
                default: 5
                validate: [{ rule: "hi > lo", message: "hi must be above lo" }]
            actions: [quit]
        """)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults", "--set", "lo=9"], directory: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("flowrun: error: --defaults: the default of 'hi' is refused: hi must be above lo"))
    }

    /// A flow a release job might run: a bounded number with a default, and a secret.
    static let release = """
    version: 1
    flow: app
    start: s
    screens:
      s:
        fields:
          - { id: replicas, type: integer, default: 3, max: 10 }
          - { id: token, type: secret }
        actions: [{ id: go, default: true }]
        on: { go: { finish: true } }
    """

    private func result(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    /// Under `--defaults` a refused `--set` stops the run (cli.md 1.2): it is never
    /// replaced by the default, and the result document says the run failed.
    @Test func aRefusedSetUnderDefaultsStopsTheRun() throws {
        let directory = try FlowrunProcess.folder(holding: Self.release)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults", "--set", "replicas=50"], directory: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("flowrun: error: --set: the answer for 'replicas' is refused: Must be at most 10.\n"), "\(outcome.stderr)")
        let document = try result(outcome.stdout)
        #expect(document["status"] as? String == "failed")
        #expect(document["exit_code"] as? Int == 2)
        #expect(document["message"] as? String == "--set: the answer for 'replicas' is refused: Must be at most 10.")
        let values = try #require((document["values"] as? [String: [String: Any]])?["app"])
        #expect(values["replicas"] is NSNull, "the default 3 is not taken: \(values)")
    }

    /// With stdin closed nobody can answer again: a refused `--answers` value stops the
    /// run, naming where it is written, the field and why.
    @Test func aRefusedAnswersValueStopsARunNobodyCanAnswer() throws {
        let directory = try FlowrunProcess.folder(holding: Self.release)
        try "replicas: 50\n".write(to: directory.appendingPathComponent("answers.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], directory: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("flowrun: error: answers.yaml:1:1: the answer for 'replicas' is refused: Must be at most 10.\n"),
                "\(outcome.stderr)")
        #expect(try result(outcome.stdout)["status"] as? String == "failed")
        // A line meant for a later question is not spent on the refused one.
        let scripted = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], stdin: "7\nsecret\ngo\n", directory: directory)
        #expect(scripted.status == 2, "\(scripted.stderr)")
        #expect(!scripted.stderr.contains("Token"), "the run stops at the refused answer: \(scripted.stderr)")
    }

    /// `--defaults` shows each question with the value it took, a secret masked.
    @Test func defaultsShowsEachValueItTook() throws {
        let directory = try FlowrunProcess.folder(holding: Self.release)
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--defaults", "--set", "replicas=5", "--set", "token=hunter2"],
                                             directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Replicas [3]: 5\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Token: ******\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("hunter2") && !outcome.stderr.contains("answered by"), "\(outcome.stderr)")
    }

    @Test func answersFiles() throws {
        let directory = try FlowrunProcess.folder(holding: RunCommandTests.form)
        for (name, text) in ["empty.yaml": "# nothing yet\n", "nested.yaml": "name: [{ a: 1 }]\n"] {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let empty = try FlowrunProcess.run(["run", "f.yaml", "--answers", "empty.yaml"], stdin: "Ada\n\n\ndone\n", directory: directory)
        #expect(empty.status == 0, "\(empty.stderr)")
        let nested = try FlowrunProcess.run(["run", "f.yaml", "--answers", "nested.yaml"], directory: directory)
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("the answer for 'name' must be a value or a list of values"))
    }
}
