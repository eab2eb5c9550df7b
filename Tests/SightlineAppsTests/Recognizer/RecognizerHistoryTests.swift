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

    func testCapturesRoundTripNewestFirst() async throws {
        let categories = try ObjectCategories.bundled()
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let history = RecognizerHistory(store: try SQLiteStore(directory: directory), categories: categories)
        let value1 = try await history.latestThumbnail()
        XCTAssertNil(value1)

        let start = Date(timeIntervalSinceReferenceDate: 790_000_000)
        let banana = try await history.accept(capture("banana", confidence: 0.971, faces: nil, categories: categories,
                                                color: RGBColor(red: 250, green: 220, blue: 40)), at: start)
        let tabby = try await history.accept(capture("tabby cat", confidence: 0.5, faces: 0, categories: categories,
                                               color: RGBColor(red: 120, green: 90, blue: 60)), at: start + 60)
        let appleCapture = try capture("Granny Smith apple", confidence: 0.873, faces: 2, categories: categories,
                                       color: RGBColor(red: 90, green: 200, blue: 80))
        let apple = try await history.accept(appleCapture, at: start + 120)
        XCTAssertEqual(banana.label, "banana")
        XCTAssertEqual(banana.categoryID, "fruit-and-vegetables")
        XCTAssertEqual(banana.confidence, Double(Float(0.971)), accuracy: 1e-12)
        XCTAssertNil(banana.faceCount)
        XCTAssertEqual(tabby.faceCount, 0)
        XCTAssertEqual(apple.faceCount, 2)

        // Reopened from the file: newest first.
        let reopened = RecognizerHistory(store: try SQLiteStore(directory: directory), categories: categories)
        let value2 = try await reopened.allEntries().map(\.label)
        XCTAssertEqual(value2, ["Granny Smith apple", "tabby cat", "banana"])
        let value3 = try await reopened.entries(limit: 1, offset: 1).map(\.label)
        XCTAssertEqual(value3, ["tabby cat"])
        let value4 = try await reopened.entries(categoryID: "cats").map(\.id)
        XCTAssertEqual(value4, [tabby.id])
        let value5 = try await reopened.entry(id: apple.id)?.createdAt
        XCTAssertEqual(value5, start + 120)

        // The stored photo is the captioned JPEG; the history's thumbnail is the newest capture's.
        let value6 = try await reopened.image(id: apple.id)
        XCTAssertEqual(value6, try appleCapture.jpegData())
        XCTAssertNotEqual(appleCapture.annotatedImage, RGBImage(width: 400, height: 300, color: RGBColor(red: 90, green: 200, blue: 80)),
                          "the caption is drawn on the saved photo")
        let value7 = try await reopened.latestThumbnail()
        let latest = try XCTUnwrap(value7)
        let value8 = try await reopened.thumbnail(id: apple.id)
        XCTAssertEqual(latest, value8)
        let thumbnail = try ImageDecoder.decode(data: latest)
        XCTAssertEqual(thumbnail.size, ImageSize(width: 256, height: 192))
        let corner = thumbnail[4, thumbnail.height - 4]
        XCTAssertEqual(Double(corner.green), 200, accuracy: 8, "the apple capture's green, not another capture's colour")

        let value9 = try await reopened.delete(id: apple.id)
        XCTAssertTrue(value9)
        let value10 = try await reopened.delete(id: apple.id)
        XCTAssertFalse(value10)
        let value11 = try await reopened.image(id: apple.id)
        XCTAssertNil(value11)
        let value12 = try await reopened.latestThumbnail()
        let value13 = try await reopened.thumbnail(id: tabby.id)
        XCTAssertEqual(value12, value13)
        let value14 = try await reopened.clear()
        XCTAssertEqual(value14, 2)
        let value15 = try await reopened.allEntries()
        XCTAssertEqual(value15, [])
        let value16 = try await reopened.latestThumbnail()
        XCTAssertNil(value16)
    }

    func testGroupingFollowsTheCategoriesOrder() async throws {
        let categories = try ObjectCategories.bundled()
        let history = RecognizerHistory(store: try TestEnvironment.store(for: self), categories: categories)
        let start = Date(timeIntervalSinceReferenceDate: 790_000_000)
        let grey = RGBColor(red: 128, green: 128, blue: 128)
        for (offset, label) in ["banana", "golden retriever", "plastic bag", "Granny Smith apple", "tabby cat"].enumerated() {
            try await history.accept(capture(label, confidence: 0.9, faces: nil, categories: categories, color: grey),
                               at: start + Double(offset))
        }
        let groups = try await history.groupedByCategory()
        // dogs, cats, … fruit-and-vegetables, … containers: the data file's order.
        XCTAssertEqual(groups.map(\.category.id), ["dogs", "cats", "fruit-and-vegetables", "containers"])
        XCTAssertEqual(groups[2].captures.map(\.label), ["Granny Smith apple", "banana"])
        XCTAssertEqual(groups[2].category.name.text(in: .german), "Obst und Gemüse")
        let value1 = try await history.store.recognitionHistory.countsByCategory()
        XCTAssertEqual(value1,
                       ["dogs": 1, "cats": 1, "fruit-and-vegetables": 2, "containers": 1])
    }
}
