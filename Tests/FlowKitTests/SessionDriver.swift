import FlowKit
import Foundation
import Testing
import TestSupport
import FlowExpressions

/// Drives a session as plain mode does: each line answers the field on display, or
/// names the action to take. Collects every event.
struct SessionDriver {
    var session: Session
    var events: [SessionEvent] = []

    /// A session of a flow file's text, which must validate without errors.
    init(_ yaml: String, environment: [String: String] = [:], file: String = "flow.yaml", maxSteps: Int = 10_000) throws {
        let report = Validator().validate(Array(yaml.utf8), file: file)
        let errors = report.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DriverError.invalid(errors.map { "\($0.start): \($0.message)" }) }
        guard let document = FlowLoader().load(Array(yaml.utf8), file: file).document else { throw DriverError.invalid(["no document"]) }
        session = Session(tree: try ResponderTree(document), environment: environment, maxSteps: maxSteps)
        events = session.start()
    }

    init(session: Session) {
        self.session = session
    }

    /// A session of the first of several files written to a fresh folder (`name: text`),
    /// for flows that include or use the others.
    init(files: KeyValuePairs<String, String>, commands: (any CommandRunning)? = nil) throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try self.init(fileAt: directory.appendingPathComponent(files.first?.key ?? "").path, commands: commands)
    }

    /// A session of the flow file at `path` (and the files it includes or uses).
    init(fileAt path: String, commands: (any CommandRunning)? = nil) throws {
        switch PreparedFlow(fileAt: path, validator: Validator()) {
        case .ready(_, let tree, _):
            session = Session(tree: tree)
            session.commandRunner = commands
            events = session.start()
        case .invalid(let report):
            throw DriverError.invalid(report.diagnostics.filter { $0.severity == .error }.map { "\($0.file):\($0.start): \($0.message)" })
        case .unreadable, .uncompilable:
            throw DriverError.invalid(["not prepared"])
        }
    }

    enum DriverError: Error { case invalid([String]) }

    mutating func enter(_ lines: String...) {
        for line in lines {
            switch session.prompt {
            // As plain mode reads a field's line: `/ID` chooses action ID.
            case .field?: events += line.hasPrefix("/") ? session.perform(String(line.dropFirst())) : session.answer(line)
            case .action?: events += session.perform(line)
            default: events.append(.refused("no prompt for '\(line)'"))
            }
        }
    }

    var shown: [String] { events.compactMap { if case .screenShown(let view) = $0 { "\(view.flow)/\(view.screen)" } else { nil } } }
    var said: [String] { events.compactMap { if case .said(let text) = $0 { text } else { nil } } }
    var refused: [String] { events.compactMap { if case .refused(let text) = $0 { text } else { nil } } }
    var warnings: [String] { events.compactMap { if case .warning(let text, _) = $0 { text } else { nil } } }
    var routes: [String] { events.compactMap { if case .routed(let action, let responder, _) = $0 { "\(action)→\(responder)" } else { nil } } }
    var lastScreen: String? { shown.last }
    var observed: [String] { events.compactMap { if case .observed(let name, let responder, _) = $0 { "\(name)→\(responder)" } else { nil } } }
    var commands: [[String]] { events.compactMap { if case .commandRan(let request, _) = $0 { request.shownArguments } else { nil } } }

    /// The id of the field asked now, or "actions" at the action prompt.
    var asking: String? {
        switch session.prompt {
        case .field(let prompt)?: prompt.field.id
        case .action?: "actions"
        default: nil
        }
    }

    func value(_ flow: String, _ name: String) -> Value? { session.values[flow]?[name] }

    var fieldPrompt: FieldPrompt? { if case .field(let prompt)? = session.prompt { prompt } else { nil } }
    var actionPrompt: ActionPrompt? { if case .action(let prompt)? = session.prompt { prompt } else { nil } }
}
