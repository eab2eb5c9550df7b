// KitchenDetectorTestModel: a tiny YOLO-shaped ONNX ingredient detector, built in the test with the
// engine's ONNX writer and installed as `kitchen-detector` in a model store of its own. Its output
// is a fixed table of boxes in the YOLOv5 layout [1, boxes, 5 + 4] (centre x, centre y, width,
// height in pixels of its 64×64 input, objectness, 4 class scores), computed as
// GlobalAveragePool(images) · 0 + table, so the detections of any photo are known exactly. A
// square photo fills the input, so each box in fractions of the photo is the table's box / 64:
//
//   box  centre    size    class (confidence)  in fractions of the photo
//   0    (16, 16)  16×16   tomato (0.95)       (0.125, 0.125) 0.25×0.25    accepted
//   1    (48, 16)  8×8     tomato (0.6)        (0.6875, 0.1875) 0.125×0.125  the tomato's second box
//   2    (16, 48)  16×16   onion (0.85)        (0.125, 0.625) 0.25×0.25    accepted
//   3    (48, 48)  8×8     garlic (0.5)        (0.6875, 0.6875) 0.125×0.125  offered
//   4    (17, 17)  16×16   lemon (0.45)        on the tomato (IoU 0.78): not offered
//   5    (32, 32)  4×4     garlic (0.2)        below 0.3: dropped
import Foundation
import SightlineEngine
import SightlineVision

enum KitchenDetectorTestModel {
    /// The side of the square input.
    static let side = 64
    static let labels = ["tomato", "onion", "garlic", "lemon"]

    /// (centre x, centre y, width, height, class index, confidence); objectness is 1.
    static let boxes: [(Float, Float, Float, Float, Int, Float)] = [
        (16, 16, 16, 16, 0, 0.95),
        (48, 16, 8, 8, 0, 0.6),
        (16, 48, 16, 16, 1, 0.85),
        (48, 48, 8, 8, 2, 0.5),
        (17, 17, 16, 16, 3, 0.45),
        (32, 32, 4, 4, 2, 0.2),
    ]

    /// A model store in `directory` with the test detector installed as `kitchen-detector`, with a
    /// manifest like the one `sightline models add` writes.
    static func store(in directory: URL) throws -> ModelStore {
        let store = ModelStore(dataDirectory: directory)
        let folder = store.modelsDirectory.appendingPathComponent("kitchen-detector", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(to: folder.appendingPathComponent("model.onnx"))
        let manifest = ModelManifest(
            name: "kitchen-detector", title: "test ingredient detector", task: .objectDetection, file: "model.onnx", sha256: "-",
            input: .init(name: "images", layout: .nchw, width: side, height: side, color: "RGB", resize: .none,
                         normalization: .init(mean: [0, 0, 0], std: [255, 255, 255])),
            outputs: [:], labels: labels, licence: "test",
            source: .init(package: "local file", version: "", file: "model.onnx", sha256: "-"), converter: "sightline models add")
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent(ModelStore.manifestFileName))
        return store
    }

    private static func write(to url: URL) throws {
        let width = 5 + labels.count
        var table = [Float](repeating: 0, count: boxes.count * width)
        for (row, box) in boxes.enumerated() {
            let base = row * width
            (table[base], table[base + 1], table[base + 2], table[base + 3], table[base + 4]) = (box.0, box.1, box.2, box.3, 1)
            table[base + 5 + box.4] = box.5
        }
        let graph = Graph(
            name: "kitchen-detector-test",
            nodes: [
                Node(name: "pool", opType: "GlobalAveragePool", inputs: ["images"], outputs: ["pooled"]),
                Node(name: "flatten", opType: "Flatten", inputs: ["pooled"], outputs: ["flat"], attributes: ["axis": .int(1)]),
                Node(name: "table", opType: "Gemm", inputs: ["flat", "zeros", "table"], outputs: ["rows"]),
                Node(name: "reshape", opType: "Reshape", inputs: ["rows", "shape"], outputs: ["output0"]),
            ],
            initializers: [
                "zeros": Tensor(zeros: [3, table.count]),
                "table": Tensor(shape: [table.count], floats: table),
                "shape": Tensor(shape: [3], int64s: [1, Int64(boxes.count), Int64(width)]),
            ],
            inputs: [ValueInfo(name: "images", elementType: .float32, shape: [.fixed(1), .fixed(3), .fixed(side), .fixed(side)])],
            outputs: [ValueInfo(name: "output0", elementType: .float32,
                                shape: [.fixed(1), .fixed(boxes.count), .fixed(width)])])
        try Model(irVersion: 8, opsetVersion: 13, producerName: "SightlineServerTests", metadata: [:], graph: graph).write(to: url)
    }
}
