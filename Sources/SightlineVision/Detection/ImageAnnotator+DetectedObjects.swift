// ImageAnnotator+DetectedObjects: how detected objects are drawn, by `sightline detect --annotate`
// and the apps that show boxes — an outline per object labelled with its class and confidence.
public import SightlineImaging

extension ImageAnnotator {
    /// Draws each object's box outlined in the colour of its role (by default every object is a
    /// `.detection`, blue), labelled "apple 87.3%". The least confident object is drawn first,
    /// so the labels of the most confident stay on top.
    public mutating func drawObjects(_ objects: [DetectedObject],
                                     role: (DetectedObject) -> AnnotationRole = { _ in .detection }) {
        for object in objects.sorted(by: { $0.confidence < $1.confidence }) {
            drawBox(AnnotationBox(object.boundingBox), role: role(object),
                    label: "\(object.label) \(Self.percentage(object.confidence))")
        }
    }
}
