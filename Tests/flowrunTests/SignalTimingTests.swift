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

    /// While the answers load (here from a FIFO nobody writes to), a signal ends the
    /// process as by default: no run has begun, nothing is saved.
    @Test func aSignalWhileTheAnswersLoadEndsTheProcess() throws {
        let directory = try FlowrunProcess.folder(holding: Self.oneField)
        #expect(mkfifo(directory.appendingPathComponent("answers.yaml").path, 0o600) == 0)
        let result = try Self.drive("""
            import json, signal, subprocess, sys, time
            process = subprocess.Popen([sys.argv[1], "run", "f.yaml", "--answers", "answers.yaml"], stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.5)
            process.send_signal(signal.SIGTERM)
            print(json.dumps({"status": process.wait(timeout=10)}))
            """, in: directory)
        #expect(result["status"] as? Int == -15, "ended by SIGTERM, not a message: \(result)")
    }
}
