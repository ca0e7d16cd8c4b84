import CLibFuzzer
import Glibc

/// Hands control to libFuzzer with a Swift closure as the target. SwiftPM gives every
/// executable a main of its own, so libFuzzer's `main` cannot be used; its
/// `LLVMFuzzerRunDriver` takes the same command line instead.
public enum Fuzzer {
    nonisolated(unsafe) private static var target: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }

    public static func run(_ target: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
        Fuzzer.target = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            Fuzzer.target(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}
