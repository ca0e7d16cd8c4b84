import FlowKit
import FoundationEssentials
import FlowYAML
import FlowExpressions
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--transcript FILE`: JSON Lines, one object per flow title and screen shown, answer
/// given, action routed, message and end of run, appended as they happen. Every object
/// has `event` and `time` (RFC 3339, UTC, milliseconds); an answer has the `line` as
/// typed and the `value` as taken (neither for a private `_` field). Secret answers are masked, and control characters
/// and bidirectional overrides are `\u` escapes, as in the JSON result. A class: the runners
/// write to one transcript, and its first failed write is what the run reports at its end.
final class Transcript {
    private let descriptor: Int32?
    private let path: String?
    /// Why a line could not be written (the first time), if one could not.
    private(set) var failure: SourceFileWriteError?

    init(path: String?) throws(SourceFileWriteError) {
        self.path = path
        guard let path else {
            descriptor = nil
            return
        }
        // The file a link at `path` may lead to, as `AtomicFile` follows links (a neighbour's
        // link in `/tmp` is refused).
        descriptor = try Transcript.openedForWriting(try AtomicFile.check(path), reportedAs: path)
    }

    /// `target` opened afresh for writing (made, or emptied), if it is a regular file: a
    /// link, FIFO or device planted there since `check` looked is refused, at once.
    static func openedForWriting(_ target: String, reportedAs path: String) throws(SourceFileWriteError) -> Int32 {
        let unchecked = open(target, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard unchecked >= 0 else { throw SourceFileWriteError(path: path) }
        let opened = try AtomicFile.keepingOnlyRegularFile(unchecked, path: path)
        guard ftruncate(opened, 0) == 0 else {
            let failure = SourceFileWriteError(path: path)
            close(opened)
            throw failure
        }
        return opened
    }

    /// Records a line answering the prompt's field, and the value the session took from
    /// it, found in the events the answer caused (none when it was refused), each as
    /// FlowKit shows it: masked for a secret field, and for a value the session holds as
    /// a secret (a default or an option computed from one). A private field's answer
    /// (`PrivateName`) is noted without its line and value: it appears in no output.
    func answered(_ prompt: FieldPrompt, line: String, events: [SessionEvent], session: Session) {
        let (flow, field) = (prompt.screen.flow, prompt.field.id)
        var fields: [String: Value] = ["event": .string("answer"), "flow": .string(flow), "field": .string(field)]
        guard !PrivateName.isPrivate(field) else { return record(fields) }
        fields["line"] = .string(prompt.typed(line))
        for case .answered(let answeredFlow, let answeredField, let value) in events where answeredFlow == flow && answeredField == field {
            fields["value"] = session.shown(value, of: flow, name: field)
        }
        record(fields)
    }

    /// Records events, whose texts show secrets masked (the session rendered them so).
    func record(_ events: [SessionEvent]) {
        for event in events {
            switch event {
            case .screenShown(let view):
                for started in view.flowTitles {
                    record(["event": .string("flow"), "flow": .string(started.flow), "title": .string(started.title)])
                }
                record(["event": .string("screen"), "flow": .string(view.flow), "screen": .string(view.screen)])
            case .said(let text): record(["event": .string("said"), "text": .string(text)])
            case .refused(let text): record(["event": .string("refused"), "text": .string(text)])
            case .warning(let text, let location):
                record(["event": .string("warning"), "text": .string(text), "at": .string(location.description)])
            case .routed(let action, let responder, _): record(["event": .string("action"), "action": .string(action), "responder": .string(responder)])
            case .observed(let notification, let responder, _):
                record(["event": .string("observed"), "notification": .string(notification), "responder": .string(responder)])
            case .repeated(let flow, let element, let count):
                record(["event": .string("repeat"), "flow": .string(flow), "element": .int(element), "of": .int(count)])
            case .commandRan(let request, let result):
                // The arguments as shown: any that reads a secret is masked.
                record(["event": .string("command"), "command": .list(request.shownArguments.map(Value.string)),
                        "exit_code": .int(result.exitCode), "timed_out": .bool(result.timedOut)])
            case .ended(let outcome):
                var fields: [String: Value] = ["event": .string("end"), "status": .string(outcome.status.rawValue), "exit_code": .int(outcome.exitCode)]
                if let message = outcome.message { fields["message"] = .string(message) }
                record(fields)
            case .answered:
                break
            }
        }
    }

    private func record(_ fields: [String: Value]) {
        guard let descriptor else { return }
        var fields = fields
        fields["time"] = .string(Date.now.formatted(Self.timeFormat))
        let line = JSONValue.object(fields.mapValues(JSONValue.init)).line + "\n"
        if !Console.writeAll(line.utf8, to: descriptor), failure == nil, let path {
            failure = SourceFileWriteError(path: path)
        }
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
