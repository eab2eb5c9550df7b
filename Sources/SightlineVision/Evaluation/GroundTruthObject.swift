// GroundTruthObject: one labelled object of an evaluation photo — its class and its box as a
// fraction of the photo's size, as YOLO label files give them.

/// A labelled object: the class index (in the dataset's class order) and its box in fractions
/// of the upright photo's width and height, origin top-left.
public struct GroundTruthObject: Sendable, Hashable {
    public var classIndex: Int
    public var box: NormalizedRect

    public init(classIndex: Int, box: NormalizedRect) {
        self.classIndex = classIndex
        self.box = box
    }
}
