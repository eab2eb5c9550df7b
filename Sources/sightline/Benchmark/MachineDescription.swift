// MachineDescription: the CPU a benchmark ran on — model name (from /proc/cpuinfo), cores
// available to this process and the SIMD kernels the engine chose for it.
import Foundation
import SightlineEngine

struct MachineDescription {
    let cpu: String
    let cores: Int
    /// The kernel variant the engine runs here ("avx2+fma" or "generic").
    let isa: String

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        func firstValue(_ key: String) -> String? {
            cpuinfo.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return MachineDescription(cpu: firstValue("model name") ?? "unknown CPU",
                                  cores: ThreadPool.availableCores,
                                  isa: KernelSelection.instructionSet)
    }
}
