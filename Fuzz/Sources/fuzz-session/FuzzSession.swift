import FlowKit
import FuzzHarness
import FoundationEssentials

/// A session driven by fuzzed input lines on the example flows: the first byte picks the
/// flow, each further line answers the question on display or names an action, as plain
/// mode does. A line `\u{1}` saves the session and restores it from the saved state, as
/// `--state`/`--resume` would, and `\u{2}` ends input.
@main enum FuzzSession {
    static func main() { Fuzzer.run(fuzzOne) }
}

func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first, !exampleTrees.isEmpty else { return }
    let tree = exampleTrees[Int(first) % exampleTrees.count]
    var session = Session(tree: tree, environment: ["HOME": "/home/fuzz"], maxSteps: 1_000)
    _ = session.start()
    let lines = String(decoding: bytes.dropFirst(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines.prefix(500) where session.outcome == nil {
        switch (String(line), session.prompt) {
        case ("\u{1}", _):
            let saved = session.savedState()
            guard let restored = try? Session(tree: tree, environment: session.environment, maxSteps: 1_000, restoring: saved) else {
                fatalError("a saved state could not be restored")
            }
            session = restored
        case ("\u{2}", _):
            _ = session.endOfInput()
        case (let text, .field?):
            _ = session.answer(text)
        case (let text, .action(let prompt)?):
            _ = session.perform(prompt.actionID(forLine: text))
        case (_, .ended?), (_, nil):
            break
        }
        _ = (session.path, session.values, session.answersToRemember)
    }
    return
}

/// The flows in `Flows/`, compiled once.
let exampleTrees: [ResponderTree] = {
    let flows = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../Flows").standardized
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    return names.compactMap { name in
        guard let bytes = FileManager.default.contents(atPath: flows.appending(path: name).path),
              let document = FlowLoader().load(Array(bytes), file: name).document else { return nil }
        return try? ResponderTree(document)
    }
}()
