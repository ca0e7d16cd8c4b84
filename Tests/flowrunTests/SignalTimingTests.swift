import Foundation
import Testing
import TestSupport

/// SIGINT and SIGTERM are never lost: one sent at any moment of start-up ends the run.
@Suite struct SignalTimingTests {
    static let oneField = """
        version: 1
        flow: app
        start: s
        screens:
          s:
            fields: [{ id: code }]
            terminal: true
        """

    /// Runs a Python driver that prints one JSON object, with `flowrun` as argv[1].
    private static func drive(_ script: String, in directory: URL) throws -> [String: Any] {
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, FlowrunProcess.executable.path],
                                            directory: directory, timeout: 120)
        guard let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any] else {
            throw DriverFailed(stderr: outcome.stderr)
        }
        return object
    }

    struct DriverFailed: Error {
        let stderr: String
    }

    /// An evaluation that takes long (sixteen million steps of a macro inside a macro)
    /// looks for a signal as it goes: SIGTERM ends the run at once, not when it is done.
    @Test func aSignalEndsALongEvaluationAtOnce() throws {
        let list = "[" + (1...4000).map(String.init).joined(separator: ", ") + "]"
        let directory = try FlowrunProcess.folder(holding: """
            version: 1
            flow: app
            start: s
            variables: { l: \(list) }
            screens:
              s:
                actions: [go, quit]
                on:
                  go: { say: "{{ l.exists(x, l.exists(y, x + y < 0)) }}" }
            """)
        let result = try Self.drive("""
            import json, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "f.yaml", "--output", "none"], stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            process.stdin.write(b"go\\n")
            process.stdin.flush()
            time.sleep(0.5)
            sent = time.monotonic()
            process.send_signal(signal.SIGTERM)
            status = process.wait(timeout=60)
            print(json.dumps({"status": status, "seconds": time.monotonic() - sent}))
            """, in: directory)
        #expect(result["status"] as? Int == 143)
        #expect((result["seconds"] as? Double ?? 99) < 0.9, "\(result)")
    }

    /// A `when` cut short by SIGINT is not false: the run stops there, as at a prompt
    /// (130, the state saved), and the next branch's program never starts.
    @Test func aSignalDuringAConditionStartsNoOtherBranchsProgram() throws {
        let directory = try FlowrunProcess.folder(holding: """
            version: 1
            flow: app
            start: s
            variables: { out: {}, l: [\((1...8192).map(String.init).joined(separator: ", "))] }
            screens:
              s:
                actions: [go, quit]
                on:
                  go:
                    - when: "l.all(x, !l.exists(y, y < 0))"
                      say: "the slow branch held"
                    - run: { command: [touch, marker], into: out }
                      say: "the fallback ran"
            """)
        let result = try Self.drive("""
            import json, os, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "--trust", "f.yaml", "--state", "st.json", "--output", "json"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            process.stdin.write(b"go\\n")
            process.stdin.flush()
            time.sleep(0.5)
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=60)
            print(json.dumps({"status": process.returncode, "stderr": stderr.decode(), "marker": os.path.exists("marker"),
                              "saved": os.path.exists("st.json")}))
            """, in: directory)
        #expect(result["status"] as? Int == 130, "\(result)")
        #expect(result["marker"] as? Bool == false, "the fallback's program ran: \(result)")
        let stderr = result["stderr"] as? String ?? ""
        #expect(!stderr.contains("counted as false") && !stderr.contains("branch held") && !stderr.contains("fallback ran"), "\(stderr)")
        #expect(stderr.contains("interrupted; progress saved in st.json"), "\(stderr)")
    }

    /// A flow whose screen `t` takes seconds to show while `SLOW` is set (its title then
    /// reads sixteen million steps of a macro inside a macro); `s` asks a name and pushes
    /// `t` on `go`.
    private static let slowSecondScreen = """
        version: 1
        flow: app
        start: s
        env: [SLOW]
        variables: { l: [\((1...4000).map(String.init).joined(separator: ", "))] }
        screens:
          s:
            fields: [{ id: name }]
            actions: [go]
            on:
              go: { push: t }
          t:
            title: "{{ env.SLOW != null && l.exists(x, l.exists(y, x + y < 0)) }}"
            fields: [{ id: other }]
            actions: [quit]
        """

    /// A signal while a step is under way (here `go`, showing `t`) cuts it short, and the
    /// step is undone: the state saved is the one before `go`, so a resume takes `go`
    /// again and asks `t`'s field, rather than showing `t` with its fields skipped.
    @Test func aStepASignalCutsShortIsUndone() throws {
        let directory = try FlowrunProcess.folder(holding: Self.slowSecondScreen)
        let result = try Self.drive("""
            import json, os, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "--plain", "f.yaml", "--state", "st.json", "--output", "none"],
                                       stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       env=dict(os.environ, SLOW="1"))
            process.stdin.write(b"ada\\ngo\\n")
            process.stdin.flush()
            time.sleep(1.0)
            process.send_signal(signal.SIGTERM)
            stderr = process.communicate(timeout=60)[1].decode()
            resumed = subprocess.run([sys.argv[1], "run", "--plain", "f.yaml", "--state", "st.json", "--resume", "--output", "json"],
                                     input=b"go\\nbob\\nquit\\n", capture_output=True, timeout=120)
            print(json.dumps({"status": process.returncode, "stderr": stderr,
                              "values": json.loads(resumed.stdout)["values"]["app"]}))
            """, in: directory)
        #expect(result["status"] as? Int == 143, "\(result)")
        #expect((result["stderr"] as? String ?? "").contains("interrupted; progress saved in st.json"), "\(result)")
        let values = result["values"] as? [String: Any] ?? [:]
        #expect(values["name"] as? String == "ada", "\(result)")
        #expect(values["other"] as? String == "bob", "the resumed run did not ask t's field: \(result)")
    }

    /// A signal while the run starts (the first screen's title takes seconds) undoes the
    /// start: nothing ran and nothing was answered, so no state is written, and stderr
    /// does not claim one was.
    @Test func aStartASignalCutsShortSavesNoState() throws {
        let directory = try FlowrunProcess.folder(holding: Self.slowSecondScreen.replacingOccurrences(of: "start: s", with: "start: t"))
        let result = try Self.drive("""
            import json, os, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "--plain", "f.yaml", "--state", "st.json", "--output", "none"],
                                       stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       env=dict(os.environ, SLOW="1"))
            time.sleep(1.0)
            process.send_signal(signal.SIGTERM)
            stderr = process.communicate(timeout=60)[1].decode()
            print(json.dumps({"status": process.returncode, "stderr": stderr, "saved": os.path.exists("st.json")}))
            """, in: directory)
        #expect(result["status"] as? Int == 143, "\(result)")
        #expect(result["saved"] as? Bool == false, "\(result)")
        let stderr = result["stderr"] as? String ?? ""
        #expect(stderr.contains("interrupted") && !stderr.contains("progress saved"), "\(stderr)")
    }

    /// After SIGINT at a prompt, the result document's computed values are evaluated
    /// whole: a macro there is not cut short by the signal already received.
    @Test func theResultAfterASignalHoldsComputedValues() throws {
        let directory = try FlowrunProcess.folder(holding: """
            version: 1
            flow: app
            start: s
            computed:
              doubled: "[1, 2, 3].map(x, x * 2)"
            screens:
              s:
                fields: [{ id: name }]
                actions: [quit]
            """)
        let result = try Self.drive("""
            import json, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "f.yaml", "--output", "json"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            time.sleep(0.3)
            process.send_signal(signal.SIGINT)
            stdout, _ = process.communicate(timeout=20)
            print(json.dumps({"status": process.returncode, "result": json.loads(stdout)}))
            """, in: directory)
        #expect(result["status"] as? Int == 130, "\(result)")
        let values = (result["result"] as? [String: Any])?["values"] as? [String: Any]
        #expect((values?["app"] as? [String: Any])?["doubled"] as? [Int] == [2, 4, 6], "\(result)")
    }

    /// 200 runs, each sent SIGTERM or SIGINT between 0 and 15 ms after it started, with
    /// stdin open and silent: every one ends (by the signal, or with 130/143), none waits
    /// for input that never comes.
    @Test func aSignalAtAnyMomentOfStartUpEndsTheRun() throws {
        let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name }]\n    terminal: true\n")
        let result = try Self.drive("""
            import json, os, random, signal, subprocess, sys, time
            random.seed(7)
            hung, odd = [], []
            for trial in range(200):
                number = random.choice([signal.SIGTERM, signal.SIGINT])
                process = subprocess.Popen([sys.argv[1], "run", "f.yaml", "--output", "none"], stdin=subprocess.PIPE,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(random.uniform(0, 0.015))
                process.send_signal(number)
                try:
                    status = process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    hung.append(trial)
                    process.kill()
                    process.wait()
                    continue
                if status not in (-number, 128 + number):
                    odd.append([trial, status])
                process.stdin.close()
            print(json.dumps({"hung": hung, "odd": odd}))
            """, in: directory)
        #expect((result["hung"] as? [Int]) == [], "runs that waited for input after a signal: \(result)")
        #expect((result["odd"] as? [[Int]])?.isEmpty == true, "runs that ended otherwise: \(result)")
    }

    /// While the answers load (here from a FIFO whose writer never finishes), a signal
    /// ends the process as by default: no run has begun, nothing is saved.
    @Test func aSignalWhileTheAnswersLoadEndsTheProcess() throws {
        let directory = try FlowrunProcess.folder(holding: Self.oneField)
        #expect(mkfifo(directory.appendingPathComponent("answers.yaml").path, 0o600) == 0)
        let result = try Self.drive("""
            import json, os, signal, subprocess, sys, time
            # Held open for writing before flowrun opens it, so its read waits for the rest.
            writer = os.open("answers.yaml", os.O_RDWR)
            os.write(writer, b"name: ")
            process = subprocess.Popen([sys.argv[1], "run", "f.yaml", "--answers", "answers.yaml"], stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.5)
            process.send_signal(signal.SIGTERM)
            print(json.dumps({"status": process.wait(timeout=10)}))
            """, in: directory)
        #expect(result["status"] as? Int == -15, "ended by SIGTERM, not a message: \(result)")
    }

    /// SIGHUP (the terminal closed, the SSH connection dropped) and SIGQUIT stop a run as
    /// SIGTERM does, while it waits on a program: the program and what it started are
    /// killed, the state saved, the result printed, and the exit status is 128 + the
    /// signal's number. Each is sent with its default action restored first, as a shell
    /// would leave it.
    @Test(arguments: [("SIGHUP", 129), ("SIGQUIT", 131)])
    func aHangUpOrAQuitStopsTheRunAndItsProgram(signal name: String, status: Int) throws {
        let flow = TrustedCommandTests.flow("sh, -c, 'sleep 30 & echo $! > child.pid; wait'")
        let directory = try FlowrunProcess.folder(holding: flow)
        let result = try Self.drive("""
            import json, os, signal, subprocess, sys, time
            number = signal.\(name)
            process = subprocess.Popen([sys.argv[1], "run", "--trust", "f.yaml", "--state", "st.json"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       preexec_fn=lambda: signal.signal(number, signal.SIG_DFL))
            process.stdin.write(b"hunter2\\ngo\\n")
            process.stdin.flush()
            for _ in range(100):
                if os.path.exists("child.pid") and open("child.pid").read().strip():
                    break
                time.sleep(0.05)
            time.sleep(0.1)
            process.send_signal(number)
            stdout, stderr = process.communicate(timeout=20)
            print(json.dumps({"status": process.returncode, "stdout": stdout.decode(), "stderr": stderr.decode(),
                              "child": int(open("child.pid").read())}))
            """, in: directory)
        #expect(result["status"] as? Int == status, "\(result)")
        #expect((result["stdout"] as? String)?.contains(#""status" : "interrupted""#) == true, "the result is printed: \(result)")
        #expect((result["stderr"] as? String)?.contains("interrupted; progress saved in st.json") == true, "\(result)")
        let child = try #require(result["child"] as? Int)
        #expect(TrustedCommandTests.isGoneOrDefunct(Int32(child)), "the program's child \(child) outlived the run")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("st.json").path))
    }

    /// A run started under `nohup` (SIGHUP ignored) goes on when the terminal closes.
    @Test func aRunStartedUnderNohupIgnoresAHangUp() throws {
        let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name }]\n    terminal: true\n")
        let result = try Self.drive("""
            import json, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "f.yaml"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
            time.sleep(0.3)
            process.send_signal(signal.SIGHUP)
            time.sleep(0.1)
            stdout, _ = process.communicate(b"Ada\\n", timeout=20)
            print(json.dumps({"status": process.returncode, "stdout": stdout.decode()}))
            """, in: directory)
        #expect(result["status"] as? Int == 0, "\(result)")
        #expect((result["stdout"] as? String)?.contains(#""name" : "Ada""#) == true, "\(result)")
    }
}
