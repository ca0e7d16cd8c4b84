import ArgumentParser
import FlowKit
import FoundationEssentials
import FlowYAML

/// `flowrun test --generate`: searches a flow for tests that cover it, writes them
/// (beside the flow as NAME.flowtest.yaml unless told otherwise, never over a file
/// without --force) and reports on stderr the coverage they reach.
struct TestGeneration {
    let flow: String
    let output: String?
    let force: Bool
    let maxStates: Int

    func run() throws {
        let target = output ?? Self.defaultTestFile(for: flow)
        // Where the tests would go is checked before the search, which may take a while.
        if target != "-" {
            do {
                try AtomicFile.check(target)
            } catch {
                Console.error(error.description)
                throw ExitCode(2)
            }
            if !force, FileManager.default.fileExists(atPath: target) {
                Console.error("'\(target)' exists; give --force to replace it, or --output to write elsewhere")
                throw ExitCode(2)
            }
        }
        let tree = try FlowFile.load(flow)
        let universe = CoverageUniverse(tree: tree)
        let generator = TestGenerator(universe: universe, maxStates: maxStates)
        // The search may take a while: a signal ends it, and nothing is written.
        Signals.watch()
        Signals.startNoting()
        let generated = generator.generate()
        if generated.interrupted {
            Console.error("interrupted after searching \(generated.statesSearched) state(s); nothing was written")
            throw ExitCode(Signals.exitStatus ?? 130)
        }
        let runner = FlowTestRunner(tree: tree)
        let played = generated.cases.map { (name: $0.name, played: runner.play($0.input, stubs: $0.stubs)) }
        let flowAsWritten = target == "-" ? flow : RelativePath.of(flow, from: Self.folder(of: target))
        let text = FlowTestWriter(tree: tree).write(flow: flowAsWritten, cases: played,
                                                    command: "flowrun test --generate \(flow)")
        if target == "-" {
            try Console.output(text)
        } else {
            do {
                let lock = try FileLock.waiting(for: target)
                defer { withExtendedLifetime(lock) {} }
                try AtomicFile.replace(target, with: Array(text.utf8))
            } catch let error as SourceFileWriteError {
                Console.error(error.description)
                throw ExitCode.ioError
            } catch FileLock.Failure.refused(let error) {
                Console.error(error.description)
                throw ExitCode(2)
            } catch FileLock.Failure.unavailable(let reason) {
                Console.error("cannot write '\(target)': \(reason)")
                throw ExitCode.ioError
            } catch {
                Console.error("cannot write '\(target)': another process holds it")
                throw ExitCode.ioError
            }
            Console.emit("wrote \(generated.cases.count) case(s) to \(TerminalText.line(target))\n", to: .standardError)
        }
        let exercised = played.reduce(into: Set<CoverageItem>()) { $0.formUnion($1.played.exercised) }
        // What the cases reach on their way to an end of the run is covered, reached by the search or not.
        let missed = generated.unreached.filter { !exercised.contains($0) }
        if !missed.isEmpty {
            Console.warning((generated.stoppedAtBound
                ? "the search stopped at --max-states \(generator.maxStates) with \(missed.count) item(s) not reached; "
                    + "give a larger --max-states, or write cases for them by hand:"
                : "no input the search tries reaches \(missed.count) item(s); write cases for them by hand:"))
            for item in missed {
                Console.emit("  \(TerminalText.line(item.describe(in: tree))): \(generated.reasons[item] ?? "")\n", to: .standardError)
            }
        }
        Console.emit("searched \(generated.statesSearched) state(s)\n", to: .standardError)
        let report = CoverageReport(file: flow, universe: universe, exercised: exercised)
        Console.emit(TestTextReporter(sources: [:]).render(report) + "\n", to: .standardError)
    }

    /// `Flows/signin.yaml` → `Flows/signin.flowtest.yaml`.
    static func defaultTestFile(for flow: String) -> String {
        for suffix in [".yaml", ".yml"] where flow.hasSuffix(suffix) {
            return String(flow.dropLast(suffix.count)) + ".flowtest.yaml"
        }
        return flow + ".flowtest.yaml"
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
