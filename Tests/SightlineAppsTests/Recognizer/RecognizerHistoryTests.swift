// RecognizerHistoryTests: accepted captures round-trip through a real SQLite store — saved with
// their JPEG and thumbnail, listed newest first, the latest capture's thumbnail as the history's,
// deleted one by one or all at once, and grouped by category in the categories' order.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineStore
import SightlineVision
import XCTest

final class RecognizerHistoryTests: XCTestCase {
    /// A capture of a plain photo recognised as `label` (the categories' class list gives its index).
    private func capture(_ label: String, confidence: Float, faces: Int?, categories: ObjectCategories,
                         color: RGBColor) throws -> RecognizerCapture {
        let index = try XCTUnwrap(categories.classLabels.firstIndex(of: label), label)
        let best = ClassificationObservation(index: index, label: label, confidence: confidence)
        let recognition = ObjectRecognition(
            best: best, ranked: [best], category: try XCTUnwrap(categories.category(ofClass: index)),
            faceScan: faces.map { FaceScan(faces: Array(repeating: FaceObservation(
                boundingBox: PixelRect(x: 1, y: 1, width: 5, height: 5), confidence: 0.99,
                landmarks: FaceLandmarks(leftEye: PixelPoint(x: 2, y: 2), rightEye: PixelPoint(x: 4, y: 2),
                                         nose: PixelPoint(x: 3, y: 3), mouthLeft: PixelPoint(x: 2, y: 4),
                                         mouthRight: PixelPoint(x: 4, y: 4))), count: $0)) })
        return try RecognizerCapture(photo: RGBImage(width: 400, height: 300, color: color), recognition: recognition)
    }

    func testCapturesRoundTripNewestFirst() throws {
        let categories = try ObjectCategories.bundled()
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let history = RecognizerHistory(store: try Store(directory: directory), categories: categories)
        XCTAssertNil(try history.latestThumbnail())

        let start = Date(timeIntervalSinceReferenceDate: 790_000_000)
        let banana = try history.accept(capture("banana", confidence: 0.971, faces: nil, categories: categories,
                                                color: RGBColor(red: 250, green: 220, blue: 40)), at: start)
        let tabby = try history.accept(capture("tabby cat", confidence: 0.5, faces: 0, categories: categories,
                                               color: RGBColor(red: 120, green: 90, blue: 60)), at: start + 60)
        let appleCapture = try capture("Granny Smith apple", confidence: 0.873, faces: 2, categories: categories,
                                       color: RGBColor(red: 90, green: 200, blue: 80))
        let apple = try history.accept(appleCapture, at: start + 120)
        XCTAssertEqual(banana.label, "banana")
        XCTAssertEqual(banana.categoryID, "fruit-and-vegetables")
        XCTAssertEqual(banana.confidence, Double(Float(0.971)), accuracy: 1e-12)
        XCTAssertNil(banana.faceCount)
        XCTAssertEqual(tabby.faceCount, 0)
        XCTAssertEqual(apple.faceCount, 2)

        // Reopened from the file: newest first.
        let reopened = RecognizerHistory(store: try Store(directory: directory), categories: categories)
        XCTAssertEqual(try reopened.allEntries().map(\.label), ["Granny Smith apple", "tabby cat", "banana"])
        XCTAssertEqual(try reopened.entries(limit: 1, offset: 1).map(\.label), ["tabby cat"])
        XCTAssertEqual(try reopened.entries(categoryID: "cats").map(\.id), [tabby.id])
        XCTAssertEqual(try reopened.entry(id: apple.id)?.createdAt, start + 120)

        // The stored photo is the captioned JPEG; the history's thumbnail is the newest capture's.
        XCTAssertEqual(try reopened.image(id: apple.id), try appleCapture.jpegData())
        XCTAssertNotEqual(appleCapture.annotatedImage, RGBImage(width: 400, height: 300, color: RGBColor(red: 90, green: 200, blue: 80)),
                          "the caption is drawn on the saved photo")
        let latest = try XCTUnwrap(reopened.latestThumbnail())
        XCTAssertEqual(latest, try reopened.thumbnail(id: apple.id))
        let thumbnail = try ImageDecoder.decode(data: latest)
        XCTAssertEqual(thumbnail.size, ImageSize(width: 256, height: 192))
        let corner = thumbnail[4, thumbnail.height - 4]
        XCTAssertEqual(Double(corner.green), 200, accuracy: 8, "the apple capture's green, not another capture's colour")

        XCTAssertTrue(try reopened.delete(id: apple.id))
        XCTAssertFalse(try reopened.delete(id: apple.id))
        XCTAssertNil(try reopened.image(id: apple.id))
        XCTAssertEqual(try reopened.latestThumbnail(), try reopened.thumbnail(id: tabby.id))
        XCTAssertEqual(try reopened.clear(), 2)
        XCTAssertEqual(try reopened.allEntries(), [])
        XCTAssertNil(try reopened.latestThumbnail())
    }

    func testGroupingFollowsTheCategoriesOrder() throws {
        let categories = try ObjectCategories.bundled()
        let history = RecognizerHistory(store: try TestEnvironment.store(for: self), categories: categories)
        let start = Date(timeIntervalSinceReferenceDate: 790_000_000)
        let grey = RGBColor(red: 128, green: 128, blue: 128)
        for (offset, label) in ["banana", "golden retriever", "plastic bag", "Granny Smith apple", "tabby cat"].enumerated() {
            try history.accept(capture(label, confidence: 0.9, faces: nil, categories: categories, color: grey),
                               at: start + Double(offset))
        }
        let groups = try history.groupedByCategory()
        // dogs, cats, … fruit-and-vegetables, … containers: the data file's order.
        XCTAssertEqual(groups.map(\.category.id), ["dogs", "cats", "fruit-and-vegetables", "containers"])
        XCTAssertEqual(groups[2].captures.map(\.label), ["Granny Smith apple", "banana"])
        XCTAssertEqual(groups[2].category.name.text(in: .german), "Obst und Gemüse")
        XCTAssertEqual(try history.store.recognitionHistory.countsByCategory(),
                       ["dogs": 1, "cats": 1, "fruit-and-vegetables": 2, "containers": 1])
    }
}
