import Foundation
import Testing
import TestSupport
import FlowKit
@testable import flowrun

/// The round trip of cli.md 1.2: where every field was answered once, no required field
/// is secret and each screen's `default` action was taken, `--answers FILE --defaults`
/// with the file `--save-answers` wrote takes the same path to the same `values`.
///
/// Over generated runs of each example in `Flows/`: a session in FlowKit, its programs
/// succeeding with no output, answers each field with a seeded pick among a few
/// candidates (the first its checks accept) and takes each screen's default action; a run
/// that asks a field twice, meets a required secret or a screen with no default action
/// is one the property does not speak of, and is dropped. The binary then runs each kept
/// run from its lines (programs stubbed on `PATH` alike) and again from its saved answers.
@Suite struct SavedAnswerRoundTripTests {
    static let examples = ["browser.yaml", "incident.yaml", "notes.yaml", "scaffold.yaml", "signin.yaml"]
    static let flows = Fixtures.packageRoot.appendingPathComponent("Flows")
    static let seeds = 0..<12
    /// The examples with runs the property speaks of.
    static let applying: Set<String> = ["incident.yaml", "scaffold.yaml"]

    /// A generated run: its input lines, or nil where the property does not apply.
    static func generatedRun(of tree: ResponderTree, seed: Int) -> [String]? {
        var random = SeededGenerator(state: UInt64(seed))
        var session = Session(tree: tree)
        session.commandRunner = StubbedCommands(stubs: [], answersEverything: true)
        _ = session.start()
        var lines: [String] = []
        var answered = Set<String>()
        while lines.count < 300 {
            switch session.prompt {
            case .field(let prompt)?:
                let flow = tree.flow(named: prompt.screen.flow) ?? 0
                let key = AnswerKey(flow: prompt.screen.flow, run: session.repetitionRun(of: flow), field: prompt.field.id).written
                guard answered.insert(key).inserted, !(prompt.field.type == .secret && prompt.field.isRequired) else { return nil }
                var candidates = Self.candidates(for: prompt)
                candidates.shuffle(using: &random)
                guard let line = candidates.first(where: { candidate in
                    var trial = session
                    return !trial.answer(candidate).contains { if case .refused = $0 { true } else { false } }
                }) else { return nil }
                _ = session.answer(line)
                lines.append(line)
            case .action(let prompt)?:
                guard let action = prompt.defaultAction else { return nil }
                _ = session.perform(action.id)
                lines.append("")
            case .ended?, nil:
                return session.outcome.map { [.finished, .exited].contains($0.status) } == true ? lines : nil
            }
        }
        return nil
    }

    /// A few lines that may answer the field; the session's checks decide.
    static func candidates(for prompt: FieldPrompt) -> [String] {
        let numbers = prompt.options.indices.map { String($0 + 1) }
        switch prompt.field.type {
        case .secret: return [""]
        case .boolean: return ["y", "n"]
        case .choice: return numbers
        case .multichoice: return numbers + (numbers.count > 1 ? [numbers.prefix(2).joined(separator: ",")] : [])
        case .integer, .number: return ["", "1", "2", "7", prompt.field.min.map { String(Int($0)) } ?? "0"]
        case .text: return ["", "x", "my-tool", "Tea for two"]
        }
    }

    private func result(_ stdout: String) throws -> (path: [String], values: String) {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let values = try JSONSerialization.data(withJSONObject: document["values"] ?? [:], options: [.sortedKeys])
        // `now()` differs between the two runs.
        let text = String(decoding: values, as: UTF8.self)
            .replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "<now>", options: .regularExpression)
        return (document["path"] as? [String] ?? [], text)
    }

    @Test(arguments: examples)
    func theSavedAnswersReplayTheRun(example: String) throws {
        let file = Self.flows.appendingPathComponent(example).path
        let tree = try FlowFile.load(file)
        // Every program the flow runs succeeds with no output, as in the generated runs.
        let stubs = try FlowrunProcess.temporaryDirectory()
        for program in Set(tree.commands.compactMap { $0.arguments.first }) {
            #expect(FileManager.default.createFile(atPath: stubs.appendingPathComponent(program).path, contents: Data("#!/bin/sh\nexit 0\n".utf8),
                                                   attributes: [.posixPermissions: 0o755]))
        }
        let path = stubs.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var kept = 0
        for seed in Self.seeds {
            guard let lines = Self.generatedRun(of: tree, seed: seed) else { continue }
            kept += 1
            let directory = try FlowrunProcess.temporaryDirectory()
            func run(_ arguments: [String], stdin: String) throws -> ProcessRunner.Outcome {
                try FlowrunProcess.run(["run", file, "--trust"] + arguments, stdin: stdin, directory: directory,
                                       environment: ["PATH": path, "XDG_STATE_HOME": try FlowrunProcess.temporaryDirectory().path])
            }
            let typed = try run(["--plain", "--save-answers", "answers.yaml"], stdin: lines.map { $0 + "\n" }.joined())
            let replayed = try run(["--answers", "answers.yaml", "--defaults"], stdin: "")
            let answers = (try? String(contentsOf: directory.appendingPathComponent("answers.yaml"), encoding: .utf8)) ?? ""
            #expect(replayed.status == typed.status, "seed \(seed): \(replayed.stderr)\nanswers:\n\(answers)")
            let (first, second) = (try result(typed.stdout), try result(replayed.stdout))
            #expect(second.path == first.path, "seed \(seed), answers:\n\(answers)")
            #expect(second.values == first.values, "seed \(seed), answers:\n\(answers)")
            #expect(!replayed.stderr.contains("was not used"), "seed \(seed): \(replayed.stderr)")
        }
        // The property does not speak of signin (a required password on every path), nor
        // of browser and notes (no screen has a default action).
        if Self.applying.contains(example) { #expect(kept > 0, "no generated run of \(example) is one the property speaks of") }
    }
}
