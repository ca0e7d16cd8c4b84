// swift-tools-version: 6.0
// libFuzzer targets for FlowKit: a package of its own, built with
// `-sanitize=fuzzer,address` by `Fuzz/run.sh`, so the main build stays lean.
import PackageDescription

let fuzzTargets = ["fuzz-yaml", "fuzz-validate", "fuzz-expression", "fuzz-session"]

let package = Package(
    name: "flowrun-fuzz",
    dependencies: [.package(name: "flowrun", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzHarness", dependencies: ["CLibFuzzer"]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzHarness", .product(name: "FlowKit", package: "flowrun")],
            path: "Sources/\(name)"
        )
    }
)
