// KernelSelection: which SIMD variant of the CPU kernels this machine runs, chosen once at
// run time from the CPU's features (so one binary serves machines with and without AVX2 or
// AVX-512), and the clock its cores actually run at.

import CSightlineKernels

public enum KernelSelection {
    /// "avx512", "avx2+fma" or "generic".
    public static var instructionSet: String { String(cString: sl_cpu_kernel_isa()) }
    /// Whether the CPU has AVX-512F (whether or not the kernels use it).
    public static var cpuHasAVX512: Bool { sl_cpu_has_avx512f() != 0 }
    /// The clock the calling thread's core runs at, in GHz, measured over about 50 ms with a
    /// chain of dependent integer adds (one per cycle); nil where it cannot be measured.
    public static func measuredClockGHz() -> Double? {
        let gigahertz = sl_cpu_measure_clock_ghz()
        return gigahertz > 0 ? gigahertz : nil
    }
}
