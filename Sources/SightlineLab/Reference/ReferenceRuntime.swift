// ReferenceRuntime: the runtimes `sightline-lab bench` times Sightline against, each driven
// through its own script in scripts/reference/ — ONNX Runtime (FP32, the reference every ratio
// is taken against) and OpenVINO (in its default precision on the machine). Neither is ever
// used to compute Sightline's answers.
import Foundation
import SightlineCommandSupport

enum ReferenceRuntime: String, CaseIterable {
    case onnxRuntime = "onnxruntime"
    case openVINO = "openvino"

    /// The script that runs it, relative to the repository.
    var scriptPath: String {
        switch self {
        case .onnxRuntime: ONNXRuntimeReference.scriptPath
        case .openVINO: "scripts/reference/openvino_bench.py"
        }
    }

    /// Its name for people.
    var displayName: String {
        switch self {
        case .onnxRuntime: "ONNX Runtime"
        case .openVINO: "OpenVINO"
        }
    }

    /// The command line (interpreter first) of the Python + Pillow (draft) + runtime loop that
    /// classifies every photo under `folder` with `modelURL`, printing one JSON line per photo.
    func classifyCommand(repository: Repository, modelURL: URL, threads: Int, folder: URL) throws -> [String] {
        try [repository.python().path, repository.url(scriptPath).path, "classify",
             "--model", modelURL.path, "--threads", "\(threads)", folder.path]
    }
}
