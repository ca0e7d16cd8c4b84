import FlowKit
import FlowYAML
import FuzzHarness

/// The loader and validator: any bytes are validated as a flow file; one that validates
/// without errors is compiled into a responder tree and started, as `flowrun run` would.
@main enum FuzzValidate {
    static func main() { Fuzzer.run(fuzzOne) }
}

func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(bytes)
    let report = Validator().validate(bytes, file: "fuzz.yaml")
    let formatter = DiagnosticFormatter(sources: ["fuzz.yaml": SourceText(bytes)])
    for diagnostic in report.diagnostics { _ = formatter.format(diagnostic) }
    guard !report.diagnostics.contains(where: { $0.severity == .error }),
          let document = FlowLoader().load(bytes, file: "fuzz.yaml").document,
          let tree = try? ResponderTree(document) else { return }
    var session = Session(tree: tree, maxSteps: 1_000)
    _ = session.start()
    _ = session.endOfInput()
    return
}
