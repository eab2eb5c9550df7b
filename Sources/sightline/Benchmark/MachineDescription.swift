// MachineDescription: the CPU a benchmark ran on — model name, cores available to this
// process and the SIMD extensions relevant to the engine's kernels — read from /proc/cpuinfo.
import Foundation
import SightlineEngine

struct MachineDescription {
    let cpu: String
    let cores: Int
    /// The vector extensions the CPU offers that Sightline's kernels can use ("avx2 fma"), or
    /// "generic" when it has none of them.
    let isa: String

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        func firstValue(_ key: String) -> String? {
            cpuinfo.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let flags = Set((firstValue("flags") ?? "").split(separator: " ").map(String.init))
        let extensions = ["avx512f", "avx2", "fma", "neon", "asimd"].filter(flags.contains)
        return MachineDescription(cpu: firstValue("model name") ?? "unknown CPU",
                                  cores: ThreadPool.availableCores,
                                  isa: extensions.isEmpty ? "generic" : extensions.joined(separator: " "))
    }
}
