// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "flowrun",
    // Synchronization's Atomic and Mutex (signals, validating files in parallel) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flowrun", targets: ["flowrun"]),
        .library(name: "FlowKit", targets: ["FlowKit"]),
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
        // libyaml, from Debian's libyaml-dev. Only FlowKit/YAML/EventParser.swift imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // RE2, from Debian's libre2-dev: a C face over its C++ API. Only
        // FlowKit/Expressions/RegexPattern.swift imports it.
        .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
        // glibc's <malloc.h>, for `mallopt` and `malloc_trim`. Only flowrun's AllocatorTuning.swift imports it.
        .systemLibrary(name: "CMalloc"),
        .target(name: "FlowKit", dependencies: ["CYAML", "CRE2"]),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowKit",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Reusable helpers for both test targets: annotated fixtures, running the binary.
        .target(name: "TestSupport", dependencies: ["FlowKit"], path: "Tests/TestSupport"),
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "flowrunTests", dependencies: ["flowrun", "TestSupport"], exclude: ["Fixtures", "Golden"]),
    ]
)
