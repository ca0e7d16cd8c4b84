// swift-tools-version: 6.1
import PackageDescription

/// libyaml and RE2 are linked from their static archives on Linux (the `-dev` packages
/// install both), so a flowrun binary needs no shared library beyond the C and C++
/// runtimes, and the loader has two fewer libraries to map and bind at each start
/// (docs/decisions.md, "Start-up"). Elsewhere, the shared library.
func linkedStatically(_ library: String) -> [LinkerSetting] {
    [.linkedLibrary(":lib\(library).a", .when(platforms: [.linux])), .linkedLibrary(library, .when(platforms: [.macOS]))]
}

let package = Package(
    name: "flowrun",
    // Synchronization's Atomic and Mutex (signals, validating files in parallel) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flowrun", targets: ["flowrun"]),
        .library(name: "FlowKit", targets: ["FlowKit", "FlowExpressions", "FlowYAML"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.0")),
        // Starts the programs of `run` steps: no shell, a process group, streamed stderr.
        // Without its Foundation trait, so that flowrun links no more than Foundation's essentials.
        .package(url: "https://github.com/swiftlang/swift-subprocess", .upToNextMinor(from: "1.0.2"), traits: []),
        // FilePath, which Subprocess names programs by.
        .package(url: "https://github.com/apple/swift-system", .upToNextMinor(from: "1.8.1")),
    ],
    targets: [
        // libyaml's header, from Debian's libyaml-dev. Only FlowYAML/YAML/EventParser.swift
        // imports it; FlowYAML links the library (below).
        .systemLibrary(name: "CYAML"),
        // RE2, from Debian's libre2-dev: a C face over its C++ API. Only
        // FlowExpressions/RegexPattern.swift imports it.
        .target(name: "CRE2", linkerSettings: linkedStatically("re2")),
        // glibc's <malloc.h>, for `mallopt` and `malloc_trim`. Only flowrun's AllocatorTuning.swift imports it.
        .systemLibrary(name: "CMalloc"),
        // The engine in three layers, each importing only the ones below it:
        // FlowYAML (the YAML tree with positions, diagnostics, text for a terminal),
        // FlowExpressions (the expression language: values, parser, checker, evaluator),
        // FlowKit (the flow model, loading, checks, analysis, runtime, flow tests, reports).
        .target(name: "FlowYAML", dependencies: ["CYAML"], linkerSettings: linkedStatically("yaml")),
        .target(name: "FlowExpressions", dependencies: ["FlowYAML", "CRE2"]),
        .target(name: "FlowKit", dependencies: ["FlowYAML", "FlowExpressions"]),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowKit",
                "FlowYAML",
                "FlowExpressions",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Reusable helpers for both test targets: annotated fixtures, running the binary.
        .target(name: "TestSupport", dependencies: ["FlowKit", "FlowYAML", "FlowExpressions"], path: "Tests/TestSupport"),
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "FlowYAML", "FlowExpressions", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "flowrunTests", dependencies: ["flowrun", "FlowKit", "FlowYAML", "FlowExpressions", "TestSupport"], exclude: ["Fixtures", "Golden"]),
    ]
)
