import Foundation
import Testing
import TestSupport

/// Plain mode reads stdin as UTF-8 text, as typed: a byte order mark at the
/// start is not part of the first answer, and bytes that are not UTF-8 stop a scripted
/// run rather than becoming U+FFFD in an answer.
@Suite struct StdinTextTests {
    static let flow = """
    version: 1
    flow: t
    start: s
    screens:
      s:
        fields: [{ id: name }, { id: city }]
        actions: [done]
        on: { done: { finish: true } }
    """

    @Test func aLeadingByteOrderMarkIsNotPartOfTheFirstAnswer() throws {
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "\u{FEFF}Ada\nParis\ndone\n", directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let values = try #require((document["values"] as? [String: [String: Any]])?["t"])
        // Compared scalar by scalar: String's == may not tell a U+FEFF apart.
        #expect((values["name"] as? String).map { Array($0.unicodeScalars) } == Array("Ada".unicodeScalars))
        #expect(!outcome.stdout.unicodeScalars.contains("\u{FEFF}"))
    }

    /// Spec §11 1.2: a line of input over 1 MiB is refused, and the next line answers.
    @Test func aLineOverOneMebibyteIsRefusedAndTheNextLineAnswers() throws {
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "\(long)\nAda\nParis\ndone\n",
                                             directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(outcome.status == 0, "\(outcome.stderr.prefix(500))")
        #expect(outcome.stderr.contains("! That line is longer than 1 MiB, the limit of a line of input."), "\(outcome.stderr.prefix(500))")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let values = try #require((document["values"] as? [String: [String: Any]])?["t"])
        #expect(values["name"] as? String == "Ada")
        #expect(values["city"] as? String == "Paris")
        let exact = String(repeating: "y", count: 1 << 20)
        let kept = try FlowrunProcess.run(["run", "f.yaml"], stdin: "\(exact)\nParis\ndone\n",
                                          directory: try FlowrunProcess.folder(holding: Self.flow))
        #expect(kept.status == 0, "a line of exactly 1 MiB is taken")
        #expect(!kept.stderr.contains("longer than 1 MiB"))
    }

    @Test func aLineThatIsNotUTF8StopsAScriptedRun() throws {
        let directory = try FlowrunProcess.folder(holding: Self.flow)
        var input = Data("Ada\nPar".utf8)
        input.append(contentsOf: [0xFF, 0xE9])
        input.append(Data("s\ndone\n".utf8))
        let outcome = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json"], stdin: input, directory: directory)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("line 2 of stdin is not valid UTF-8"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("\u{FFFD}"), "the bytes are not replaced: \(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(document["status"] as? String == "failed")
        #expect(document["exit_code"] as? Int == 65)
        let values = try #require((document["values"] as? [String: [String: Any]])?["t"])
        #expect(values["name"] as? String == "Ada", "what was answered before is kept")
        #expect(values["city"] is NSNull)
        let resumed = try FlowrunProcess.run(["run", "f.yaml", "--state", "s.json", "--resume"], stdin: "Paris\ndone\n", directory: directory)
        #expect(resumed.status == 0, "the run goes on from the refused question: \(resumed.stderr)")
    }

    /// At a terminal a person can type the line again: it is refused and asked again.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: terminal tests need its pty module"))
    func aLineThatIsNotUTF8IsAskedAgainAtATerminal() throws {
        let screen = try PtyDriver.drive([.expect("Name"), .send("Ada\r"), .expect("City"), .sendBytes([0x50, 0xFF, 0x0D]),
                                          .expect("not valid UTF-8"), .send("Paris\r"), .expect("Actions"), .send("done\r")],
                                         flow: Self.flow, arguments: ["--plain"])
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.status == 0, "\(screen.screen)")
        #expect(screen.screen.contains("! That line is not valid UTF-8 (is the terminal set to UTF-8?); type it again.\r\nCity: "), "\(screen.screen)")
        let values = try #require((try screen.result()["values"] as? [String: [String: Any]])?["t"])
        #expect(values["city"] as? String == "Paris")
    }

    /// In the terminal form, a key that is not UTF-8 is not typed; the form says why.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: terminal tests need its pty module"))
    func aKeyThatIsNotUTF8IsNotTypedInTheForm() throws {
        let screen = try PtyDriver.drive([.expect("Name"), .send("Ad"), .sendBytes([0xFF]), .expect("not UTF-8 text"), .send("a\r"),
                                          .expect("City"), .send("Paris\r"), .expect("Done"), .send("\r")], flow: Self.flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        #expect(screen.status == 0, "\(screen.screen)")
        let values = try #require((try screen.result()["values"] as? [String: [String: Any]])?["t"])
        #expect((values["name"] as? String).map { Array($0.unicodeScalars) } == Array("Ada".unicodeScalars))
    }

    /// The keys after a byte that is not UTF-8, arriving with it, are typed: only that byte is dropped.
    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: terminal tests need its pty module"))
    func theKeysAfterAByteThatIsNotUTF8AreTyped() throws {
        let screen = try PtyDriver.drive([.expect("Name"), .sendBytes([0x41, 0x64, 0xFF, 0x61, 0x6D, 0xC3, 0x28]), .expect("not UTF-8 text"),
                                          .send("\r"), .expect("City"), .send("Paris\r"), .expect("Done"), .send("\r")], flow: Self.flow)
        #expect(screen.expect_failed == nil, "\(screen.screen)")
        let values = try #require((try screen.result()["values"] as? [String: [String: Any]])?["t"])
        #expect(values["name"] as? String == "Adam(", "\(values)")
    }

    @Test func aLongLineIsReadWhole() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: long + "\n\n\ndone\n", directory: try FlowrunProcess.folder(holding: RunCommandTests.form))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let values = try #require(document["values"] as? [String: [String: Any]])
        #expect((values["app"]?["name"] as? String)?.count == 1_000_000)
    }
}
