// AnnotationGeometry+Vision: drawing Vision's observations where they were found — their
// pixel and normalised rectangles and points as the boxes and points ImageAnnotator takes.
public import SightlineImaging

extension AnnotationBox {
    /// The box of an observation in pixels of the upright image (origin top-left).
    public init(_ rect: PixelRect) {
        self = .pixels(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The box of an observation in fractions of the image size (origin top-left).
    public init(_ rect: NormalizedRect) {
        self = .normalized(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

extension AnnotationPoint {
    /// A point in pixels of the upright image (origin top-left), such as a face landmark.
    public init(_ point: PixelPoint) {
        self = .pixels(x: point.x, y: point.y)
    }
}
