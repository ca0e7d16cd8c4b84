import ArgumentParser
import FlowKit

/// Loading a flow file for the commands that use it (`run`, `chain`, `graph`): validated
/// first; an unreadable file or one with errors stops the command with exit status 2, its
/// errors on stderr. Warnings are `validate`'s to report, so their checks do not run here.
enum FlowFile {
    /// The validated document's compiled tree. `noColor`: the command was asked for
    /// no colour (`run --no-color` or `--plain`).
    static func load(_ path: String, noColor: Bool = false) throws -> ResponderTree {
        switch PreparedFlow(fileAt: path, validator: Validator(findsWarnings: false)) {
        case .ready(_, let tree, _):
            return tree
        case .unreadable(let error as any CustomStringConvertible), .uncompilable(let error as any CustomStringConvertible):
            Console.error(error.description)
            throw ExitCode(2)
        case .invalid(var report):
            report.diagnostics.removeAll { $0.severity != .error }
            Console.emit(TextReporter(colored: !noColor && Console.colors(.standardError)).render([report]), to: .standardError)
            throw ExitCode(2)
        }
    }
}
