// ObjectRecognizerTests: the Object Recognizer on real photos with the installed lite0 — the top-1
// label with its category, the confidence as a one-decimal percentage in the caption, the top-5
// view, the face scan (two faces; "No faces found." on a vegetable), and the capture: the caption
// drawn in white on a black band centred near the top of the photo.
import Foundation
import SightlineApps
import SightlineEngine
import SightlineImaging
import SightlineVision
import XCTest

final class ObjectRecognizerTests: XCTestCase {
    private static let recognizer = Result { try ObjectRecognizer(scanningFaces: true, inferenceOptions: InferenceOptions(threads: 1)) }

    private func recognizer() throws -> ObjectRecognizer {
        _ = try TestEnvironment.lite0()
        return try Self.recognizer.get()
    }

    func testSamplePhotosGetTheirLabelAndCategory() throws {
        let recognizer = try recognizer()
        let expected = [("cabbage.jpg", "cabbage", "fruit-and-vegetables"), ("zucchini.jpg", "zucchini", "fruit-and-vegetables"),
                        ("green-bell-pepper.jpg", "bell pepper", "fruit-and-vegetables"),
                        ("cardboard-box.jpg", "carton", "containers"), ("glass-bottle.jpg", "soda bottle", "containers")]
        for (file, label, category) in expected {
            let result = try recognizer.recognize(TestEnvironment.samplePhoto(file))
            XCTAssertEqual(result.label, label, file)
            XCTAssertEqual(result.category.id, category, file)
            XCTAssertEqual(recognizer.categories.classLabels[result.best.index], label, file)
            XCTAssertEqual(result.ranked.count, 5, file)
            XCTAssertEqual(result.ranked.first, result.best, file)
            XCTAssertEqual(result.ranked.map(\.confidence), result.ranked.map(\.confidence).sorted(by: >), file)
            XCTAssertNil(result.faceScan, file)
        }
    }

    func testTheCaptionIsLabelCommaPercentWithOneDecimal() throws {
        let result = try recognizer().recognize(TestEnvironment.samplePhoto("cabbage.jpg"))
        XCTAssertEqual(result.confidenceText, String(format: "%.1f%%", result.confidence * 100))
        XCTAssertEqual(result.caption, "cabbage, \(result.confidenceText)")
        XCTAssertNotNil(result.caption.range(of: #"^cabbage, \d{1,3}\.\d%$"#, options: .regularExpression), result.caption)
        XCTAssertGreaterThan(result.confidence, 0.5)
    }

    func testAResultIsGivenEvenWhenTheModelIsUnsure() throws {
        // A flat grey image: no object at all, yet the recognizer names its best guess.
        let result = try recognizer().recognize(RGBImage(width: 64, height: 64, color: RGBColor(red: 128, green: 128, blue: 128)),
                                                ranked: 1)
        XCTAssertEqual(result.ranked.count, 1)
        XCTAssertFalse(result.label.isEmpty)
        XCTAssertGreaterThan(result.confidence, 0)
    }

    func testTheFaceScanCountsFacesAndSaysWhenThereAreNone() throws {
        let recognizer = try recognizer()
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/two-faces.jpg", withExtension: nil))
        let photo = try ImageDecoder.decode(contentsOf: url)
        let people = try recognizer.recognize(photo, scanFaces: true)
        XCTAssertEqual(people.faceScan?.count, 2)
        XCTAssertEqual(people.faceScan?.summary(in: .english), "2 faces found.")
        for face in people.faceScan?.faces ?? [] {
            XCTAssertTrue(face.boundingBox.x >= 0 && face.boundingBox.x + face.boundingBox.width <= Double(photo.width) + 1)
        }
        let cabbage = try recognizer.scanFaces(in: TestEnvironment.samplePhoto("cabbage.jpg"))
        XCTAssertEqual(cabbage.count, 0)
        XCTAssertEqual(cabbage.summary(in: .english), "No faces found.")
    }

    func testWithoutAFaceDetectorAFaceScanExplainsWhatIsMissing() throws {
        let classifier = try ImageClassifier(model: TestEnvironment.lite0(), options: InferenceOptions(threads: 1))
        let recognizer = try ObjectRecognizer(classifier: classifier, categories: ObjectCategories.bundled())
        XCTAssertThrowsError(try recognizer.recognize(TestEnvironment.samplePhoto("cabbage.jpg"), scanFaces: true)) { error in
            XCTAssertEqual(error as? ObjectRecognizerError, .faceScanUnavailable)
        }
    }

    func testTheCaptureHasTheCaptionOnABlackBandNearTheTop() throws {
        let photo = try TestEnvironment.samplePhoto("cabbage.jpg")
        let result = try recognizer().recognize(photo)
        let capture = try RecognizerCapture(photo: photo, recognition: result)
        let image = capture.annotatedImage
        XCTAssertEqual(image.size, photo.size)
        // The band starts 4 % down and is centred: black at its left and right ends, symmetric.
        let bandTop = Int((Double(photo.height) * 0.04).rounded())
        let row = bandTop + 1
        let black = (0 ..< image.width).filter { image[$0, row] == RGBColor.black && photo[$0, row] != RGBColor.black }
        let left = try XCTUnwrap(black.first), right = try XCTUnwrap(black.last)
        XCTAssertLessThanOrEqual(abs((left + right) - (image.width - 1)), 1, "centred: \(left)…\(right) of \(image.width)")
        XCTAssertGreaterThan(right - left, image.width / 4)
        // White text inside the band; nothing changed below it.
        let bandRows = bandTop ..< bandTop + image.height / 8
        XCTAssertTrue(bandRows.contains { y in (left ... right).contains { image[$0, y] == RGBColor.white } })
        XCTAssertEqual(image[5, image.height - 5], photo[5, image.height - 5])
        XCTAssertEqual(image[left, bandTop - 1], photo[left, bandTop - 1])

        let thumbnail = try ImageDecoder.decode(data: capture.thumbnailData())
        XCTAssertLessThanOrEqual(max(thumbnail.width, thumbnail.height), RecognizerCapture.thumbnailSide)
        let jpeg = try ImageDecoder.decode(data: capture.jpegData())
        XCTAssertEqual(jpeg.size, photo.size)
    }
}
