// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "flowrun",
    // Synchronization's Atomic and Mutex (signals, the shared preparation of a flow) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flowrun", targets: ["flowrun"]),
        .library(name: "FlowKit", targets: ["FlowKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.0")),
    ],
    targets: [
        // libyaml, from Debian's libyaml-dev. Only FlowKit/YAML/EventParser.swift imports it.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "FlowKit", dependencies: ["CYAML"]),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked at a fixed address: the loader then has none of the executable's
            // 41,800 pointers to relocate at each start (docs/decisions.md, "Start-up time").
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]
        ),
        // Reusable helpers for both test targets: annotated fixtures, running the binary.
        .target(name: "TestSupport", dependencies: ["FlowKit"], path: "Tests/TestSupport"),
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "flowrunTests", dependencies: ["flowrun", "TestSupport"], exclude: ["Fixtures", "Golden"]),
    ]
)
