// BenchmarkResult: one line of `sightline-lab bench` — a figure measured for Sightline, for the
// reference (ONNX Runtime in FP32, or Python + Pillow + ONNX Runtime) and, where the bench runs
// it, for OpenVINO in its default precision on the machine, under the same settings, and
// Sightline's ratio to each.
import Foundation
import SightlinePresentation

struct BenchmarkResult: Encodable {
    /// What the two figures count.
    enum Unit: String {
        /// A time: a run, a batch, a whole process.
        case milliseconds = "ms"
        /// Peak resident memory.
        case megabytes = "MB"
        /// Achieved floating-point operations per second.
        case gigaflopsPerSecond = "GFLOP/s"

        /// The JSON keys' suffix: "sightline_ms", "sightline_mb", "sightline_gflops".
        var key: String {
            switch self {
            case .milliseconds: "ms"
            case .megabytes: "mb"
            case .gigaflopsPerSecond: "gflops"
            }
        }

        /// Whether less of it is better (time, memory) or more (speed).
        var lowerIsBetter: Bool { self != .gigaflopsPerSecond }
    }

    /// "lite0-b1-t2": what was measured (model, batch or task) and the thread count.
    let name: String
    /// What was measured, for people ("batch-1 latency", …).
    let measure: String
    let unit: Unit
    let sightline: Double
    let reference: Double
    /// OpenVINO's figure (its default precision on this CPU), where the bench measures it.
    var openVINO: Double?
    /// For times: images processed per timed run (turns a time into images per second).
    var imagesPerRun: Int?
    /// Further facts for the JSON entry (counts, shares of the peak, per-network times, …).
    var details: BenchmarkDetails = .none
    /// Further facts for the table, after the figure ("29 % of peak").
    var sightlineNote: String?
    var referenceNote: String?
    var openVINONote: String?

    /// Sightline's figure divided by the reference's: for times and memory below 1 means
    /// Sightline does better, for GFLOP/s above 1.
    var ratio: Double { sightline / reference }
    /// Sightline's figure divided by OpenVINO's, where OpenVINO was measured.
    var openVINORatio: Double? { openVINO.map { sightline / $0 } }

    /// The result as `sightline-lab bench --json` writes it: name, measure, unit, both figures
    /// (keys named by the unit: "sightline_ms", "reference_gflops"), ratio, which way is better,
    /// OpenVINO's figure and Sightline's ratio to it (null where it was not measured), images per
    /// second for batched times, then the details.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchmarkKey.self)
        try container.encode(name, forKey: "name")
        try container.encode(measure, forKey: "measure")
        try container.encode(unit.rawValue, forKey: "unit")
        try container.encode(sightline.rounded(digits: 3), forKey: BenchmarkKey("sightline_\(unit.key)"))
        try container.encode(reference.rounded(digits: 3), forKey: BenchmarkKey("reference_\(unit.key)"))
        try container.encode(ratio.rounded(digits: 3), forKey: "ratio")
        try container.encode(unit.lowerIsBetter ? "lower" : "higher", forKey: "better")
        try container.encode(openVINO?.rounded(digits: 3), forKey: BenchmarkKey("openvino_\(unit.key)"))
        try container.encode(openVINORatio?.rounded(digits: 3), forKey: "openvino_ratio")
        if let imagesPerRun {
            try container.encode(imagesPerRun, forKey: "images_per_run")
            try container.encode(Self.imagesPerSecond(imagesPerRun, sightline).rounded(digits: 2),
                                 forKey: "sightline_images_per_second")
            try container.encode(Self.imagesPerSecond(imagesPerRun, reference).rounded(digits: 2),
                                 forKey: "reference_images_per_second")
            if let openVINO {
                try container.encode(Self.imagesPerSecond(imagesPerRun, openVINO).rounded(digits: 2),
                                     forKey: "openvino_images_per_second")
            }
        }
        try details.encode(into: &container)
    }

    /// Sightline's figure as the table shows it: "15.40 ms (64.9 images/s)", "97.1 MB", …
    var sightlineText: String { text(sightline, note: sightlineNote) }
    var referenceText: String { text(reference, note: referenceNote) }
    /// OpenVINO's figure as the table shows it, or "—" where it was not measured.
    var openVINOText: String { openVINO.map { text($0, note: openVINONote) } ?? "—" }

    private func text(_ value: Double, note: String?) -> String {
        var text = String(format: "%.2f %@", value, unit.rawValue)
        if let imagesPerRun, imagesPerRun > 1 {
            text += String(format: " (%.1f images/s)", Self.imagesPerSecond(imagesPerRun, value))
        }
        if let note { text += " (\(note))" }
        return text
    }

    private static func imagesPerSecond(_ images: Int, _ milliseconds: Double) -> Double {
        Double(images) * 1000 / milliseconds
    }
}
