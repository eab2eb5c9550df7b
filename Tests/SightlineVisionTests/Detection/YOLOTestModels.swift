// YOLOTestModels: the small YOLO-shaped ONNX models of scripts/reference/make_yolo_models.py,
// written once per test run into a temporary folder that ObjectDetectorTests removes when it
// ends. Their output table (see the script's docstring) is what the detector tests'
// expectations are computed from by hand.
import Foundation
import SightlineTestSupport

enum YOLOTestModels {
    /// The folder holding yolov5.onnx, yolov8.onnx, yolov8-dynamic.onnx and yolov8-segment.onnx.
    private static let folder = Result { () throws -> URL in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-yolo-models-\(UUID().uuidString)")
        _ = try ReferencePython.run(script: "scripts/reference/make_yolo_models.py", arguments: [folder.path])
        return folder
    }

    /// The model file `name` ("yolov5.onnx", …).
    static func url(_ name: String) throws -> URL {
        try folder.get().appendingPathComponent(name)
    }

    /// Removes the folder (ObjectDetectorTests' class tear-down).
    static func removeAll() {
        if case .success(let folder) = folder {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
