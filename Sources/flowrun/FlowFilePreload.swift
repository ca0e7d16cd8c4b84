import Dispatch

/// The flow file of a `run`, checked on a second core while the main thread is still
/// parsing the command line.
///
/// swift-argument-parser finds a command's options by reflection, which costs about as
/// long as reading, validating and compiling a small flow; doing both at once brings the
/// first prompt forward (Benchmarks/README.md). The path is guessed from the raw
/// arguments before they are parsed, and the work is used only when the parsed command
/// asks `FlowFile` for that same path; a wrong guess costs the work, never the result.
enum FlowFilePreload {
    private final class Job: @unchecked Sendable {
        let path: String
        let done = DispatchGroup()
        /// Written on the worker before `done` is left, read after `done.wait()`.
        var checked: FlowFile.Checked?

        init(path: String) { self.path = path }
    }

    /// Read and written by one thread only: in the tool, the main thread.
    nonisolated(unsafe) private static var job: Job?

    /// Starts checking the flow file that `arguments` (the whole command line) name, if
    /// they are a `run`: `flowrun FLOW.yaml …` or `flowrun run FLOW.yaml …`.
    static func start(arguments: [String]) {
        guard let path = flowPath(in: arguments) else { return }
        let job = Job(path: path)
        job.done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            job.checked = FlowFile.check(job.path)
            job.done.leave()
        }
        self.job = job
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

    /// The preloaded check of `path`, waiting for it if it is still running; nil when
    /// nothing was preloaded for this path. It hands the result over once.
    static func take(_ path: String) -> FlowFile.Checked? {
        guard let job, job.path == path else { return nil }
        self.job = nil
        job.done.wait()
        return job.checked
    }
}
