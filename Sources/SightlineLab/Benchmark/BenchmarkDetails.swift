// BenchmarkDetails: the further facts one kind of benchmark result carries besides the figures
// and their ratios — the stages of the end-to-end run, the efficiency's multiply-adds and
// shares of the peak, the folder runs, MTCNN's per-network times — as `sightline-lab bench
// --json` writes them after the result's own keys.
import SightlinePresentation

enum BenchmarkDetails {
    /// The two stages of an end-to-end run timed alone, in milliseconds.
    struct Stages: Encodable {
        let prepare: Double
        let inference: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BenchmarkKey.self)
            try container.encode(prepare.rounded(digits: 3), forKey: "prepare")
            try container.encode(inference.rounded(digits: 3), forKey: "inference")
        }
    }

    /// Milliseconds for each MTCNN network, in the order the detector runs them.
    struct NetworkTimes: Encodable {
        let milliseconds: [(network: String, milliseconds: Double)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BenchmarkKey.self)
            for entry in milliseconds {
                try container.encode(entry.milliseconds.rounded(digits: 3), forKey: BenchmarkKey(entry.network))
            }
        }
    }

    /// Nothing beyond the figures.
    case none
    /// A 12 MP JPEG to its top-5: each side's two stages alone.
    case endToEnd(sightline: Stages, reference: Stages, openVINO: Stages)
    /// Achieved GFLOP/s: the model's multiply-adds (in all and by kind of operator), the peak of
    /// the cores the threads use and each side's share of it.
    case efficiency(multiplyAdds: Int, byKind: [(kind: String, count: Int)], peakGFLOPS: Double,
                    sightlineOfPeak: Double, referenceOfPeak: Double, openVINOOfPeak: Double?)
    /// A folder classified by whole processes: the throughput ratio, every run's wall time, the
    /// mean CPU times and Sightline's peak memory.
    case folder(throughputRatio: Double, sightlineRunsMilliseconds: [Double], referenceRunsMilliseconds: [Double],
                openVINORunsMilliseconds: [Double], sightlineCPUMilliseconds: Double, referenceCPUMilliseconds: Double,
                openVINOCPUMilliseconds: Double, sightlinePeakMegabytes: Double)
    /// Peak memory of classifying a folder one photo at a time: the photos and the wall time.
    case peakMemory(photos: Int, sightlineMilliseconds: Double)
    /// MTCNN's networks: the pyramid's levels, the crops the later networks saw and each side's
    /// time per network.
    case mtcnnNetworks(pyramidLevels: Int, rnetCrops: Int, onetCrops: Int, sightline: NetworkTimes, reference: NetworkTimes)
    /// MTCNN's whole detection: the faces each side found.
    case mtcnnDetection(sightlineFaces: Int, referenceFaces: Int)

    /// Writes the facts into the result's object, after its own keys.
    func encode(into container: inout KeyedEncodingContainer<BenchmarkKey>) throws {
        switch self {
        case .none:
            break
        case .endToEnd(let sightline, let reference, let openVINO):
            try container.encode(sightline, forKey: "sightline_stage_ms")
            try container.encode(reference, forKey: "reference_stage_ms")
            try container.encode(openVINO, forKey: "openvino_stage_ms")
        case .efficiency(let multiplyAdds, let byKind, let peak, let sightlineOfPeak, let referenceOfPeak, let openVINOOfPeak):
            try container.encode(multiplyAdds, forKey: "multiply_adds")
            var kinds = container.nestedContainer(keyedBy: BenchmarkKey.self, forKey: "multiply_adds_by_kind")
            for entry in byKind { try kinds.encode(entry.count, forKey: BenchmarkKey(entry.kind)) }
            try container.encode(peak.rounded(digits: 1), forKey: "peak_gflops")
            try container.encode(sightlineOfPeak.rounded(digits: 3), forKey: "sightline_of_peak")
            try container.encode(referenceOfPeak.rounded(digits: 3), forKey: "reference_of_peak")
            try container.encode(openVINOOfPeak?.rounded(digits: 3), forKey: "openvino_of_peak")
        case .folder(let ratio, let sightlineRuns, let referenceRuns, let openVINORuns, let sightlineCPU, let referenceCPU,
                     let openVINOCPU, let sightlinePeak):
            try container.encode(ratio.rounded(digits: 3), forKey: "throughput_ratio")
            try container.encode(sightlineRuns.map { $0.rounded(digits: 1) }, forKey: "sightline_runs_ms")
            try container.encode(referenceRuns.map { $0.rounded(digits: 1) }, forKey: "reference_runs_ms")
            try container.encode(openVINORuns.map { $0.rounded(digits: 1) }, forKey: "openvino_runs_ms")
            try container.encode(sightlineCPU.rounded(digits: 1), forKey: "sightline_cpu_ms")
            try container.encode(referenceCPU.rounded(digits: 1), forKey: "reference_cpu_ms")
            try container.encode(openVINOCPU.rounded(digits: 1), forKey: "openvino_cpu_ms")
            try container.encode(sightlinePeak.rounded(digits: 1), forKey: "sightline_peak_mb")
        case .peakMemory(let photos, let milliseconds):
            try container.encode(photos, forKey: "photos")
            try container.encode(milliseconds.rounded(digits: 1), forKey: "sightline_ms")
        case .mtcnnNetworks(let levels, let rnetCrops, let onetCrops, let sightline, let reference):
            try container.encode(levels, forKey: "pyramid_levels")
            try container.encode(rnetCrops, forKey: "rnet_crops")
            try container.encode(onetCrops, forKey: "onet_crops")
            try container.encode(sightline, forKey: "sightline_network_ms")
            try container.encode(reference, forKey: "reference_network_ms")
        case .mtcnnDetection(let sightlineFaces, let referenceFaces):
            try container.encode(sightlineFaces, forKey: "sightline_faces")
            try container.encode(referenceFaces, forKey: "reference_faces")
        }
    }
}

/// A key of the bench's JSON: its objects name some keys by the unit ("sightline_ms",
/// "sightline_mb") or by a network or operator kind, so they are not one fixed enumeration.
struct BenchmarkKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringLiteral name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
