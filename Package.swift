// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "flowrun",
    platforms: [.macOS(.v13)],
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
            // Release builds link the Swift runtime and FoundationEssentials statically:
            // no shared-library symbol binding at start-up (docs/decisions.md, "Start-up").
            swiftSettings: staticStdlibInRelease.swift,
            linkerSettings: staticStdlibInRelease.linker
        ),
        // Reusable helpers for both test targets: annotated fixtures, running the binary.
        .target(name: "TestSupport", dependencies: ["FlowKit"], path: "Tests/TestSupport"),
        .testTarget(name: "FlowKitTests", dependencies: ["FlowKit", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "flowrunTests", dependencies: ["flowrun", "TestSupport"], exclude: ["Fixtures", "Golden"]),
    ]
)

/// Release builds of the `flowrun` executable on Linux link the Swift runtime and
/// FoundationEssentials statically, as `swift build --static-swift-stdlib` would: the process
/// binds no shared Swift library at start-up (docs/decisions.md, "Start-up time"). Compiling
/// the executable's own module against the static libraries makes it name the C shims they
/// need; FlowKit stays an ordinary library for whoever embeds it.
var staticStdlibInRelease: (swift: [SwiftSetting], linker: [LinkerSetting]) {
    let release = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
    return ([.unsafeFlags(["-static-stdlib"], release)], [.unsafeFlags(["-static-stdlib"], release)])
}
