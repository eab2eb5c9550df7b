// ObjectAnnotationTests: drawing detected objects (what `sightline detect --annotate` writes) —
// outlines in each object's role colour, labels above the boxes, the most confident object on
// top where two overlap, and nothing else touched.
import SightlineImaging
import SightlineVision
import XCTest

final class ObjectAnnotationTests: XCTestCase {
    private let green = AnnotationRole(color: RGBColor(red: 0, green: 200, blue: 0))
    private let red = AnnotationRole(color: RGBColor(red: 220, green: 0, blue: 0))

    private func object(_ label: String, _ confidence: Double, x: Double) -> DetectedObject {
        DetectedObject(label: label, classIndex: label == "apple" ? 0 : 1, confidence: confidence,
                       boundingBox: PixelRect(x: x, y: 40, width: 100, height: 200), imageWidth: 640, imageHeight: 320)
    }

    func testBoxesAndLabelsOfTheMostConfidentObjectAreOnTop() throws {
        let photo = RGBImage(width: 640, height: 320, color: .white)
        // The banana's box and label overlap the apple's, 10 pixels further right.
        let objects = [object("apple", 0.81, x: 150), object("banana", 0.72, x: 160)]
        var annotator = try ImageAnnotator(image: photo)
        annotator.drawObjects(objects) { $0.label == "apple" ? self.green : self.red }
        let image = annotator.image

        XCTAssertEqual(image[150, 239], green.color, "the apple's bottom-left corner")
        XCTAssertEqual(image[259, 239], red.color, "the banana's bottom-right corner")
        // Where the bottom edges overlap, the apple (more confident, drawn last) shows.
        XCTAssertEqual(image[200, 239], green.color)
        // Both labels sit above their boxes; their shared top row shows the apple's background.
        let appleLabel = annotator.labelSize("apple 81.0%"), bananaLabel = annotator.labelSize("banana 72.0%")
        let labelTop = 40 - appleLabel.height
        XCTAssertGreaterThanOrEqual(labelTop, 0)
        XCTAssertEqual(image[165, labelTop], green.color)
        // Just right of the apple's label, the banana's (longer, starting 10 pixels later) shows.
        XCTAssertLessThan(150 + appleLabel.width, 160 + bananaLabel.width)
        XCTAssertEqual(image[150 + appleLabel.width, labelTop], red.color)
        // Inside the boxes and outside everything, the photo is untouched.
        XCTAssertEqual(image[200, 150], .white)
        XCTAssertEqual(image[10, 10], .white)
        XCTAssertEqual(image[400, 300], .white)
    }

    func testDefaultRoleIsDetectionBlue() throws {
        var annotator = try ImageAnnotator(image: RGBImage(width: 640, height: 320, color: .white))
        annotator.drawObjects([object("apple", 0.5, x: 150)])
        XCTAssertEqual(annotator.image[150, 239], AnnotationRole.detection.color)
    }

    func testNoObjectsLeaveThePhotoUnchanged() throws {
        let photo = RGBImage(width: 64, height: 48, color: RGBColor(red: 10, green: 20, blue: 30))
        var annotator = try ImageAnnotator(image: photo)
        annotator.drawObjects([])
        XCTAssertEqual(annotator.image, photo)
    }
}
