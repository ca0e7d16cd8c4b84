import Foundation
import Testing
import TestSupport

/// An output that cannot be written (cli.md 1.1): every command whose result goes to
/// stdout, and `run`'s `--transcript`, `--state` and `test -o`, say what could not be
/// written and exit 74 (`EX_IOERR`) instead of 0. `/dev/full` takes nothing: every
/// write to it fails with ENOSPC, as a full disk's would.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is absent: a full device cannot be simulated"))
struct OutputFailureTests {
    private let flows = Fixtures.packageRoot.appendingPathComponent("Flows")

    /// Runs `flowrun arguments…` with stdout sent to /dev/full, through the shell.
    private func intoFullDevice(_ arguments: [String], stdin: String = "") throws -> ProcessRunner.Outcome {
        try ProcessRunner.run("/bin/sh", ["-c", "\"$0\" \"$@\" > /dev/full", FlowrunProcess.executable.path] + arguments,
                              stdin: stdin, directory: flows)
    }

    @Test(arguments: [
        ["schema"], ["schema", "--tests"], ["validate", "."], ["test", "."], ["chain", "signin.yaml", "profile"],
        ["graph", "signin.yaml"], ["test", "--generate", "notes.yaml", "-o", "-"],
    ])
    func aResultThatCannotBeWrittenExits74(arguments: [String]) throws {
        let outcome = try intoFullDevice(arguments)
        #expect(outcome.status == 74, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.contains("flowrun: error: cannot write the result to stdout: No space left on device"), "\(outcome.stderr)")
    }

    @Test func aRunsResultDocumentThatCannotBeWrittenExits74() throws {
        let outcome = try intoFullDevice(["run", "signin.yaml"], stdin: "quit\n")
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write the result to stdout"))
    }

    /// A full disk, for regular files: the shell's file-size limit of 0 makes every write
    /// to one fail (EFBIG), with SIGXFSZ ignored so the write fails rather than kills.
    /// stdout and stderr are pipes, which the limit does not touch.
    @Test func aTranscriptThatCannotBeWrittenExits74AfterTheRun() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let outcome = try ProcessRunner.run("/bin/sh", ["-c", "ulimit -f 0; trap '' XFSZ; exec \"$0\" run \"$1\" --transcript t.jsonl",
                                                        FlowrunProcess.executable.path, flows.appendingPathComponent("signin.yaml").path],
                                            stdin: "quit\n", directory: directory)
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write 't.jsonl': File too large (the transcript is incomplete)"), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"status\" : \"cancelled\""), "the result document is still printed")
    }

    @Test func aGeneratedTestFileThatCannotBeWrittenExits74() throws {
        let outcome = try FlowrunProcess.run(["test", "--generate", "notes.yaml", "-o", "/nonexistent/notes.flowtest.yaml"], directory: flows)
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write '/nonexistent/notes.flowtest.yaml'"))
    }

    /// A file-size limit left as the shell sets it, SIGXFSZ not ignored: the write that
    /// passes it fails and is reported (exit 74), where the signal used to kill flowrun and
    /// leave a torn temporary file beside the state. The state file is then whole or absent.
    @Test func aFileSizeLimitFailsTheWriteWithoutKillingTheRun() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let signin = flows.appendingPathComponent("signin.yaml").path
        let outcome = try ProcessRunner.run("/bin/sh", ["-c", "ulimit -f 1; exec \"$0\" run \"$1\" --state state.json", FlowrunProcess.executable.path, signin],
                                            stdin: "quit\n", directory: directory)
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write 'state.json': File too large"), "\(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != ".state.json.lock" }
        #expect(left.isEmpty, "a torn file was left: \(left)")
        let transcript = try ProcessRunner.run("/bin/sh", ["-c", "ulimit -f 0; exec \"$0\" run \"$1\" --transcript t.jsonl", FlowrunProcess.executable.path, signin],
                                               stdin: "quit\n", directory: directory)
        #expect(transcript.status == 74, "\(transcript.stderr)")
        #expect(transcript.stdout.contains("\"status\" : \"cancelled\""), "the result document is still printed")
    }

    /// A run stopped by a signal says its progress was saved only when the save was made.
    @Test func anInterruptedRunWhoseStateCouldNotBeWrittenDoesNotSayItWasSaved() throws {
        // The first save is small enough; the one after a long answer passes the limit.
        let directory = try FlowrunProcess.folder(holding: """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: a }, { id: b }]
            actions: [quit]
        """)
        let answer = String(repeating: "x", count: 2_000)
        let script = "ulimit -f 1; (printf '\(answer)\\n'; sleep 5) | \"$0\" run f.yaml --state state.json & p=$!; sleep 1; kill -TERM $p; wait $p"
        let outcome = try ProcessRunner.run("/bin/sh", ["-c", script, FlowrunProcess.executable.path], directory: directory)
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write 'state.json': File too large"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("interrupted"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("progress saved"), "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("progress saved"), "the result's message too: \(outcome.stdout)")
    }
}
