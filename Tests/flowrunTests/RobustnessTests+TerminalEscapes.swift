import Foundation
import Testing
import TestSupport
import FlowYAML

extension RobustnessTests {
    /// No escape sequence from a flow, an answer, the environment or a test file reaches a
    /// terminal: every source a run, `validate`, `test`, `graph` and `chain` can show is
    /// given a payload that would write the clipboard (OSC 52), ask the terminal to answer
    /// (DSR), clear the screen through a one-character CSI (U+009B) and ring the bell, and
    /// nothing flowrun writes may hold ESC, BEL, DEL or U+009B.
    @Suite struct TerminalEscapes {
        /// As YAML writes it in a double-quoted scalar.
        static let payloadYAML = #"\e]52;c;cHduZWQ=\a\e[5n\u009b2J\x7f\u202e"#
        /// As a process receives it (an answer, an argument, the environment).
        static let payload = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[5n\u{9B}2J\u{7F}\u{202E}"

        /// A flow that shows the payload from every place a flow can put text.
        static let flow = """
            version: 1
            flow: evil
            title: "flow \(payloadYAML)"
            start: first
            env: [EVIL]
            variables:
              initial: "variable \(payloadYAML)"
            on:
              go: { when: "initial != 'when \(payloadYAML)'", say: "say \(payloadYAML) {{ initial }} {{ env.EVIL }} {{ name }} {{ preset }}", push: last }
              stop: { exit: { code: 4, message: "exit \(payloadYAML) {{ name }}" } }
            screens:
              first:
                title: "screen \(payloadYAML)"
                text: "text \(payloadYAML) {{ initial }}"
                fields:
                  - id: name
                    label: "label \(payloadYAML)"
                    help: "help \(payloadYAML)"
                    placeholder: "placeholder \(payloadYAML)"
                    pattern: "^[a-z]+$"
                  - id: preset
                    label: "preset"
                  - id: pick
                    type: choice
                    options:
                      - { value: a, label: "option \(payloadYAML)" }
                      - { value: b }
                  - id: computed
                    type: choice
                    options: "[initial]"
                actions:
                  - { id: go, label: "action \(payloadYAML)" }
              last:
                text: "last {{ name }} {{ preset }}"
                actions: [stop]
            """

        static func expectNothingDrivesATerminal(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            for (scalar, name) in [("\u{1B}", "ESC"), ("\u{07}", "BEL"), ("\u{9B}", "CSI"), ("\u{7F}", "DEL"), ("\u{202E}", "RLO")] as [(Unicode.Scalar, String)] {
                #expect(!text.unicodeScalars.contains(scalar), "\(what) holds \(name): \(text.debugDescription)", sourceLocation: sourceLocation)
            }
        }

        @Test func aPlainRunShowsEverySourceEscaped() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            // The typed answer is refused by the pattern (the refusal quotes it), then a good one.
            let input = ["bad" + Self.payload, "good", "1", "1", "go", "stop"].joined(separator: "\n") + "\n"
            for format in ["json", "yaml"] {
                let run = try FlowrunProcess.run(["run", "f.yaml", "--set", "preset=set " + Self.payload, "--output", format],
                                                 stdin: input, directory: directory, environment: ["EVIL": "env " + Self.payload])
                #expect(run.status == 4, "\(run.stderr)")
                for shown in ["flow", "screen", "text", "label", "help", "option", "action", "say", "variable", "env", "exit", "bad"] {
                    #expect(run.stderr.contains(shown + " \\u{1b}]52;c;cHduZWQ=\\u{7}\\u{1b}[5n\\u{9b}2J\\u{7f}\\u{202e}")
                            || run.stderr.contains(shown + "\\u{1b}]52"), "the \(shown) is shown, escaped visibly")
                }
                #expect(run.stderr.contains("set \\u{1b}]52"), "a --set value shown by a template is escaped")
                Self.expectNothingDrivesATerminal(run.stderr, "stderr")
                Self.expectNothingDrivesATerminal(run.stdout, "the \(format) result")
                // Every input here is UTF-8: a U+FFFD would stand for a raw byte (0x9B alone) written out.
                #expect(!(run.stderr + run.stdout).contains("\u{FFFD}"), "a byte that is not UTF-8 was written")
                #expect(run.stdout.contains("cHduZWQ"), "the result keeps the value itself")
            }
        }

        @Test func messagesThatQuoteInputAreEscaped() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            let unknownKey = try FlowrunProcess.run(["run", "f.yaml", "--set", "key" + Self.payload + "=1"], directory: directory)
            #expect(unknownKey.status == 2)
            Self.expectNothingDrivesATerminal(unknownKey.stderr, "an unknown --set key's message")
            try Data(("\"key\(Self.payloadYAML)\": 1\n").utf8).write(to: directory.appendingPathComponent("answers.yaml"))
            let answers = try FlowrunProcess.run(["run", "f.yaml", "--answers", "answers.yaml"], directory: directory)
            #expect(answers.status == 2)
            Self.expectNothingDrivesATerminal(answers.stderr, "an unknown answers key's message")
            let missing = try FlowrunProcess.run(["run", "missing" + Self.payload + ".yaml"], directory: directory)
            #expect(missing.status != 0)
            Self.expectNothingDrivesATerminal(missing.stderr, "a missing file's message")
        }

        @Test(arguments: ["text", "github", "json", "sarif", "junit"])
        func validateEscapesKeysAndNames(format: String) throws {
            let directory = try FlowrunProcess.temporaryDirectory()
            let name = "f" + Self.payload + ".yaml"
            let broken = "version: 1\nflow: evil\nstart: s\n\"key\(Self.payloadYAML)\": 1\nscreens:\n  s: { terminal: true, text: \"\(Self.payloadYAML) {{ nope\(Self.payloadYAML) }}\" }\n"
            try Data(broken.utf8).write(to: directory.appendingPathComponent(name))
            let outcome = try FlowrunProcess.run(["validate", "--format", format, name], directory: directory)
            #expect(outcome.status == 1, "\(outcome.stdout)")
            #expect(outcome.stdout.contains("key"), "the unknown key is reported")
            Self.expectNothingDrivesATerminal(outcome.stdout, "validate --format \(format)")
            Self.expectNothingDrivesATerminal(outcome.stderr, "validate's stderr")
            // What a JSON reader decodes (`jq -r`): the words hold the visible escape, not
            // the control character JSON's `\u001b` stands for.
            if format == "json" || format == "sarif" {
                let decoded = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
                // The file's name is data, which names the file as it is.
                Self.expectNothingDrivesATerminal(Self.strings(in: decoded).filter { $0 != name }.joined(separator: "\n"),
                                                  "validate --format \(format), decoded")
            }
        }

        /// Every string in a decoded JSON document.
        static func strings(in document: Any) -> [String] {
            switch document {
            case let text as String: [text]
            case let array as [Any]: array.flatMap(strings)
            case let object as [String: Any]: object.values.flatMap(strings)
            default: []
            }
        }

        @Test func testCaseNamesAndFailuresAreEscaped() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            let tests = """
                flow: f.yaml
                cases:
                  - name: "case \(Self.payloadYAML)"
                    input: [good, "", "1", "1", go]
                    expect:
                      said: ["said \(Self.payloadYAML)"]
                """
            // The test file's own name carries the payload too: reports show it with each position.
            let name = "f" + Self.payload + ".flowtest.yaml"
            try Data(tests.utf8).write(to: directory.appendingPathComponent(name))
            for format in ["text", "junit"] {
                let outcome = try FlowrunProcess.run(["test", "--format", format, name], directory: directory, environment: ["EVIL": Self.payload])
                #expect(outcome.status == 1, "the expectation fails: \(outcome.stdout)\(outcome.stderr)")
                #expect((outcome.stdout + outcome.stderr).contains("case \\u{1b}]52"), "the case name is shown, escaped")
                Self.expectNothingDrivesATerminal(outcome.stdout, "test --format \(format)'s stdout")
                Self.expectNothingDrivesATerminal(outcome.stderr, "test --format \(format)'s stderr")
            }
        }

        /// The transcript is JSON Lines, read by tools and by people (`tail -f`): every
        /// text in it (a screen's title, an answer, a message) has its control characters
        /// and bidirectional overrides as `\u` escapes, and still reads back as the text.
        @Test func theTranscriptEscapesWhatItRecords() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            let input = ["bad" + Self.payload, "good", "1", "1", "go", "stop"].joined(separator: "\n") + "\n"
            let run = try FlowrunProcess.run(["run", "f.yaml", "--set", "preset=set " + Self.payload, "--transcript", "t.jsonl", "--output", "none"],
                                             stdin: input, directory: directory, environment: ["EVIL": "env " + Self.payload])
            #expect(run.status == 4, "\(run.stderr)")
            let transcript = try String(contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
            Self.expectNothingDrivesATerminal(transcript, "the transcript")
            let lines = try transcript.split(separator: "\n").map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            let typed = lines.compactMap { $0["line"] as? String }
            #expect(typed.contains("bad" + Self.payload), "the answer as typed reads back: \(typed)")
            #expect(lines.contains { ($0["message"] as? String)?.hasPrefix("exit ") == true }, "the end's message is recorded")
        }

        /// swift-argument-parser quotes a bad option value in its usage error: escaped too.
        @Test func usageErrorsEscapeTheValuesTheyQuote() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            for arguments in [["run", "--output", Self.payload, "f.yaml"], ["validate", "--format", Self.payload, "f.yaml"]] {
                let outcome = try FlowrunProcess.run(arguments, directory: directory)
                #expect(outcome.status == 64, "\(outcome.stderr)")
                #expect(outcome.stderr.contains("\\u{1b}]52"), "the value is shown, escaped: \(outcome.stderr)")
                Self.expectNothingDrivesATerminal(outcome.stderr, "the usage error of \(arguments.first ?? "")")
            }
            let help = try FlowrunProcess.run(["run", "--help"], directory: directory)
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: flowrun run"), "help still goes to stdout: \(help.stdout)")
        }

        @Test func graphAndChainEscapeWhatTheyShow() throws {
            let directory = try FlowrunProcess.folder(holding: Self.flow)
            for arguments in [["graph", "f.yaml"], ["graph", "--format", "mermaid", "f.yaml"], ["chain", "f.yaml", "first"]] {
                let outcome = try FlowrunProcess.run(arguments, directory: directory)
                // As a visible escape (its backslash doubled in Graphviz's labels).
                #expect(outcome.stdout.contains("when initial != 'when \\") && outcome.stdout.contains("u{1b}]52;c;"), "the guard is shown: \(outcome.stdout)")
                Self.expectNothingDrivesATerminal(outcome.stdout, arguments.joined(separator: " "))
                Self.expectNothingDrivesATerminal(outcome.stderr, arguments.joined(separator: " "))
            }
        }

        /// The terminal UI: the screen receives flowrun's own sequences (colour, cursor), never
        /// the flow's, and the payload is shown as text.
        @Test func theTerminalUIShowsThePayloadAsText() throws {
            let screen = try PtyDriver.drive([.expect("label"), .send("good" + PtyDriver.enter), .expect("preset"), .send(PtyDriver.enter),
                                              .expect("option"), .send(PtyDriver.enter), .send(PtyDriver.enter), .expect("action"),
                                              .send(PtyDriver.enter), .expect("last"), .send(PtyDriver.enter)],
                                             flow: Self.flow, environment: ["EVIL": "env " + Self.payload])
            #expect(screen.expect_failed == nil, "\(screen.screen)")
            for sequence in ["\u{1B}]52", "\u{1B}[5n", "\u{9B}", "\u{07}", "\u{7F}"] {
                #expect(!screen.screen.contains(sequence), "the flow's \(sequence.debugDescription) reached the terminal")
            }
            #expect(screen.screen.contains("label \\u{1b}]52"), "the label is shown with its escape visible")
            #expect(screen.screen.contains("say \\u{1b}]52"), "the say message is shown with its escape visible")
            #expect(screen.terminal_restored)
        }

        /// With stderr sent to a file, even with stdin on a terminal, the run is plain: the
        /// log holds no cursor control and no colour.
        @Test func stderrThatIsNotATerminalGetsNoCursorControl() throws {
            let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name }]\n    actions: [done]\non:\n  done: { exit: { code: 0 } }\n")
            let log = directory.appendingPathComponent("log")
            let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", """
                import os, pty, sys
                pid, fd = pty.fork()
                if pid == 0:
                    os.dup2(os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
                    os.execv(sys.argv[1], [sys.argv[1], "run", "f.yaml"])
                os.write(fd, b"Ada\\rdone\\r")
                out = b""
                while True:
                    try:
                        chunk = os.read(fd, 4096)
                    except OSError:
                        break
                    if not chunk:
                        break
                    out += chunk
                _, status = os.waitpid(pid, 0)
                sys.exit(os.waitstatus_to_exitcode(status))
                """, FlowrunProcess.executable.path, log.path], directory: directory, timeout: 30)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let written = try String(contentsOf: log, encoding: .utf8)
            #expect(written.contains("Name"), "the prompt went to the log: \(written.debugDescription)")
            Self.expectNothingDrivesATerminal(written, "the stderr log")
        }
    }
}
