import FlowKit
import FoundationEssentials

/// `remember: true` answers, kept per user in the XDG state directory
/// (`$XDG_STATE_HOME/flowrun/remembered.json`, by default under `~/.local/state`),
/// keyed by the flow file's absolute path, then by `flowid.fieldid`. Secrets are never kept.
struct RememberedAnswers {
    let storePath: String?
    let flowKey: String

    /// The environment variables `init` reads.
    static let variablesRead = ["XDG_STATE_HOME", "HOME"]

    init(flowFile: String, environment: [String: String]) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/state" }
        storePath = base.map { $0 + "/flowrun/remembered.json" }
        // The real path, so `notes.yaml`, `./notes.yaml` and a link to it share their answers.
        flowKey = FlowFileFinder.identity(of: flowFile)
    }

    /// The answers remembered for this flow file (none if the store is missing or
    /// unreadable). An entry that cannot be read is dropped with a warning naming it; the
    /// others stay.
    func load() -> [String: Value] {
        let (all, dropped) = store()
        for entry in dropped {
            Console.warning("a remembered answer cannot be read and is dropped: \(TerminalText.line(entry)) in \(TerminalText.line(storePath ?? ""))")
        }
        return all[flowKey] ?? [:]
    }

    /// Keeps `answers` for this flow file; other flows' answers stay. Failures are reported, not fatal.
    /// The store is read, merged and written under a lock, so that runs ending at the same
    /// moment each keep their answers.
    func save(_ answers: [String: Value]) {
        guard let storePath, !answers.isEmpty else { return }
        do {
            let folder = String(storePath.prefix(upTo: storePath.lastIndex(of: "/") ?? storePath.endIndex))
            // Remembered answers are the user's own: the folder is theirs alone (0700).
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let lock = try FileLock.waiting(for: storePath)
            defer { withExtendedLifetime(lock) {} }
            // Entries that cannot be read were named by `load`.
            var all = store().answers
            all[flowKey, default: [:]].merge(answers) { _, new in new }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(all) else { return }
            try AtomicFile.replace(storePath, with: [UInt8](data))
        } catch {
            Console.warning("cannot remember answers in \(storePath): \(error)")
        }
    }

    /// Every entry of the store that reads as an answer, by flow file, then by
    /// `flowid.fieldid`; and those that do not (`'flow file' flowid.fieldid`, or the flow
    /// file alone where its whole entry is not a map).
    private func store() -> (answers: [String: [String: Value]], dropped: [String]) {
        guard let storePath, let data = FileManager.default.contents(atPath: storePath),
              let decoded = try? JSONDecoder().decode([String: Entry<[String: Entry<Value>]>].self, from: data) else { return ([:], []) }
        var answers: [String: [String: Value]] = [:]
        var dropped: [String] = []
        for (flow, entry) in decoded.sorted(by: { $0.key < $1.key }) {
            guard let fields = entry.value else {
                dropped.append("'\(flow)'")
                continue
            }
            for (field, answer) in fields.sorted(by: { $0.key < $1.key }) {
                if let value = answer.value { answers[flow, default: [:]][field] = value } else { dropped.append("'\(flow)' \(field)") }
            }
        }
        return (answers, dropped)
    }

    /// A value of the store, or nil where it does not read as one: one bad entry costs
    /// only itself.
    private struct Entry<Wrapped: Decodable>: Decodable {
        let value: Wrapped?
        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(Wrapped.self)
        }
    }
}
