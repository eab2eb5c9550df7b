// BenchmarkResult: one line of `sightline bench` — a measurement taken for Sightline and for
// the ONNX Runtime reference under the same settings, and their ratio.
import SightlinePresentation

struct BenchmarkResult {
    /// "lite0-b1-t2": model, batch size (or "e2e-12mp") and thread count.
    let name: String
    /// What was timed, for the text table ("batch-1 latency", …).
    let measure: String
    /// Images processed per timed run (turns a run time into images per second).
    let imagesPerRun: Int
    let sightlineMilliseconds: Double
    let referenceMilliseconds: Double

    /// Sightline's time divided by the reference's: below 1 means Sightline is faster.
    var ratio: Double { sightlineMilliseconds / referenceMilliseconds }

    var json: JSONLine {
        .object([
            ("name", .string(name)),
            ("sightline_ms", .number(sightlineMilliseconds, digits: 3)),
            ("reference_ms", .number(referenceMilliseconds, digits: 3)),
            ("ratio", .number(ratio, digits: 3)),
        ])
    }
}
