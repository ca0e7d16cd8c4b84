import FlowKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--transcript FILE`: JSON Lines, one object per screen shown, answer given, action
/// routed, message and end of run, appended as they happen. Secret answers are masked.
struct Transcript {
    private let descriptor: Int32?

    init(path: String?) throws(SourceFileWriteError) {
        guard let path else {
            descriptor = nil
            return
        }
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw SourceFileWriteError(path: path) }
        descriptor = opened
    }

    func answered(_ field: ResponderTree.FieldNode, flow: String, text: String) {
        record(["event": "answer", "flow": flow, "field": field.id, "answer": field.type == .secret ? SecretMask.mask : text])
    }

    /// Records events; any text that shows a secret answer is masked.
    func record(_ events: [SessionEvent], masking mask: SecretMask) {
        for event in events {
            switch event {
            case .screenShown(let flow, let screen): record(["event": "screen", "flow": flow, "screen": screen])
            case .said(let text): record(["event": "said", "text": mask.apply(text)])
            case .refused(let text): record(["event": "refused", "text": mask.apply(text)])
            case .warning(let text, let location): record(["event": "warning", "text": mask.apply(text), "at": location.description])
            case .routed(let action, let responder, _): record(["event": "action", "action": action, "responder": responder])
            case .ended(let outcome):
                var fields = ["event": "end", "status": outcome.status.rawValue, "exit_code": String(outcome.exitCode)]
                if let message = outcome.message { fields["message"] = mask.apply(message) }
                record(fields)
            }
        }
    }

    private func record(_ fields: [String: String]) {
        guard let descriptor else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(fields) else { return }
        line.append(UInt8(ascii: "\n"))
        _ = line.withUnsafeBytes { Console.writeAll($0, to: descriptor) }
    }
}
