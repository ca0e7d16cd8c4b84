import FlowKit
import FoundationEssentials
import FlowYAML
import FlowExpressions

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

    /// The answers remembered for this flow file (none if the store is missing or does
    /// not read as a whole). An entry of this flow file that cannot be read is dropped with
    /// a warning naming it; the others stay. Other flow files' bad entries are named when
    /// a save drops them, once.
    func load() -> [String: Value] {
        guard case .read(let all, let dropped) = store() else { return [:] }
        warn(dropped.filter { $0.flow == flowKey })
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
            // Checked before it is read: a link planted in its place is refused as a write to it would be.
            try AtomicFile.check(storePath)
            // A store that does not read as a whole (cut short, say) is left as it is: writing
            // would lose every flow's answers.
            guard case .read(var all, let dropped) = store() else {
                Console.warning("cannot remember answers in \(TerminalText.line(storePath)): it does not read as remembered answers, so it is left as it is; move it aside to start afresh")
                return
            }
            // This flow file's bad entries were named by `load`.
            warn(dropped.filter { $0.flow != flowKey })
            all[flowKey, default: [:]].merge(answers) { _, new in new }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(all) else { return }
            try AtomicFile.replace(storePath, with: [UInt8](data))
        } catch {
            Console.warning("cannot remember answers in \(storePath): \(error)")
        }
    }

    /// An entry of the store that does not read as an answer: its flow file, and its
    /// `flowid.fieldid` (nil where the flow file's whole entry is not a map).
    private struct BadEntry {
        let flow: String
        let field: String?
    }

    /// The store as read: missing (or empty), not readable as a whole, or read.
    private enum Contents {
        case read(answers: [String: [String: Value]], dropped: [BadEntry])
        case damaged
    }

    private func warn(_ dropped: [BadEntry]) {
        for entry in dropped {
            let name = "'\(entry.flow)'" + (entry.field.map { " " + $0 } ?? "")
            Console.warning("a remembered answer cannot be read and is dropped: \(TerminalText.line(name)) in \(TerminalText.line(storePath ?? ""))")
        }
    }

    /// Every entry of the store that reads as an answer, by flow file, then by
    /// `flowid.fieldid`, and those that do not; `.damaged` when the store holds something
    /// that is not a map of flow files at all.
    private func store() -> Contents {
        guard let storePath, let data = FileManager.default.contents(atPath: storePath), !data.isEmpty else { return .read(answers: [:], dropped: []) }
        guard let decoded = try? JSONDecoder().decode([String: Entry<[String: Entry<Value>]>].self, from: data) else { return .damaged }
        var answers: [String: [String: Value]] = [:]
        var dropped: [BadEntry] = []
        for (flow, entry) in decoded.sorted(by: { $0.key < $1.key }) {
            guard let fields = entry.value else {
                dropped.append(BadEntry(flow: flow, field: nil))
                continue
            }
            for (field, answer) in fields.sorted(by: { $0.key < $1.key }) {
                if let value = answer.value { answers[flow, default: [:]][field] = value } else { dropped.append(BadEntry(flow: flow, field: field)) }
            }
        }
        return .read(answers: answers, dropped: dropped)
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
