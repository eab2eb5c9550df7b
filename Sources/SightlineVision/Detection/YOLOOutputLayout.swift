// YOLOOutputLayout: the two ways YOLO-family exports lay out their raw predictions, and how
// one is recognised from the output tensor's shape (and the number of labels, when known).

/// How a YOLO model's output tensor holds its candidate boxes. Box coordinates are the
/// centre, width and height in pixels of the (letterboxed) model input.
public enum YOLOOutputLayout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// YOLOv5 / YOLOv7: `[1, boxes, 5 + classes]`, each row x, y, w, h, objectness, then one
    /// score per class; a box's confidence is objectness × class score.
    case yolov5
    /// YOLOv8 and later Ultralytics models: `[1, 4 + classes, boxes]` (transposed), each column
    /// x, y, w, h, then one score per class; no objectness.
    case yolov8

    public var description: String {
        switch self {
        case .yolov5: "YOLOv5/v7 [1, boxes, 5 + classes]"
        case .yolov8: "YOLOv8 [1, 4 + classes, boxes]"
        }
    }

    /// The number of values before the class scores.
    var valuesBeforeClassScores: Int {
        switch self {
        case .yolov5: 5
        case .yolov8: 4
        }
    }

    /// How many boxes and classes an output of `shape` holds in this layout, or nil if it
    /// cannot be this layout (wrong rank, batch other than 1, or no room for one class).
    func geometry(ofShape shape: [Int]) -> YOLOOutputGeometry? {
        let matrix: [Int]
        switch shape.count {
        case 3 where shape[0] == 1: matrix = Array(shape[1...])
        case 2: matrix = shape
        default: return nil
        }
        let (boxes, values) = self == .yolov5 ? (matrix[0], matrix[1]) : (matrix[1], matrix[0])
        guard boxes >= 1, values > valuesBeforeClassScores else { return nil }
        return YOLOOutputGeometry(layout: self, boxCount: boxes, classCount: values - valuesBeforeClassScores)
    }

    /// The layout of an output tensor of `shape`, decided in this order:
    /// 1. `override`, which must fit the shape;
    /// 2. when the number of labels is known, the one layout whose class count matches it;
    /// 3. the layout that makes the longer dimension the boxes (exports score thousands of
    ///    boxes and far fewer classes).
    ///
    /// - Throws: a reason (for `ObjectDetectionError.unsupportedModel`) when no layout fits or
    ///   the shape is square and nothing else decides.
    static func resolve(shape: [Int], override: YOLOOutputLayout?, labelCount: Int?) throws -> YOLOOutputGeometry {
        let shapeText = "[" + shape.map(String.init).joined(separator: ", ") + "]"
        if let override {
            guard let geometry = override.geometry(ofShape: shape) else {
                throw LayoutMismatch("its output \(shapeText) cannot be read in the \(override) layout that was asked for")
            }
            return geometry
        }
        let fitting = allCases.compactMap { $0.geometry(ofShape: shape) }
        guard !fitting.isEmpty else {
            throw LayoutMismatch("its output \(shapeText) is neither [1, boxes, 5 + classes] (YOLOv5/v7) nor "
                + "[1, 4 + classes, boxes] (YOLOv8); models exported with built-in suppression are not supported")
        }
        if fitting.count == 1 { return fitting[0] }
        if let labelCount {
            let matching = fitting.filter { $0.classCount == labelCount }
            if matching.count == 1 { return matching[0] }
        }
        let longerIsBoxes = fitting.filter { geometry in
            let other = geometry.layout == .yolov5 ? shape[shape.count - 1] : shape[shape.count - 2]
            return geometry.boxCount > other
        }
        guard longerIsBoxes.count == 1 else {
            throw LayoutMismatch("its output \(shapeText) could be either layout; name it explicitly (yolov5 or yolov8)")
        }
        return longerIsBoxes[0]
    }

    /// Why an output shape fits no layout; becomes `ObjectDetectionError.unsupportedModel`.
    struct LayoutMismatch: Error {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }
}

/// A layout applied to one output shape: how many candidate boxes and classes it holds.
struct YOLOOutputGeometry: Sendable, Hashable {
    let layout: YOLOOutputLayout
    let boxCount: Int
    let classCount: Int
}
