// Tests for drawing faces (what `sightline faces --annotate` writes): the faces MTCNN finds in a
// real photo drawn as boxes, confidence labels and landmark dots, written as PNG and JPEG files
// that decode to the photo's size; plus the conversions from Vision's geometry.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
import SightlineVision
import XCTest

final class FaceAnnotationTests: XCTestCase {
    private let photoURL = TestRepository.url("Tests/SightlineVisionTests/Faces/Photos/2008_001322.jpg")

    private func photoAndFaces() throws -> (RGBImage, [FaceObservation]) {
        try TestRequirement.installedModels("mtcnn-pnet", "mtcnn-rnet", "mtcnn-onet")
        let detector = try FaceDetector(inferenceOptions: InferenceOptions(threads: 2))
        let photo = try ImageDecoder.decode(contentsOf: photoURL)
        return (photo, try detector.detectFaces(in: photo))
    }

    func testAnnotatedFacesAreWrittenAsDecodableImagesOfThePhotosSize() throws {
        let (photo, faces) = try photoAndFaces()
        XCTAssertEqual(faces.count, 3)
        var annotator = try ImageAnnotator(image: photo)
        annotator.drawFaces(faces)
        let annotated = annotator.image
        let scratch = try ScratchFolder(testCase: self)

        let pngURL = scratch.url.appendingPathComponent("faces.png")
        try ImageEncoder.pngData(annotated).write(to: pngURL)
        let png = try ImageDecoder.decode(contentsOf: pngURL)
        XCTAssertEqual(png.size, photo.size)
        XCTAssertEqual(png, annotated)

        let jpegURL = scratch.url.appendingPathComponent("faces.jpg")
        try ImageEncoder.jpegData(annotated).write(to: jpegURL)
        XCTAssertEqual(try ImageDecoder.decode(contentsOf: jpegURL).size, photo.size)

        for face in faces {
            // The box's bottom-left corner is on the outline, in the face colour.
            let box = face.boundingBox
            let corner = (x: Int(box.x.rounded()), y: Int((box.y + box.height).rounded()) - 1)
            XCTAssertEqual(png[corner.x, corner.y], AnnotationRole.face.color, "face at \(box)")
            for landmark in face.landmarks.all {
                XCTAssertEqual(png[Int(landmark.x), Int(landmark.y)], AnnotationRole.face.color, "landmark \(landmark)")
            }
            // The middle of the forehead, between the eyes and the top edge, is untouched.
            let forehead = (x: Int(face.landmarks.nose.x), y: Int((box.y + face.landmarks.leftEye.y) / 2))
            XCTAssertEqual(png[forehead.x, forehead.y], photo[forehead.x, forehead.y])
        }
    }

    func testPhotosWithoutFacesStayUnchanged() throws {
        let photo = try ImageDecoder.decode(contentsOf: photoURL)
        var annotator = try ImageAnnotator(image: photo)
        annotator.drawFaces([])
        XCTAssertEqual(annotator.image, photo)
    }

    func testVisionGeometryBecomesTheSameAnnotationCoordinates() {
        XCTAssertEqual(AnnotationBox(PixelRect(x: 1, y: 2, width: 3, height: 4)), .pixels(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(AnnotationBox(NormalizedRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
                       .normalized(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        XCTAssertEqual(AnnotationPoint(PixelPoint(x: 5, y: 6)), .pixels(x: 5, y: 6))
    }
}
