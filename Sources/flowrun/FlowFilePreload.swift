import Dispatch
import FlowKit

/// The flow file of a `run`, checked on a second core while the main thread is still
/// parsing the command line.
///
/// swift-argument-parser finds a command's options by reflection, which costs about as
/// long as reading, validating and compiling a small flow; doing both at once brings the
/// first prompt forward (Benchmarks/README.md). The path is guessed from the raw
/// arguments before they are parsed, and the work is used only when the parsed command
/// asks `FlowFile` for that same path; a wrong guess costs the work, never the result.
enum FlowFilePreload {
    /// Read and written by one thread only: in the tool, the main thread.
    nonisolated(unsafe) private static var started: FlowPreparation?

    /// Starts preparing the flow file that `arguments` (the whole command line) name, if
    /// they are a `run`: `flowrun FLOW.yaml …` or `flowrun run FLOW.yaml …`.
    static func start(arguments: [String]) {
        guard let path = flowPath(in: arguments) else { return }
        let preparation = FlowFile.preparation(path)
        DispatchQueue.global(qos: .userInitiated).async { preparation.help() }
        started = preparation
    }

    /// The flow file a command line runs, when it names one straight after the program or
    /// after `run`; nil for other commands and for options placed before the file.
    static func flowPath(in arguments: [String]) -> String? {
        var rest = arguments.dropFirst()
        if rest.first == "run" { rest = rest.dropFirst() }
        guard let candidate = rest.first, !candidate.hasPrefix("-"),
              candidate.hasSuffix(".yaml") || candidate.hasSuffix(".yml") else { return nil }
        return candidate
    }

    /// The preparation started for `path`, for the caller to finish; nil when none was
    /// started for this path. It hands the preparation over once.
    static func take(_ path: String) -> FlowPreparation? {
        guard let started, started.path == path else { return nil }
        self.started = nil
        return started
    }
}
