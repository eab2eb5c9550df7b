// KernelSelection: which SIMD variant of the CPU kernels this machine runs, chosen once at
// run time from the CPU's features (so one binary serves machines with and without AVX2).

import CSightlineKernels

public enum KernelSelection {
    /// "avx2+fma" or "generic".
    public static var instructionSet: String { String(cString: sl_cpu_kernel_isa()) }
    /// Whether the CPU has AVX-512F (reported only; the AVX2 kernels run there too).
    public static var cpuHasAVX512: Bool { sl_cpu_has_avx512f() != 0 }
}
