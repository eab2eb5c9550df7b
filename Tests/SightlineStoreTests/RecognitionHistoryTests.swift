// RecognitionHistoryTests: saving Object Recognizer captures, listing them newest first
// without image bytes, paging, the latest one, images, deletes and grouping by category.
import Foundation
import SightlineStore
import XCTest

final class RecognitionHistoryTests: StoreTestCase {
    func testAddReturnsTheSavedCaptureWithAnID() throws {
        let store = try openStore()
        let capture = sampleCapture()
        let saved = try store.recognitionHistory.add(capture)
        XCTAssertNotNil(saved.id)
        var expected = capture
        expected.id = saved.id
        XCTAssertEqual(saved, expected)

        let summary = try XCTUnwrap(store.recognitionHistory.entry(id: saved.id!))
        XCTAssertEqual(summary, RecognitionCaptureSummary(
            id: saved.id!, createdAt: capture.createdAt, label: capture.label, classIndex: capture.classIndex,
            confidence: capture.confidence, categoryID: capture.categoryID, faceCount: nil))
        XCTAssertEqual(try store.recognitionHistory.image(id: saved.id!), capture.image)
        XCTAssertEqual(try store.recognitionHistory.thumbnail(id: saved.id!), capture.thumbnail)
    }

    func testListIsNewestFirstWithTiesByIDAndPages() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let older = try store.recognitionHistory.add(sampleCapture(label: "older", createdAt: base))
        let newest = try store.recognitionHistory.add(sampleCapture(label: "newest", createdAt: base + 60))
        let sameInstantFirst = try store.recognitionHistory.add(sampleCapture(label: "same 1", createdAt: base + 30))
        let sameInstantSecond = try store.recognitionHistory.add(sampleCapture(label: "same 2", createdAt: base + 30))

        XCTAssertEqual(try store.recognitionHistory.list().map(\.label), ["newest", "same 2", "same 1", "older"])
        XCTAssertEqual(try store.recognitionHistory.list(limit: 2).map(\.id),
                       [newest.id!, sameInstantSecond.id!])
        XCTAssertEqual(try store.recognitionHistory.list(limit: 2, offset: 2).map(\.id),
                       [sameInstantFirst.id!, older.id!])
        XCTAssertEqual(try store.recognitionHistory.list(limit: 2, offset: 4), [])
        XCTAssertEqual(try store.recognitionHistory.latest()?.id, newest.id)
        XCTAssertEqual(try store.recognitionHistory.count(), 4)
    }

    func testFaceCountIsKeptIncludingZero() throws {
        let store = try openStore()
        var capture = sampleCapture()
        capture.faceCount = 0
        let withZero = try store.recognitionHistory.add(capture)
        capture.faceCount = 3
        let withThree = try store.recognitionHistory.add(capture)
        XCTAssertEqual(try store.recognitionHistory.entry(id: withZero.id!)?.faceCount, 0)
        XCTAssertEqual(try store.recognitionHistory.entry(id: withThree.id!)?.faceCount, 3)
    }

    func testGroupingByCategory() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        try store.recognitionHistory.add(sampleCapture(label: "tabby", categoryID: "cats", createdAt: base))
        try store.recognitionHistory.add(sampleCapture(label: "banana", categoryID: "food", createdAt: base + 1))
        try store.recognitionHistory.add(sampleCapture(label: "Persian cat", categoryID: "cats", createdAt: base + 2))

        XCTAssertEqual(try store.recognitionHistory.countsByCategory(), ["cats": 2, "food": 1])
        XCTAssertEqual(try store.recognitionHistory.list(categoryID: "cats").map(\.label), ["Persian cat", "tabby"])
        XCTAssertEqual(try store.recognitionHistory.list(categoryID: "vehicles"), [])
    }

    func testDeleteOneAndAll() throws {
        let store = try openStore()
        let first = try store.recognitionHistory.add(sampleCapture(seed: 1))
        let second = try store.recognitionHistory.add(sampleCapture(seed: 2))
        try store.recognitionHistory.add(sampleCapture(seed: 3))

        XCTAssertTrue(try store.recognitionHistory.delete(id: first.id!))
        XCTAssertFalse(try store.recognitionHistory.delete(id: first.id!))
        XCTAssertNil(try store.recognitionHistory.entry(id: first.id!))
        XCTAssertNil(try store.recognitionHistory.image(id: first.id!))
        XCTAssertNil(try store.recognitionHistory.thumbnail(id: first.id!))
        XCTAssertEqual(try store.recognitionHistory.image(id: second.id!), second.image)

        XCTAssertEqual(try store.recognitionHistory.deleteAll(), 2)
        XCTAssertEqual(try store.recognitionHistory.list(), [])
        XCTAssertNil(try store.recognitionHistory.latest())
        XCTAssertEqual(try store.recognitionHistory.countsByCategory(), [:])
    }

    func testIDsOfDeletedCapturesAreNotReused() throws {
        let store = try openStore()
        let first = try store.recognitionHistory.add(sampleCapture(seed: 1))
        try store.recognitionHistory.delete(id: first.id!)
        let second = try store.recognitionHistory.add(sampleCapture(seed: 2))
        XCTAssertGreaterThan(second.id!, first.id!)
    }

    func testInvalidCapturesAreRefusedAndNothingIsSaved() throws {
        let store = try openStore()
        var outOfRange = sampleCapture()
        outOfRange.confidence = 1.2
        var notANumber = sampleCapture()
        notANumber.confidence = .nan
        var emptyLabel = sampleCapture()
        emptyLabel.label = "  "
        var noImage = sampleCapture()
        noImage.image = Data()
        var negativeFaces = sampleCapture()
        negativeFaces.faceCount = -1
        for capture in [outOfRange, notANumber, emptyLabel, noImage, negativeFaces] {
            XCTAssertThrowsError(try store.recognitionHistory.add(capture)) { error in
                guard case .invalidValue? = error as? StoreError else { return XCTFail("unexpected error \(error)") }
            }
        }
        XCTAssertThrowsError(try store.recognitionHistory.list(limit: -1))
        XCTAssertThrowsError(try store.recognitionHistory.list(offset: -5))
        XCTAssertEqual(try store.recognitionHistory.count(), 0)
    }
}
