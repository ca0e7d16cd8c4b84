import Foundation
import Testing
import TestSupport

/// No input breaks flowrun: malformed variants of real flow files, fed to `validate`
/// and to `run --plain` with random lines, each end with a documented exit status and
/// a message, never a signal or a hang.
@Suite struct RobustnessTests {
    static let seeds: [Data] = {
        let root = Fixtures.packageRoot
        let paths = ["Flows/signin.yaml", "Flows/browser.yaml", "Flows/notes.yaml",
                     "Tests/FlowKitTests/Fixtures/Diagnostics/clean.yaml"]
        return paths.compactMap { FileManager.default.contents(atPath: root.appendingPathComponent($0).path) }
    }()

    @Test func everySeedIsRead() {
        #expect(Self.seeds.count == 4, "a missing seed file would quietly shrink the damage tests")
    }

    /// The kinds of damage, each a function of a file and the generator.
    static func damaged(_ data: Data, kind: Int, _ rng: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
        switch kind % 10 {
        case 0: bytes = Array(bytes.prefix(at))                                            // truncation
        case 1: for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng) }  // byte flips
        case 2: bytes = Array(String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(repeating: " ", count: Int.random(in: 0...6, using: &rng)) + $0 }.joined(separator: "\n").utf8)  // indentation
        case 3: bytes.insert(contentsOf: Array(("\n" + String(repeating: "x", count: 1 << 20) + "\n").utf8), at: at)  // huge scalar
        case 4: bytes = Array(("version: 1\n" + String(repeating: "k", count: 1 << 20) + ": v\n").utf8) + bytes    // 1 MB key
        case 5: bytes.insert(contentsOf: Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8), at: at)  // deep nesting
        case 6: bytes.insert(0, at: at)                                                    // NUL
        case 7: bytes = bytes.flatMap { $0 == 10 && Bool.random(using: &rng) ? [13, 10] : ($0 == 10 && Bool.random(using: &rng) ? [13] : [$0]) }  // CRLF, CR
        case 8: bytes = [0xEF, 0xBB, 0xBF] + bytes                                         // BOM
        default: bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xE2, 0x82], at: at)          // invalid UTF-8
        }
        return Data(bytes)
    }

    static let lines = ["", "1", "2", "y", "back", "quit", "sign_in", "alice", "wonderland", "submit", "view", "\u{1B}", "9999999999999999999999"]

    @Test(.slow("starts about 240 flowrun processes"), arguments: 0..<10)
    func damagedFilesEndWithADocumentedStatus(kind: Int) throws {
        var rng = SeededGenerator(state: UInt64(kind + 1))
        let directory = try FlowrunProcess.temporaryDirectory()
        for (index, seed) in (Self.seeds + Self.seeds + Self.seeds).enumerated() {
            let file = directory.appendingPathComponent("case\(kind)-\(index).yaml")
            try Self.damaged(seed, kind: kind, &rng).write(to: file)
            let validate = try FlowrunProcess.run(["validate", file.path], timeout: 20)
            #expect(!validate.signalled && !validate.timedOut, "validate on damage \(kind) of seed \(index)")
            #expect([0, 1].contains(validate.status), "validate on damage \(kind) of seed \(index): \(validate.status)")
            #expect(validate.status == 0 || validate.stdout.contains(": error: "), "a failure comes with a diagnostic")
            let input = (0..<40).map { _ in Self.lines.randomElement(using: &rng) ?? "" }.joined(separator: "\n")
            let run = try FlowrunProcess.run(["run", "--plain", file.path, "--output", "none"], stdin: input, timeout: 20)
            #expect(!run.signalled && !run.timedOut, "run on damage \(kind) of seed \(index)")
            // Any status may be the damaged flow's own `exit` code, but never a refused command line.
            #expect(run.status != 64, "run on damage \(kind) of seed \(index)")
            if run.status == 2 { #expect(!run.stderr.isEmpty, "exit 2 comes with a message") }
        }
    }

    /// One line of a script: what is typed, and for a secret's answer, which field it answers.
    struct Line: ExpressibleByStringLiteral {
        let text: String
        let secret: String?
        init(stringLiteral text: String) { (self.text, self.secret) = (text, nil) }
        init(_ text: String, answers field: String) { (self.text, self.secret) = (text, field) }
    }

    static let resumeScripts: [(flow: String, lines: [Line])] = [
        ("signin.yaml", ["sign_in", "alice", Line("guess", answers: "login.password"), "submit", "retry", "",
                         Line("wonderland", answers: "login.password"), "submit", "quit"]),
        ("signin.yaml", ["sign_up", "ada@example.com", "ada", "continue", Line("lovelace1", answers: "signup.new_password"),
                         Line("lovelace1", answers: "signup.password_again"), "y", "create", "", Line("lovelace1", answers: "login.password"),
                         "submit", "quit"]),
        ("browser.yaml", ["2", "view", "2", "add_to_basket", "back", "", "checkout", "pay", "5"]),
        // Ends as its active child ends on a `terminal` screen; `--trust`: it can run a program (never here).
        ("incident.yaml", ["DB down", "api,db", "", "check", "ok", "next", "down", "no connections", "investigate", "pool exhausted", "recovered"]),
        ("notes.yaml", ["Call Bob", "", "", "", "Ada", "review", "save", "add_another", "Water plants", "", "3", "2", "Ada", "review",
                        "back", "", "", "", "", "", "review", "save", "close"]),
    ]

    /// Killed after every line and resumed with the rest (the secrets asked again typed
    /// first): where nothing computed from a secret is lost, the result is the
    /// uninterrupted run's; elsewhere the resume names what it lost before anything else.
    ///
    /// The kill is simulated by input ending after line k (exit 3): the runner saves the
    /// state after every line, and input's end changes nothing in it, so the file is the one
    /// SIGKILL would leave once line k is saved (ResumeTests kills for real, more slowly;
    /// `aRunStoppedByARandomSignal…` sends every signal at random moments). After the last
    /// line the run has ended: its resume prints the result again.
    @Test(.slow("starts about 200 flowrun processes"), arguments: resumeScripts.indices)
    func aRunKilledAtEveryLineResumesToTheSameResultOrSaysWhatItLost(script: Int) throws {
        let (name, lines) = Self.resumeScripts[script]
        let flow = Fixtures.packageRoot.appendingPathComponent("Flows/\(name)").path
        let environment = ["XDG_STATE_HOME": try FlowrunProcess.temporaryDirectory().path]
        let typed = { (lines: ArraySlice<Line>) in lines.map { $0.text + "\n" }.joined() }
        let whole = try FlowrunProcess.run(["run", "--plain", "--trust", flow], stdin: typed(lines[...]), environment: environment)
        let expected = try Self.document(whole.stdout)
        for kill in 0...lines.count {
            let directory = try FlowrunProcess.temporaryDirectory()
            let state = directory.appendingPathComponent("state.json").path
            let first = try FlowrunProcess.run(["run", "--plain", "--trust", flow, "--state", state], stdin: typed(lines.prefix(kill)), environment: environment)
            #expect(first.status == (kill < lines.count ? 3 : whole.status), "\(name), killed after \(kill) lines: \(first.stderr)")
            try Self.expectResume(of: script, from: state, after: kill, expected: expected, environment: environment)
        }
    }

    /// Resumes the run of the `resumeScripts` entry `script` saved in `state` after `kill` lines,
    /// with the rest (the secrets asked again typed first): where nothing computed from a
    /// secret is lost, the result is the uninterrupted run's (`expected`); elsewhere the
    /// resume names what it lost before anything else.
    static func expectResume(of script: Int, from state: String, after kill: Int, expected: NSDictionary,
                             environment: [String: String]) throws {
        let (name, lines) = resumeScripts[script]
        let flow = Fixtures.packageRoot.appendingPathComponent("Flows/\(name)").path
        let typed = { (lines: ArraySlice<Line>) in lines.map { $0.text + "\n" }.joined() }
        let secretFields = Set(lines.compactMap(\.secret))
        // Which secrets the resume asks again, and in which order: asked of a copy, with no input.
        try FileManager.default.copyItem(atPath: state, toPath: state + ".probe")
        let probe = try FlowrunProcess.run(["run", "--plain", "--trust", flow, "--state", state + ".probe", "--resume"], environment: environment)
        let asked = Self.listed(after: "asking again for those the run still reads: ", in: probe.stderr)
        var latest: [String: String] = [:]
        for line in lines.prefix(kill) { if let field = line.secret { latest[field] = line.text } }
        let answers = try asked.map { try #require(latest[$0], "\(name), killed after \(kill): '\($0)' asked again, never typed") }
        let resumed = try FlowrunProcess.run(["run", "--plain", "--trust", flow, "--state", state, "--resume"],
                                             stdin: answers.map { $0 + "\n" }.joined() + typed(lines.dropFirst(kill)), environment: environment)
        let result = try Self.document(resumed.stdout)
        let lost = Self.lost(in: resumed.stderr)
        if lost.isEmpty {
            #expect(result == expected, "\(name), killed after \(kill) lines: the result differs, and the resume said nothing")
            return
        }
        let named = try #require(resumed.stderr.range(of: Self.lostMarker))
        #expect(!resumed.stderr[..<named.lowerBound].contains("\n["), "\(name), killed after \(kill): named before any screen")
        // Lost secret answers read null; a lost value computed from a secret may change what follows.
        var nulled = expected as? [String: Any] ?? [:]
        var values = nulled["values"] as? [String: [String: Any]] ?? [:]
        for entry in lost {
            let parts = entry.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, values[parts[0]]?[parts[1]] != nil { values[parts[0]]?[parts[1]] = NSNull() }
        }
        nulled["values"] = values
        #expect(result == (nulled as NSDictionary) || lost.contains { !secretFields.contains($0) },
                "\(name), killed after \(kill) lines: only secret answers were lost, yet more differs")
    }

    /// A result document, without the value read from the clock (incident.yaml's `report_time`).
    static func document(_ text: String) throws -> NSDictionary {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var values = document["values"] as? [String: [String: Any]] ?? [:]
        values["timeline"]?["report_time"] = nil
        document["values"] = values
        return document as NSDictionary
    }

    static let lostMarker = "and not asked again, so now "

    /// The values a resume names as lost: "… so now empty: a, b; back to their initial values: c".
    static func lost(in text: String) -> [String] {
        listed(after: lostMarker, in: text).flatMap { part in
            part.split(separator: "; ").map { String($0.split(separator: ": ", maxSplits: 1).last ?? "") }
        }
    }

    /// The comma-separated names after `marker` on its line of `text`.
    private static func listed(after marker: String, in text: String) -> [String] {
        guard let range = text.range(of: marker) else { return [] }
        return text[range.upperBound...].prefix { $0 != "\n" }.split(separator: ", ").map(String.init)
    }
}
