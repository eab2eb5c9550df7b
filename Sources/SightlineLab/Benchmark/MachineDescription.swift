// MachineDescription: the CPU a benchmark ran on — model name (from /proc/cpuinfo), cores
// available to this process, the SIMD kernels the engine chose for it, the reduced-precision
// instructions it has — and its FP32 peak, derived from the vector width the CPU flags offer,
// its FMA units and its clock.
import Foundation
import SightlineEngine
import SightlinePresentation

struct MachineDescription: Encodable {
    let cpu: String
    let cores: Int
    /// The kernel variant the engine runs here ("avx2+fma" or "generic").
    let isa: String
    /// The widest FP32 vector extension the CPU flags offer ("AVX-512F", "AVX2 + FMA", …).
    let vectorExtension: String
    let vectorBits: Int
    /// Vector FMA instructions a core can start per cycle. CPU flags do not tell; every x86
    /// core with AVX2 and FMA since Haswell and Zen 2 (and Arm's Neoverse cores) has two.
    let fmaUnits: Int
    let clockGHz: Double
    /// Where `clockGHz` was read.
    let clockSource: String
    /// The CPU flags among ``reducedPrecisionFlags`` that this CPU has, in that order.
    var precisionFeatures: [String] = []

    /// The instructions for arithmetic below FP32, as /proc/cpuinfo names them: bfloat16 dot
    /// products (AVX512_BF16, AMX), int8 dot products (AVX512-VNNI, AVX-VNNI, AMX), FP16
    /// arithmetic and FP16 conversion (F16C). A runtime's reduced precision is only fast where
    /// the CPU has its instructions; OpenVINO's default precision follows them.
    static let reducedPrecisionFlags = ["avx512_bf16", "amx_bf16", "avx512_vnni", "avx_vnni", "amx_int8", "avx512_fp16", "f16c"]

    /// FP32 operations one core can do per cycle: lanes × FMA units × 2 (an FMA is a multiply
    /// and an add).
    var flopsPerCyclePerCore: Int { vectorBits / 32 * fmaUnits * 2 }

    /// The FP32 peak of `cores` cores (all of them by default), in GFLOP/s.
    func peakGFLOPS(cores: Int? = nil) -> Double {
        Double(flopsPerCyclePerCore) * clockGHz * Double(min(cores ?? self.cores, self.cores))
    }

    /// How the peak was derived, with the numbers.
    var peakDerivation: String {
        String(format: "%d FMA units × %d FP32 lanes (%@, %d-bit) × 2 FLOP per FMA × %.2f GHz (%@) = %.1f GFLOP/s per core; "
            + "× %d cores = %.1f GFLOP/s", fmaUnits, vectorBits / 32, vectorExtension, vectorBits, clockGHz, clockSource,
            peakGFLOPS(cores: 1), cores, peakGFLOPS())
    }

    private enum CodingKeys: String, CodingKey {
        case cpu, cores, isa, vectorExtension = "vector_extension", vectorBits = "vector_bits", fmaUnits = "fma_units"
        case clockGHz = "clock_ghz", clockSource = "clock_source", precisionFeatures = "precision_features"
        case flopsPerCyclePerCore = "flops_per_cycle_per_core"
        case peakGFLOPSPerCore = "peak_gflops_per_core", peakGFLOPS = "peak_gflops", peakDerivation = "peak_derivation"
    }

    /// The machine as `sightline-lab bench --json` writes it, with the peak and its derivation.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cpu, forKey: .cpu)
        try container.encode(cores, forKey: .cores)
        try container.encode(isa, forKey: .isa)
        try container.encode(vectorExtension, forKey: .vectorExtension)
        try container.encode(vectorBits, forKey: .vectorBits)
        try container.encode(fmaUnits, forKey: .fmaUnits)
        try container.encode(clockGHz.rounded(digits: 3), forKey: .clockGHz)
        try container.encode(clockSource, forKey: .clockSource)
        try container.encode(precisionFeatures, forKey: .precisionFeatures)
        try container.encode(flopsPerCyclePerCore, forKey: .flopsPerCyclePerCore)
        try container.encode(peakGFLOPS(cores: 1).rounded(digits: 1), forKey: .peakGFLOPSPerCore)
        try container.encode(peakGFLOPS().rounded(digits: 1), forKey: .peakGFLOPS)
        try container.encode(peakDerivation, forKey: .peakDerivation)
    }

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        func firstValue(_ key: String) -> String? {
            cpuinfo.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // x86 lists "flags", Arm "Features".
        let flags = Set((firstValue("flags") ?? firstValue("Features") ?? "").split(separator: " ").map(String.init))
        // SSE has no FMA: its multiply and add pipes together count as one FMA unit.
        let vector: (name: String, bits: Int, fmaUnits: Int) =
            if flags.contains("avx512f") { ("AVX-512F", 512, 2) }
            else if flags.contains("avx2"), flags.contains("fma") { ("AVX2 + FMA", 256, 2) }
            else if flags.contains("asimd") { ("NEON", 128, 2) }
            else { ("SSE, no FMA", 128, 1) }
        let (clockGHz, clockSource) = clock(cpuMHz: firstValue("cpu MHz"))
        return MachineDescription(cpu: firstValue("model name") ?? "unknown CPU",
                                  cores: ThreadPool.availableCores,
                                  isa: KernelSelection.instructionSet,
                                  vectorExtension: vector.name, vectorBits: vector.bits, fmaUnits: vector.fmaUnits,
                                  clockGHz: clockGHz, clockSource: clockSource,
                                  precisionFeatures: reducedPrecisionFlags.filter(flags.contains))
    }

    /// The clock the cores run at: measured (a chain of dependent integer adds retires one
    /// per cycle), as a virtual machine's /proc/cpuinfo gives the nominal clock while its
    /// cores boost (here 2.25 against 3.2 GHz, which put the engines "above" the peak).
    /// Where it cannot be measured: cpufreq's maximum (which counts boost), else "cpu MHz".
    private static func clock(cpuMHz: String?) -> (gigahertz: Double, source: String) {
        let stated = cpuMHz.flatMap(Double.init).map { String(format: "; /proc/cpuinfo states %.2f GHz", $0 / 1000) } ?? ""
        if let measured = KernelSelection.measuredClockGHz() {
            return (measured, "measured: dependent integer adds, one per cycle" + stated)
        }
        let maximum = "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"
        if let text = try? String(contentsOfFile: maximum, encoding: .utf8),
           let kilohertz = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), kilohertz > 0 {
            return (kilohertz / 1e6, "cpufreq cpuinfo_max_freq")
        }
        if let megahertz = cpuMHz.flatMap(Double.init), megahertz > 0 {
            return (megahertz / 1000, "cpu MHz in /proc/cpuinfo")
        }
        return (0, "no clock found")
    }
}
