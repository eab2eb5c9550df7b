// ImageAnnotator+Faces: how found faces are drawn, by `sightline faces --annotate` and every
// app that shows a face scan — a box with the confidence and the five landmarks as dots.
public import SightlineImaging

extension ImageAnnotator {
    /// Draws each face: its box outlined in `role`'s colour with the detector's confidence as
    /// the label ("99.8%"), and its five landmarks (eyes, nose, mouth corners) as dots — 1/20
    /// of the face's shorter side in radius, between 1.5 pixels and the default dot size, so
    /// they do not cover small faces. The least confident face is drawn first, so the labels
    /// of the most confident stay on top.
    public mutating func drawFaces(_ faces: [FaceObservation], role: AnnotationRole = .face) {
        for face in faces.sorted(by: { $0.confidence < $1.confidence }) {
            drawBox(AnnotationBox(face.boundingBox), role: role, label: Self.percentage(face.confidence))
            let faceSide = min(face.boundingBox.width, face.boundingBox.height)
            let radius = min(max(faceSide / 20, 1.5), Double(lineWidth) + 1)
            for landmark in face.landmarks.all {
                drawDot(at: AnnotationPoint(landmark), role: role, radius: radius)
            }
        }
    }
}
