import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `flowrun test`: flow test files run against real flows, failing at the position of
/// the expectation that does not hold, in text, JSON and JUnit; coverage; generation.
@Suite struct TestCommandTests {
    private let root = Fixtures.packageRoot
    private var flows: URL { root.appendingPathComponent("Flows") }
    static let examples = ["browser", "notes", "incident", "scaffold", "release"]

    /// A test file of signin.yaml in a fresh folder, and its path.
    private func testFile(_ text: String, name: String = "signin.flowtest.yaml") throws -> (URL, String) {
        let directory = try FlowrunProcess.temporaryDirectory()
        let file = directory.appendingPathComponent(name)
        try Data(("flow: \(flows.appendingPathComponent("signin.yaml").path)\n" + text).utf8).write(to: file)
        return (file, "flow: x\n" + text)
    }

    /// `line:column` of the first occurrence of `token` on the line that contains `context`.
    private func position(of token: String, after context: String, in text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        guard let line = lines.firstIndex(where: { $0.contains(context) }),
              let start = lines[line].range(of: context)?.lowerBound,
              let range = lines[line].range(of: token, range: start..<lines[line].endIndex) else {
            return "?"
        }
        return "\(line + 1):\(lines[line].distance(from: lines[line].startIndex, to: range.lowerBound) + 1)"
    }

    static let failing = """
    cases:
      - name: every expectation wrong
        input: [sign_in, alice, wonderland, submit, quit]
        expect:
          status: finished
          path: [login/welcome, login/credentials, main/settings]
          values:
            app: { sign_ins: 2 }
          said: [Welcome back!]
      - name: passes
        input: [quit]
        expect: { status: cancelled, exit_code: 0 }
    """

    /// A test file or case fixes the clock `now()` reads (cli.md 1.1), by default at 2026-01-01T00:00:00Z.
    @Test func nowIsFixedByTheFileOrTheCase() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            actions: [when]
            on: { when: { say: "{{ now() }} {{ today() }}" } }
        """)
        try """
        flow: f.yaml
        now: 2026-03-04T05:06:07Z
        cases:
          - name: the file's time
            input: [when]
            expect: { said: ["2026-03-04T05:06:07Z 2026-03-04"] }
          - name: the case's own time
            now: 2030-12-31T23:59:59Z
            input: [when]
            expect: { said: ["2030-12-31T23:59:59Z 2030-12-31"] }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        try """
        flow: f.yaml
        cases:
          - name: the default time
            input: [when]
            expect: { said: ["2026-01-01T00:00:00Z 2026-01-01"] }
          - name: a bad time
            now: next tuesday
            input: [when]
            expect: { status: incomplete }
        """.write(to: directory.appendingPathComponent("g.flowtest.yaml"), atomically: true, encoding: .utf8)
        let fixed = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        let defaulted = try FlowrunProcess.run(["test", "g.flowtest.yaml"], directory: directory)
        #expect(defaulted.status == 2, "a bad time is an error of the test file")
        #expect(defaulted.stdout.contains("'now' is a time in RFC 3339"), "\(defaulted.stdout)")
        try """
        flow: f.yaml
        cases:
          - name: the default time
            input: [when]
            expect: { said: ["2026-01-01T00:00:00Z 2026-01-01"] }
        """.write(to: directory.appendingPathComponent("g.flowtest.yaml"), atomically: true, encoding: .utf8)
        #expect(try FlowrunProcess.run(["test", "g.flowtest.yaml"], directory: directory).status == 0)
    }

    /// `answers` take what `--answers` takes (cli.md 1.1): a list for a multichoice field.
    @Test func answersTakeAListForAMultichoiceFieldAsAnswersFilesDo() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: toppings, type: multichoice, options: [cheese, ham, olives] }]
            actions: [done]
            on: { done: { finish: true } }
        """)
        try """
        flow: f.yaml
        cases:
          - name: a list answers a multichoice field
            answers: { toppings: [cheese, olives] }
            input: [done]
            expect: { status: finished, values: { app: { toppings: [cheese, olives] } } }
        """.write(to: directory.appendingPathComponent("f.flowtest.yaml"), atomically: true, encoding: .utf8)
        try "toppings: [cheese, olives]\n".write(to: directory.appendingPathComponent("answers.yaml"), atomically: true, encoding: .utf8)
        let test = try FlowrunProcess.run(["test", "f.flowtest.yaml"], directory: directory)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        let run = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], stdin: "done\n", directory: directory)
        #expect(run.stdout.contains("\"toppings\" : [\n        \"cheese\",\n        \"olives\""), "the same answers file gives the same values: \(run.stdout)")
    }

    @Test func theExamplesPass() throws {
        let outcome = try FlowrunProcess.run(["test", "Flows"], directory: root)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("0 failed in 6 files"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("FAIL"))
    }

    /// The examples of the language's real jobs are tested at full coverage (README's table).
    @Test(arguments: ["incident", "scaffold", "signin", "release"])
    func anExampleIsCoveredInFull(example: String) throws {
        let outcome = try FlowrunProcess.run(["test", "Flows/\(example).flowtest.yaml", "--coverage"], directory: root)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("everything reachable is covered"), "\(outcome.stdout)")
    }

    /// A test file's problems are reported in the file's order, whichever reader found them.
    @Test func aTestFilesProblemsComeInTheFilesOrder() throws {
        let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: a\nstart: s\nscreens: { s: { actions: [quit] } }\n")
        try "flow: f.yaml\ncases: [ { name: a, input: [], expect: { nope: 1 } } ]\ncases: []\n"
            .write(to: directory.appendingPathComponent("x.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "x.flowtest.yaml"], directory: directory)
        #expect(outcome.status == 2, "\(outcome.stdout)")
        let unknown = try #require(outcome.stdout.range(of: "x.flowtest.yaml:2:42: error: 'nope' is not a key of 'expect'"), "\(outcome.stdout)")
        let duplicate = try #require(outcome.stdout.range(of: "x.flowtest.yaml:3:1: error: duplicate key 'cases'"), "\(outcome.stdout)")
        #expect(unknown.lowerBound < duplicate.lowerBound, "\(outcome.stdout)")
    }

    @Test func eachWrongExpectationFailsAtItsPosition() throws {
        let (file, text) = try testFile(Self.failing)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        let out = outcome.stdout
        #expect(out.contains("FAIL  every expectation wrong"), "\(out)")
        #expect(out.contains("PASS  passes"), "\(out)")
        #expect(out.contains("\(file.path):\(position(of: "finished", after: "status:", in: text)): error: status: expected finished, got cancelled"), "\(out)")
        #expect(out.contains("\(file.path):\(position(of: "[", after: "path:", in: text)): error: path: the screens shown differ"), "\(out)")
        #expect(out.contains("- main/settings") && out.contains("+ main/home") && out.contains("  login/credentials"), "a diff of the paths: \(out)")
        #expect(out.contains("\(file.path):\(position(of: "2", after: "sign_ins:", in: text)): error: values: app.sign_ins: expected 2, got 1"), "\(out)")
        #expect(out.contains("\(file.path):\(position(of: "Welcome", after: "said:", in: text)): error: said: \"Welcome back!\" was not said"), "\(out)")
        #expect(out.contains("2 cases: 1 passed, 1 failed in 1 file"), "\(out)")
    }

    /// `shown`: texts within the flow titles, screen titles and texts shown, in order.
    @Test func shownChecksWhatTheScreensShowedInOrder() throws {
        let (file, text) = try testFile("""
        cases:
          - name: titles and texts
            input: [sign_in, alice, wonderland, submit, quit]
            expect:
              shown: [Acme, Sign in to Acme, "Welcome, alice!"]
          - name: out of order
            input: [sign_in, alice, wonderland, submit, quit]
            expect:
              shown: ["Welcome, alice!", Sign in to Acme]
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("PASS  titles and texts"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\(position(of: "Sign", after: "\"Welcome, alice!\", Sign", in: text)): error: shown: \"Sign in to Acme\" was not shown (in this order)"),
                "\(outcome.stdout)")
    }

    /// A flow whose one variable nests maps in lists, whose screen text has several
    /// parts, and whose `ship` exits with a message.
    static let nested = """
    version: 1
    flow: app
    start: s
    variables:
      user: { name: ada, roles: [{ id: admin, since: 2020 }, { id: dev, since: 2021 }], prefs: { theme: dark } }
    screens:
      s:
        title: Release
        text: "Project my-tool, package my_tool. License MIT."
        actions: [ship, quit]
        on:
          ship: { exit: { code: 3, message: "Shipped {{ user.name }}." } }
    """

    /// A test file of `nested` in a fresh folder, and its text.
    private func nestedTestFile(_ cases: String) throws -> (URL, String) {
        let directory = try FlowrunProcess.folder(holding: Self.nested)
        let text = "flow: f.yaml\n" + cases
        let file = directory.appendingPathComponent("f.flowtest.yaml")
        try Data(text.utf8).write(to: file)
        return (file, text)
    }

    /// cli.md 1.2: `values` is a subset at every depth of maps, maps in list elements too,
    /// lists keeping their length and order; `message` is the final message; a later
    /// `shown` entry may be further along the same text.
    @Test func valuesAreASubsetAtEveryDepthMessageIsTheLastAndShownReadsAlongOneText() throws {
        let (file, _) = try nestedTestFile("""
        cases:
          - name: parts of each
            input: [ship]
            expect:
              status: exited
              values:
                app: { user: { roles: [{ id: admin }, { since: 2021 }], prefs: {} } }
              message: Shipped ada.
              shown: [Release, Project my-tool, package my_tool, License MIT]
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("PASS  parts of each"), "\(outcome.stdout)")
    }

    @Test func aValueFailsWhereItFirstDiffers() throws {
        let (file, text) = try nestedTestFile("""
        cases:
          - name: another role
            input: [quit]
            expect:
              values:
                app: { user: { roles: [{ id: admin }, { id: ops }] } }
          - name: fewer roles
            input: [quit]
            expect:
              values:
                app: { user: { roles: [{ id: admin }] } }
          - name: a key it does not have
            input: [quit]
            expect:
              values:
                app: { user: { prefs: { font: mono } } }
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        let out = outcome.stdout
        #expect(out.contains(#"\#(position(of: "{", after: "{ roles: [{ id: admin }, { id: ops", in: text)): error: values: app.user.roles[1].id: expected "ops", got "dev""#), "\(out)")
        #expect(out.contains(#"error: values: app.user.roles: expected 1 element(s), got 2: [{"id": "admin", "since": 2020}, {"id": "dev", "since": 2021}]"#), "\(out)")
        #expect(out.contains(#"error: values: app.user.prefs.font: expected "mono", but there is no such key"#), "\(out)")
        #expect(out.contains("3 cases: 0 passed, 3 failed"), "\(out)")
    }

    @Test func messageChecksTheFinalMessageWhole() throws {
        let (file, text) = try nestedTestFile("""
        cases:
          - name: another message
            input: [ship]
            expect: { message: Shipped }
          - name: no message
            input: [quit]
            expect: { message: Shipped ada. }
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(#"\#(position(of: "Shipped", after: "{ message: Shipped }", in: text)): error: message: expected "Shipped", got "Shipped ada.""#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"error: message: expected "Shipped ada.", the run ended without one"#), "\(outcome.stdout)")

        // Generated cases expect the message of the exit they reach.
        let directory = file.deletingLastPathComponent()
        let generate = try FlowrunProcess.run(["test", "--generate", "f.yaml", "-o", "g.flowtest.yaml"], directory: directory)
        #expect(generate.status == 0, "\(generate.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent("g.flowtest.yaml"), encoding: .utf8)
        #expect(written.contains(#"message: "Shipped ada.""#), "\(written)")
        let generated = try FlowrunProcess.run(["test", "g.flowtest.yaml"], directory: directory)
        #expect(generated.status == 0, "\(generated.stdout)")
    }

    @Test func aLaterShownTextIsLookedForAfterTheOneBeforeIt() throws {
        let (file, text) = try nestedTestFile("""
        cases:
          - name: backwards in one text
            input: [quit]
            expect: { shown: [License MIT, Project my-tool] }
          - name: one part twice
            input: [quit]
            expect: { shown: [MIT, MIT] }
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("\(position(of: "Project", after: "[License MIT, Project", in: text)): error: shown: \"Project my-tool\" was not shown (in this order)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\(position(of: "MIT]", after: "[MIT, MIT]", in: text)): error: shown: \"MIT\" was not shown (in this order)"), "\(outcome.stdout)")
    }

    @Test func aSubsequenceOfThePathAndLeftOverInputFail() throws {
        let (file, text) = try testFile("""
        cases:
          - name: in order
            input: [sign_in, alice, wonderland, submit, quit, quit]
            expect:
              path_includes: [main/home, login/credentials]
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("\(position(of: "login/credentials", after: "path_includes", in: text)): error: path_includes: login/credentials is not shown in this order"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\(position(of: "quit]", after: "input:", in: text)): error: the run ended with 1 line(s) of input left over"),
                "\(outcome.stdout)")
    }

    @Test(arguments: ["text", "json", "junit"])
    func aSecretIsNeverShownWhenItsValueDiffers(format: String) throws {
        let (file, _) = try testFile("""
        cases:
          - name: secret
            input: [sign_in, alice, wonderland, submit, quit]
            expect:
              values:
                login: { password: not-the-password }
          - name: a secret assigned into a map
            answers: { email: ada@example.com }
            input: [sign_up, ada, continue, lovelace1, lovelace2, lovelace1, y, create, quit]
            expect:
              values:
                app: { accounts: { ada: not-the-password } }
        """)
        let outcome = try FlowrunProcess.run(["test", file.path, "--format", format])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("login.password differs from the expected value (it holds a secret: neither is shown)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("app.accounts differs from the expected value (in a secret member: neither is shown)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("The two passwords do not match."), "the refused line is reported: \(outcome.stdout)")
        for secret in ["wonderland", "lovelace", "not-the-password"] {
            #expect(!outcome.stdout.contains(secret) && !outcome.stderr.contains(secret), "\(secret) shown: \(outcome.stdout)")
        }
    }

    @Test func failuresPointAtTheScreenOrNameThatIsWrong() throws {
        let (file, text) = try testFile("""
        cases:
          - name: positions
            input: [sign_in, alice, wonderland, submit, quit]
            expect:
              path_includes: [main/home, login/credentials]
              values:
                app: { sign_in: 1 }
                nosuchflow: { x: 1, y: 2 }
                mian: {}
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("\(position(of: "login/credentials", after: "path_includes", in: text)): error: path_includes: login/credentials"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\(position(of: "sign_in", after: "app:", in: text)): error: values: the flow 'app' has no variable 'sign_in'; did you mean 'sign_ins'?"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\(position(of: "nosuchflow", after: "nosuchflow", in: text)): error: values: there is no flow 'nosuchflow'"), "\(outcome.stdout)")
        #expect(outcome.stdout.components(separatedBy: "there is no flow 'nosuchflow'").count == 2, "once for the flow, not per variable: \(outcome.stdout)")
        // A flow expected with no variables must still be one of the flow's.
        #expect(outcome.stdout.contains("\(position(of: "mian", after: "mian", in: text)): error: values: there is no flow 'mian'; did you mean 'main'?"), "\(outcome.stdout)")
    }

    /// An untrusted test file cannot read any file as its flow: `flow: /proc/self/environ`
    /// (or a FIFO) is unreadable (exit 2) and never opened, so the environment is never
    /// quoted; a FIFO named `*.flowtest.yaml` in a folder is unreadable too, at once.
    @Test func aTestsFlowMustBeARegularYAMLFile() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        #expect(mkfifo(directory.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        for (flow, reason) in [("/proc/self/environ", "it is a file of /proc, which holds no flow"), ("pipe.yaml", "it is a FIFO, not a regular file")] {
            try "flow: \(flow)\ncases:\n  - name: one\n    input: []\n    expect: { status: finished }\n"
                .write(to: directory.appendingPathComponent("t.flowtest.yaml"), atomically: true, encoding: .utf8)
            let outcome = try FlowrunProcess.run(["test", "t.flowtest.yaml"], directory: directory,
                                                 environment: ["FLOWRUN_PROBE": "hunter2"], timeout: 10)
            #expect(outcome.status == 2, "\(flow): \(outcome.stdout) \(outcome.stderr)")
            #expect((outcome.stdout + outcome.stderr).contains(reason), "\(flow): \(outcome.stdout) \(outcome.stderr)")
            #expect(!(outcome.stdout + outcome.stderr).contains("hunter2"), "the environment was read: \(outcome.stdout)")
        }
        let folder = try FlowrunProcess.temporaryDirectory()
        #expect(mkfifo(folder.appendingPathComponent("pipe.flowtest.yaml").path, 0o600) == 0)
        let walked = try FlowrunProcess.run(["test", "."], directory: folder, timeout: 10)
        #expect(walked.status == 2, "\(walked.stdout) \(walked.stderr)")
        #expect((walked.stdout + walked.stderr).contains("it is a FIFO, not a regular file"), "\(walked.stdout) \(walked.stderr)")
    }

    @Test func anEmptyTestFileIsAnError() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("empty.flowtest.yaml")
        try Data("# nothing yet\n".utf8).write(to: file)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.contains("\(file.path):1:1: error: a flow test file needs 'flow' and 'cases', but this one is empty [missing-key]"), "\(outcome.stdout)")
    }

    @Test func oneFileUnderTwoPathsRunsOnceAndItsCoverageAddsUp() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let sub = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: flows.appendingPathComponent("notes.yaml"), to: directory.appendingPathComponent("notes.yaml"))
        try Data("flow: notes.yaml\ncases:\n  - { name: a, input: [], expect: { status: incomplete } }\n".utf8)
            .write(to: directory.appendingPathComponent("a.flowtest.yaml"))
        try Data("flow: ../notes.yaml\ncases:\n  - { name: b, input: [x, \"\", \"\", \"\", y, quit], expect: { status: cancelled } }\n".utf8)
            .write(to: sub.appendingPathComponent("b.flowtest.yaml"))
        let outcome = try FlowrunProcess.run(["test", ".", "./a.flowtest.yaml", "a.flowtest.yaml", "--coverage"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("2 cases: 2 passed, 0 failed in 2 files"), "\(outcome.stdout)")
        #expect(outcome.stdout.components(separatedBy: "coverage of").count == 2, "one table: \(outcome.stdout)")
    }

    @Test func jsonGivesEveryFailureWithItsPosition() throws {
        let (file, text) = try testFile(Self.failing)
        let outcome = try FlowrunProcess.run(["test", file.path, "--format", "json"])
        #expect(outcome.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary["cases"] == 2 && summary["passed"] == 1 && summary["failed"] == 1 && summary["broken"] == 0)
        let files = try #require(document["files"] as? [[String: Any]])
        let cases = try #require(files.first?["cases"] as? [[String: Any]])
        let failures = try #require(cases.first?["failures"] as? [[String: Any]])
        #expect(failures.count == 4)
        let status = try #require(failures.first)
        #expect("\(status["line"] ?? ""):\(status["column"] ?? "")" == position(of: "finished", after: "status:", in: text))
        #expect(status["file"] as? String == file.path)
    }

    @Test func junitHasASuitePerFileAndAFailurePerFailedCase() throws {
        let (file, _) = try testFile(Self.failing)
        let outcome = try FlowrunProcess.run(["test", file.path, "--format", "junit"])
        #expect(outcome.status == 1)
        let document = try XMLDocument(data: Data(outcome.stdout.utf8))
        #expect(try document.nodes(forXPath: "/testsuites/testsuite").count == 1)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/testcase").count == 2)
        let failures = try document.nodes(forXPath: "/testsuites/testsuite/testcase/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("path: the screens shown differ") == true)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
    }

    @Test func aMalformedTestFileIsReportedAndExits2() throws {
        let (file, text) = try testFile("""
        cases:
          - name: typo
            input: [quit]
            expect: { stauts: cancelled }
        """)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.contains("\(position(of: "stauts", after: "expect", in: text)): error: 'stauts' is not a key of 'expect' [unknown-key]"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("did you mean 'status'?"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1 file could not run"))
    }

    @Test func aMissingFlowExits2() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("gone.flowtest.yaml")
        try Data("flow: gone.yaml\ncases: []\n".utf8).write(to: file)
        let outcome = try FlowrunProcess.run(["test", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.contains("cannot read '\(directory.path)/gone.yaml'"), "\(outcome.stdout)")
    }

    @Test func coverageListsWhatTheCasesMissed() throws {
        let (file, _) = try testFile("cases:\n  - name: quits\n    input: [quit]\n    expect: { status: cancelled }\n")
        let outcome = try FlowrunProcess.run(["test", file.path, "--coverage", "--format", "json"])
        #expect(outcome.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let coverage = try #require((document["coverage"] as? [[String: Any]])?.first)
        let total = try #require(coverage["total"] as? [String: [String: Double]])
        #expect(total["screens"]?["covered"] == 1)
        #expect(total["screens"]?["total"] == 9)
        let missed = try #require(coverage["not_covered"] as? [[String: Any]])
        #expect(missed.contains { $0["name"] as? String == "screen login/failed" && $0["line"] as? Int != nil })
        let text = try FlowrunProcess.run(["test", file.path, "--coverage"])
        #expect(text.stdout.contains("total            1/9 11%"), "\(text.stdout)")
    }

    @Test(arguments: examples)
    func generatedTestsPassAndCoverEverything(example: String) throws {
        try generateCoveringTests(of: example)
    }

    /// Sign-in's forms of several fields, its sign-ups and resets: the search merges what no
    /// decision reads, or it stops at its bound (about 6 s per generation in a debug build).
    @Test(.slow("generates the sign-in example's tests twice"))
    func generatedTestsCoverTheSignInExample() throws {
        try generateCoveringTests(of: "signin")
    }

    /// Generates an example's tests twice (byte for byte the same), runs them, and checks
    /// that they cover everything reachable.
    private func generateCoveringTests(of example: String) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("\(example).flowtest.yaml")
        let generate = try FlowrunProcess.run(["test", "--generate", "Flows/\(example).yaml", "--output", output.path], directory: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.contains("everything reachable is covered"), "\(generate.stderr)")
        let second = directory.appendingPathComponent("again.flowtest.yaml")
        let again = try FlowrunProcess.run(["test", "--generate", "Flows/\(example).yaml", "--output", second.path], directory: root)
        #expect(again.status == 0, "\(again.stderr)")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(try Data(contentsOf: second) == Data(written.utf8), "a second generation writes the same file, byte for byte")
        let run = try FlowrunProcess.run(["test", output.path, "--coverage", "--format", "json"])
        #expect(run.status == 0, "\(run.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let coverage = try #require((document["coverage"] as? [[String: Any]])?.first)
        for kind in ["screens", "actions", "branches"] {
            let count = try #require((coverage["total"] as? [String: [String: Double]])?[kind])
            #expect(count["covered"] == count["total"] && (count["total"] ?? 0) > 0, "\(kind): \(count)")
        }
        #expect((coverage["not_covered"] as? [Any])?.isEmpty == true)
        // A refused line changes nothing a case could need (docs/flow-tests.md): no case holds one.
        let cases = try #require((document["files"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]])
        #expect(cases.allSatisfy { ($0["refused"] as? [Any])?.isEmpty == true }, "\(cases)")
        if example == "release" {
            #expect(written.contains(#"{ command: ["git", "tag", "--list", "v*", "--sort=-v:refname"], exit_code: 0, stdout: "1.4.0" }"#),
                    "the tag list is made up, and a newer version answered: \(written)")
        }
        if example == "incident" {
            #expect(written.contains("\"/escalate\""), "an action chosen before the fields are answered is tried: \(written)")
            let repetitions = try #require((coverage["total"] as? [String: [String: Double]])?["repetitions"])
            #expect(repetitions["covered"] == 1 && repetitions["total"] == 1, "the for_each runs: \(repetitions)")
        }
    }

    /// The README shows a small flow and the file `--generate` writes for it, as it writes it.
    @Test func theReadmeShowsWhatGenerationWrites() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        let flow = try #require(blocks.first { $0.hasPrefix("version: 1\nflow: door\n") })
        let written = try #require(blocks.first { $0.hasPrefix("# Written by `flowrun test --generate door.yaml`") })
        let directory = try FlowrunProcess.temporaryDirectory()
        try Data(flow.utf8).write(to: directory.appendingPathComponent("door.yaml"))
        let generate = try FlowrunProcess.run(["test", "--generate", "door.yaml", "-o", "-"], directory: directory)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout == written)
        #expect(generate.stderr.contains("everything reachable is covered"), "\(generate.stderr)")
    }

    @Test func aSearchCutShortByMaxStatesSaysWhatItDidNotReach() throws {
        let bounded = try FlowrunProcess.run(["test", "--generate", "Flows/notes.yaml", "-o", "-", "--max-states", "3"], directory: root)
        #expect(bounded.status == 0, "\(bounded.stderr)")
        #expect(bounded.stderr.contains("the search stopped at --max-states 3"), "\(bounded.stderr)")
        #expect(bounded.stderr.contains("  screen notes/saved: the search stopped before it"), "\(bounded.stderr)")
        #expect(bounded.stderr.contains("not covered:"), "\(bounded.stderr)")
        let misplaced = try FlowrunProcess.run(["test", "Flows", "--max-states", "3"], directory: root)
        #expect(misplaced.status == 64, "\(misplaced.stderr)")
    }

    /// A flow whose start the search cannot get past (a used flow run on its own) gets a
    /// test file with no case, which `flowrun test` reads.
    @Test func aGeneratedFileWithNoCaseIsATestFile() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Flows/reset-password.yaml"), to: directory.appendingPathComponent("r.yaml"))
        let generate = try FlowrunProcess.run(["test", "--generate", "r.yaml"], directory: directory)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.contains("wrote 0 case(s)"), "\(generate.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent("r.flowtest.yaml"), encoding: .utf8)
        #expect(written.hasSuffix("\ncases: []\n"), "\(written)")
        let test = try FlowrunProcess.run(["test", "r.flowtest.yaml"], directory: directory)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
    }

    /// A case carried to an end of the run reaches what the bounded search did not: that is
    /// covered, and not listed as missed.
    @Test func whatTheWrittenCasesReachIsNotListedAsNotReached() throws {
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: door
        start: keypad
        variables: { tries: 0 }
        screens:
          keypad:
            fields:
              - { id: code, required: true }
            actions: [open]
            on:
              open:
                - when: code == "4321"
                  replace: inside
                - set: { tries: tries + 1 }
                  say: Wrong code.
          inside:
            terminal: true
        """)
        let bounded = try FlowrunProcess.run(["test", "--generate", "f.yaml", "-o", "-", "--max-states", "2"], directory: directory)
        #expect(bounded.status == 0, "\(bounded.stderr)")
        #expect(bounded.stdout.contains("screen: \"door/inside\""), "the case reaches the screen: \(bounded.stdout)")
        #expect(bounded.stderr.contains("the search stopped at --max-states 2 with 1 item(s) not reached"), "\(bounded.stderr)")
        #expect(bounded.stderr.contains("  branch screen 'keypad' on open #2: the search stopped before it"), "\(bounded.stderr)")
        for covered in ["screen door/inside:", "action open on door/keypad:", "on open #1"] {
            #expect(!bounded.stderr.contains(covered), "\(covered) is covered by the case: \(bounded.stderr)")
        }
    }

    /// A search that would run for hours stops at SIGINT, exits 130 and writes nothing.
    @Test func aSignalStopsTheSearchAndNothingIsWritten() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        // Each `add` makes `total` a new number, which a guard reads: the states never merge.
        try Data("""
        version: 1
        flow: endless
        start: s
        variables: { total: 0 }
        screens:
          s:
            fields:
              - { id: digit, type: integer, required: true, min: 0, max: 2 }
            actions: [add]
            on:
              add:
                - when: total == -1
                  replace: t
                - set: { total: total * 3 + digit }
                  push: s
          t: { terminal: true }
        """.utf8).write(to: directory.appendingPathComponent("endless.yaml"))
        let process = Process()
        process.executableURL = FlowrunProcess.executable
        process.arguments = ["test", "--generate", "endless.yaml", "--max-states", "100000000"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted after searching"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("endless.flowtest.yaml").path))
    }

    @Test func generateNeverOverwritesWithoutForce() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("mine.flowtest.yaml")
        try Data("hand-written".utf8).write(to: output)
        let refused = try FlowrunProcess.run(["test", "--generate", "Flows/notes.yaml", "-o", output.path], directory: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--force"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "hand-written")
        let forced = try FlowrunProcess.run(["test", "--generate", "Flows/notes.yaml", "-o", output.path, "--force"], directory: root)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("cases:"))
    }
}
