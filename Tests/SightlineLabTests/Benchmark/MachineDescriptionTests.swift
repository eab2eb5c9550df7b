// MachineDescriptionTests: the FP32 peak is lanes × FMA units × 2 × clock × cores, and this
// machine's description names a vector extension, a plausible clock and exactly the
// reduced-precision instructions its CPU flags list.
@testable import SightlineLab
import XCTest

final class MachineDescriptionTests: XCTestCase {
    func testPeakOfTwoAVX2CoresAt2_45GHz() {
        let machine = MachineDescription(cpu: "AMD EPYC", cores: 2, isa: "avx2+fma", vectorExtension: "AVX2 + FMA",
                                         vectorBits: 256, fmaUnits: 2, clockGHz: 2.45, clockSource: "test")
        XCTAssertEqual(machine.flopsPerCyclePerCore, 32)
        XCTAssertEqual(machine.peakGFLOPS(cores: 1), 78.4, accuracy: 1e-9)
        XCTAssertEqual(machine.peakGFLOPS(), 156.8, accuracy: 1e-9)
        XCTAssertEqual(machine.peakGFLOPS(cores: 8), 156.8, accuracy: 1e-9, "threads beyond the cores add no peak")
        XCTAssertTrue(machine.peakDerivation.hasSuffix("= 156.8 GFLOP/s"), machine.peakDerivation)
    }

    func testThisMachineHasAVectorWidthAndClock() {
        let machine = MachineDescription.current()
        XCTAssert([128, 256, 512].contains(machine.vectorBits))
        XCTAssert((0.3...8).contains(machine.clockGHz), "clock \(machine.clockGHz) GHz (\(machine.clockSource))")
        XCTAssertGreaterThan(machine.peakGFLOPS(), 0)
    }

    func testPrecisionFeaturesAreTheReducedPrecisionFlagsOfThisCPU() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flagsLine = try XCTUnwrap(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") || $0.hasPrefix("Features") })
        let flags = Set(flagsLine.split(separator: ":", maxSplits: 1)[1].split(separator: " ").map(String.init))
        let machine = MachineDescription.current()
        XCTAssertEqual(machine.precisionFeatures, MachineDescription.reducedPrecisionFlags.filter { flags.contains($0) })
        XCTAssertEqual(machine.precisionFeatures.contains("avx512_bf16"), flags.contains("avx512_bf16"))
    }
}
