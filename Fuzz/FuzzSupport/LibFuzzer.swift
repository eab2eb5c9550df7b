// LibFuzzer: starts libFuzzer's driver from a fuzz target's own entry point. SwiftPM links an
// executable's entry point as `main`, which takes the place of libFuzzer's; each target's
// `@main` therefore hands its `LLVMFuzzerTestOneInput` to `LLVMFuzzerRunDriver`, the entry
// libFuzzer offers for that, with the command line unchanged.
import Foundation

/// The signature of `LLVMFuzzerTestOneInput`: one input, 0 when it was handled.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

/// libFuzzer's `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`,
/// from the runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: FuzzTestOneInput
) -> CInt

public enum LibFuzzer {
    /// Runs libFuzzer with the process's arguments (corpus folders, -max_total_time, …) and
    /// exits with its status.
    public static func run(_ testOneInput: FuzzTestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(llvmFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
