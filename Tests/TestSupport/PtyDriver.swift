import Foundation

/// Runs `flowrun run` on a real pseudo-terminal through `Tests/Tools/pty_drive.py`:
/// keys in, the screen as a person sees it out, and the terminal's modes compared
/// before and after.
public enum PtyDriver {
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/Tools/pty_drive.py").path

    public static let down = "\u{1B}[B", left = "\u{1B}[D", escape = "\u{1B}", enter = "\r", tab = "\t", backTab = "\u{1B}[Z"

    /// What the run showed and how it ended.
    public struct Screen: Decodable, Sendable {
        public let screen: String
        /// What a person reads on the terminal at the end, scroll-back included: the
        /// output as a terminal draws it (cursor movements and erasures applied, colours
        /// dropped), one line per row.
        public let rendered: String
        public let stdout: String
        public let status: Int
        /// The first `expect` step whose text never appeared, or nil.
        public let expect_failed: String?
        public let terminal_restored: Bool

        /// The result document the run printed on stdout.
        public func result() throws -> [String: Any] {
            guard let document = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw ResultMissing(stdout: stdout)
            }
            return document
        }

        /// The variables of the flow `app` in the result document.
        public func appValues() throws -> [String: Any] {
            guard let values = (try result()["values"] as? [String: Any])?["app"] as? [String: Any] else { throw ResultMissing(stdout: stdout) }
            return values
        }
    }

    /// The run printed no result document with values of `app`.
    public struct ResultMissing: Error {
        public let stdout: String
    }

    public enum Step: Sendable {
        case send(String)
        /// Bytes as they are, which need not be UTF-8.
        case sendBytes([UInt8])
        case expect(String)
        case wait(Int)
        case signal(String)
        case resize(rows: Int, columns: Int)
        /// The terminal closed, as its window is: nothing can be typed after it.
        case hangUp

        var json: [String: Any] {
            switch self {
            case .send(let keys): ["send": keys]
            case .sendBytes(let bytes): ["send_bytes": bytes.map(Int.init)]
            case .expect(let text): ["expect": text]
            case .wait(let milliseconds): ["wait": milliseconds]
            case .signal(let name): ["signal": name]
            case .resize(let rows, let columns): ["resize": [rows, columns]]
            case .hangUp: ["hangup": true]
            }
        }
    }

    /// Writes `flow` to `f.yaml` in a new folder and runs `flowrun run f.yaml ARGUMENTS`
    /// there, taking the steps in order. With `stdoutOnTerminal`, the result document is
    /// written on the terminal too (`Screen.stdout` is then empty).
    public static func drive(_ steps: [Step], flow: String, arguments: [String] = [], environment: [String: String] = [:],
                             stdoutOnTerminal: Bool = false) throws -> Screen {
        let directory = try FlowrunProcess.folder(holding: flow)
        return try drive(steps, in: directory, arguments: ["f.yaml"] + arguments, environment: environment, stdoutOnTerminal: stdoutOnTerminal)
    }

    /// Runs `flowrun run ARGUMENTS` in `directory`, taking the steps in order.
    public static func drive(_ steps: [Step], in directory: URL, arguments: [String], environment: [String: String] = [:],
                             stdoutOnTerminal: Bool = false) throws -> Screen {
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps.map(\.json)), as: UTF8.self)
        let options = stdoutOnTerminal ? ["--stdout-on-terminal"] : []
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", script] + options + [stepsJSON, FlowrunProcess.executable.path, "run"] + arguments,
                                            directory: directory, environment: environment, timeout: 60)
        return try JSONDecoder().decode(Screen.self, from: Data(outcome.stdout.utf8))
    }
}
