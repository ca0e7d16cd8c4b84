// flowkit-bench: measures FlowKit on one file and prints one key=value line.
//
//   flowkit-bench tree FILE [REPEAT]   build the YAML tree REPEAT times (default 5)
//   flowkit-bench refuse FILE          parse a hostile file once; it must be refused
//   flowkit-bench stages FILE          time each stage of validation, best of 3
//   flowkit-bench routing DEPTH [N]    route N actions (default 1,000,000) from a screen
//                                      DEPTH flows below the root, which handles them
//   flowkit-bench form KEYS            handle KEYS keys in a 20-field form, redrawing it after each
//
// Output: `flowkit-tree bytes=N nodes=K best_seconds=S mb_per_s=R peak_bytes=P` or
// `flowkit-refuse bytes=N code=C seconds=S peak_bytes=P`, where peak_bytes is the
// growth of the process's peak resident memory during the first parse (the file's
// own bytes excluded: they were read before).
import FlowKit
import FlowYAML
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Resident memory figures from /proc/self/status, in bytes.
enum ResidentMemory {
    static func value(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }

    static var current: Int { value("VmRSS") }
    static var peak: Int { value("VmHWM") }

    /// Resets the peak to the current figure (Linux: writing 5 to clear_refs).
    static func resetPeak() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }
}

func fail(_ message: String) -> Never {
    let line = "flowkit-bench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["tree", "refuse", "stages", "routing", "form"].contains(arguments[1]) else {
    fail("usage: flowkit-bench tree FILE [REPEAT] | refuse FILE | stages FILE | routing DEPTH [N] | form KEYS")
}
if arguments[1] == "form" {
    FormBenchmark.run(keys: Int(arguments[2]) ?? 10_000)
    exit(0)
}
if arguments[1] == "routing" {
    RoutingBenchmark.run(depth: Int(arguments[2]) ?? 32, actions: arguments.count > 3 ? Int(arguments[3]) ?? 1_000_000 : 1_000_000)
    exit(0)
}
let path = arguments[2]
let repeats = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
guard case .bytes(let bytes)? = try? SourceFile.load(path, maxSize: Int(Int32.max)) else { fail("cannot read \(path)") }

let parser = YAMLParser(limits: YAMLLimits(maxFileSize: Int(Int32.max)))
ResidentMemory.resetPeak()
let before = ResidentMemory.current
let clock = ContinuousClock()
var first: YAMLParseResult?
let firstElapsed = clock.measure { first = parser.parse(bytes, file: path) }
let peakGrowth = ResidentMemory.peak - before

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

if arguments[1] == "stages" {
    // Each stage includes the ones before it; the differences are what each adds. The
    // peak is the growth of resident memory during the stage's first run.
    func best(_ work: () -> Void) -> (seconds: Double, peak: Int) {
        ResidentMemory.resetPeak()
        let before = ResidentMemory.current
        let first = seconds(clock.measure(work))
        let peak = ResidentMemory.peak - before
        return ((1..<3).map { _ in seconds(clock.measure(work)) }.min().map { min($0, first) } ?? first, peak)
    }
    let parse = best { _ = parser.parse(bytes, file: path) }
    let load = best { _ = FlowLoader().load(bytes, file: path) }
    let validate = best { _ = Validator().validate(bytes, file: path) }
    print("flowkit-stages parse=\(parse.seconds) load=\(load.seconds) validate=\(validate.seconds)",
          "parse_peak_bytes=\(parse.peak) load_peak_bytes=\(load.peak) validate_peak_bytes=\(validate.peak)")
    exit(0)
}

if arguments[1] == "refuse" {
    guard let code = first?.diagnostics.first?.code.rawValue else { fail("\(path) was not refused") }
    print("flowkit-refuse bytes=\(bytes.count) code=\(code) seconds=\(seconds(firstElapsed)) peak_bytes=\(peakGrowth)")
    exit(0)
}
let nodes = first?.tree.nodeCount ?? 0
if let diagnostics = first?.diagnostics, !diagnostics.isEmpty { fail("the file has diagnostics: \(diagnostics[0].message)") }
first = nil

var best = Double.infinity
for _ in 0..<repeats {
    best = min(best, seconds(clock.measure { _ = parser.parse(bytes, file: path) }))
}
let megabytesPerSecond = Double(bytes.count) / 1e6 / best
print("flowkit-tree bytes=\(bytes.count) nodes=\(nodes) best_seconds=\(best) mb_per_s=\(megabytesPerSecond) peak_bytes=\(peakGrowth)")
