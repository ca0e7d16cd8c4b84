import Foundation
import Testing
import TestSupport

/// What the built binary needs at run time: on Linux, libyaml and RE2 are linked from
/// their static archives, so `flowrun` runs where only the C and C++ runtimes are
/// installed (README, "Installing").
@Suite struct LinkageTests {
    #if os(Linux)
    @Test func theBinaryNeedsNoSharedLibyamlOrRE2() throws {
        let outcome = try ProcessRunner.run("/usr/bin/ldd", [FlowrunProcess.executable.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("libc.so"), "ldd lists the shared libraries: \(outcome.stdout)")
        for library in ["libyaml", "libre2"] {
            #expect(!outcome.stdout.contains(library), "\(library) is linked statically: \(outcome.stdout)")
        }
    }
    #endif
}
