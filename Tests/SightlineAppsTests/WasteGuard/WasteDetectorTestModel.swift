// WasteDetectorTestModel: a tiny YOLO-shaped ONNX detector with the original WasteGuard's 20
// classes, built in the test with the engine's ONNX writer. Its output is a fixed table of
// candidate boxes in the YOLOv5 layout [1, boxes, 5 + 20] (centre x, centre y, width, height in
// pixels of its 64×64 input, objectness, 20 class scores), computed as
// GlobalAveragePool(images) · 0 + table, so the detections of any photo are known exactly:
//
//   box  centre    size    objectness  class (score)        confidence
//   0    (20, 20)  10×10   0.9         plastic bag (0.97)   0.873
//   1    (40, 20)  12×8    1.0         apple (0.75)         0.75
//   2    (20, 45)  10×10   0.8         plastic bag (0.8)    0.64
//   3    (45, 45)  8×8     0.6         battery (1.0)        0.6
//   4    (50, 10)  6×6     0.5         orange (0.7)         0.35 — below the 0.4 threshold
//   5    zeros
import Foundation
import SightlineEngine

enum WasteDetectorTestModel {
    /// The side of the square input.
    static let side = 64
    /// WasteGuard's labels in the original model's order.
    static let labels = ["feather", "flower", "egg", "kitchen paper", "apple", "foliage", "soil", "egg carton", "orange", "bone",
                         "cigarette", "pill", "plastic cup", "plastic bag", "glass", "face mask", "ceramic", "can", "battery", "stone"]

    /// (centre x, centre y, width, height, objectness, class index, class score)
    static let boxes: [(Float, Float, Float, Float, Float, Int, Float)] = [
        (20, 20, 10, 10, 0.9, 13, 0.97),
        (40, 20, 12, 8, 1.0, 4, 0.75),
        (20, 45, 10, 10, 0.8, 13, 0.8),
        (45, 45, 8, 8, 0.6, 18, 1.0),
        (50, 10, 6, 6, 0.5, 8, 0.7),
        (0, 0, 0, 0, 0, 0, 0),
    ]

    /// Writes the model to `url`.
    static func write(to url: URL) throws {
        let width = 5 + labels.count
        var table = [Float](repeating: 0, count: boxes.count * width)
        for (row, box) in boxes.enumerated() {
            let base = row * width
            (table[base], table[base + 1], table[base + 2], table[base + 3], table[base + 4]) = (box.0, box.1, box.2, box.3, box.4)
            table[base + 5 + box.5] = box.6
        }
        let graph = Graph(
            name: "waste-detector-test",
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
        try Model(irVersion: 8, opsetVersion: 13, producerName: "SightlineAppsTests", metadata: [:], graph: graph).write(to: url)
    }
}
