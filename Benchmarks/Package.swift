// swift-tools-version: 6.0
// The benchmark harness: a package of its own, so the main build stays lean.
// Build it in release: `swift build -c release --package-path Benchmarks`.
import PackageDescription

let package = Package(
    name: "flowrun-benchmarks",
    dependencies: [
        .package(name: "flowrun", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.0")),
    ],
    targets: [
        .executableTarget(
            name: "flowkit-bench",
            dependencies: [.product(name: "FlowKit", package: "flowrun")],
            path: "Sources/flowkit-bench"
        ),
        // The peer of the time-to-first-prompt figure.
        .executableTarget(name: "hello", path: "Sources/hello"),
        // The same with swift-argument-parser parsing a command line: the floor flowrun's
        // start-up cannot go below.
        .executableTarget(
            name: "argument-parser-hello",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/argument-parser-hello"
        ),
    ]
)
